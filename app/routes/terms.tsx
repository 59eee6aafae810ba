import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/terms')({
  head: () => pageHead('Terms of Service', 'The terms for using Social Resizer.'),
  component: () => (
    <Page title="Terms of Service" lastUpdated="April 15, 2025">
      <p>You must be at least 13 years old to use Social Resizer. Fees are one-time and non-refundable except where the law requires a refund. Our liability is limited to the greater of $100 or the amounts you paid us in the past 12 months. Uploaded images are deleted after 7 days.</p>
    </Page>
  ),
});
