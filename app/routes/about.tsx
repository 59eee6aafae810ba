import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { AboutPage } from '../features/site/about-page';

export const Route = createFileRoute('/about')({
  head: () => pageHead('About Us', 'Why we built Social Resizer: exact platform sizes from one upload.'),
  component: AboutPage,
});
