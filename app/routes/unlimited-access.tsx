import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { UnlimitedAccessPage } from '../features/unlimited/unlimited-page';

export const Route = createFileRoute('/unlimited-access')({
  head: () =>
    pageHead('Unlimited Access', 'Unlimited downloads in every format for a one-time $9.99. No subscription.'),
  component: UnlimitedAccessPage,
});
