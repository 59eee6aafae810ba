import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/cookies')({
  head: () => pageHead('Cookie Policy', 'Which cookies Social Resizer sets and why.'),
  component: () => (
    <Page title="Cookie Policy" lastUpdated="April 15, 2025">
      <p>We set only the cookies the service needs: one that keeps you signed in, and one that lets an anonymous visitor keep their uploads and purchases until they create an account. Stripe sets its own cookies on the checkout page to prevent fraud. We use no advertising or tracking cookies.</p>
    </Page>
  ),
});
