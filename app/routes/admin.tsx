import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { AdminPage } from '../features/admin/admin-page';
import { ADMIN_FLAG } from '../features/admin/queries';

/** The browser-side flag only routes; every admin API call is checked by the server. */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (sessionStorage.getItem(ADMIN_FLAG) !== 'true') throw redirect({ to: '/admin-login' });
  },
  head: () => pageHead('Admin', 'Social Resizer administration.'),
  component: AdminPage,
});
