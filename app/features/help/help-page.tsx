import { Link } from '@tanstack/react-router';
import { PLATFORM_FORMATS } from '../../../shared/formats';
import { PLATFORMS } from '../../../shared/platforms';
import { Page } from '../../components/layout/page';
import { HelpCenter } from './help-center';

export function HelpPage() {
  return (
    <Page
      title="Help Center"
      intro={`Answers about ${PLATFORM_FORMATS.length} formats across ${PLATFORMS.length} platforms, downloads, payments and your account.`}
    >
      <p>
        Every size of every platform, with its file rules and sources, is in the{' '}
        <Link to="/formats" className="font-medium text-brand-700 hover:underline">
          image sizes guide
        </Link>
        .
      </p>
      <HelpCenter />
    </Page>
  );
}
