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
      <HelpCenter />
    </Page>
  );
}
