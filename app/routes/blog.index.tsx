import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { BlogPage } from '../features/blog/blog-page';

export const Route = createFileRoute('/blog/')({
  head: () => pageHead('Blog', 'Guides and tips for sizing images for every social platform.'),
  component: BlogPage,
});
