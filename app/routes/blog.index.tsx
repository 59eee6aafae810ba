import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/blog/')({
  head: () => pageHead('Blog', 'Guides and tips for sizing images for every social platform.'),
  component: () => (
    <Page title="Blog" intro="Guides, tutorials and news about image sizes for social and store platforms." />
  ),
});
