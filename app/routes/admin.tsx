import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';

/** The browser-side flag only routes; every admin API call is checked by the server. */
export const ADMIN_FLAG = 'adminAuthenticated';

export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (sessionStorage.getItem(ADMIN_FLAG) !== 'true') throw redirect({ to: '/admin-login' });
  },
  head: () => pageHead('Admin', 'Social Resizer administration.'),
  component: AdminPage,
});

function AdminPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
    </main>
  );
}
