import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { TermsPage } from '../features/site/terms-page';

export const Route = createFileRoute('/terms')({
  head: () => pageHead('Terms of Service', 'The terms for using Social Resizer.'),
  component: TermsPage,
});
