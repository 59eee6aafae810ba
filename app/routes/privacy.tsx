import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/privacy')({
  head: () => pageHead('Privacy Policy', 'How Social Resizer handles your pictures and your data.'),
  component: () => (
    <Page title="Privacy Policy" lastUpdated="April 15, 2025">
      <p>Images you upload, and the versions we make of them, are deleted automatically after 7 days. You can delete your account from Account Settings; deleting it removes your images and ends unlimited access. Payments are handled by Stripe: we never see or store your card number. The service is not for children under 13.</p>
    </Page>
  ),
});
