import { createFileRoute } from '@tanstack/react-router';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { PLATFORMS } from '../../shared/platforms';
import { Page, pageHead } from '../components/layout/page';
import { HelpCenter } from '../features/help/help-center';

export const Route = createFileRoute('/help')({
  head: () => pageHead('Help Center', 'Answers about formats, sizes, downloads, payments and your account.'),
  component: () => (
    <Page
      title="Help Center"
      intro={`Answers about ${PLATFORM_FORMATS.length} formats across ${PLATFORMS.length} platforms, downloads, payments and your account.`}
    >
      <HelpCenter />
    </Page>
  ),
});
