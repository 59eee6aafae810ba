import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { AccountPage } from '../features/account/account-page';

export const Route = createFileRoute('/account')({
  head: () => pageHead('Your account', 'Your account information and purchase history.'),
  component: AccountPage,
});
