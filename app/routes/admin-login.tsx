import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { AdminLoginPage } from '../features/admin/admin-login-page';

export const Route = createFileRoute('/admin-login')({
  head: () => pageHead('Administrator login', 'Sign in to the Social Resizer admin area.'),
  component: AdminLoginPage,
});
