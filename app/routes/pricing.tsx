import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { PricingPage } from '../features/pricing/pricing-page';

export const Route = createFileRoute('/pricing')({
  head: () =>
    pageHead(
      'Pricing',
      'Free for one image a day, five with a free account, $1.99 for one more image, or unlimited for a one-time $9.99.',
    ),
  component: PricingPage,
});
