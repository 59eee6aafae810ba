import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { CookiesPage } from '../features/site/cookies-page';

export const Route = createFileRoute('/cookies')({
  head: () => pageHead('Cookie Policy', 'Which cookies Social Resizer sets and why.'),
  component: CookiesPage,
});
