import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({
  head: () => pageHead('Forgot password', 'Get a link to choose a new password for your Social Resizer account.'),
  component: ForgotPasswordPage,
});
