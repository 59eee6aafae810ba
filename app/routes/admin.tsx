import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { pageHead } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { toast } from '../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { ADMIN_FLAG, adminLogout } from '../features/admin/api';
import { adminMessagesQuery, adminPaymentsQuery, adminUsersQuery } from '../features/admin/queries';

/** The browser-side flag only routes; every admin API call is checked by the server. */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (sessionStorage.getItem(ADMIN_FLAG) !== 'true') throw redirect({ to: '/admin-login' });
  },
  head: () => pageHead('Admin', 'Social Resizer administration.'),
  component: AdminPage,
});

const cell = 'px-3 py-2 text-left align-top';

/** A scrollable table with its column headings. */
function Table({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function AdminPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const users = useQuery(adminUsersQuery);
  const payments = useQuery(adminPaymentsQuery);
  const messages = useQuery(adminMessagesQuery);

  // The flag is only a hint: when the server says the admin session is gone, log in again.
  const expired = [users.error, payments.error, messages.error].some(
    (e) => e instanceof ApiRequestError && e.status === 401,
  );
  useEffect(() => {
    if (!expired) return;
    sessionStorage.removeItem(ADMIN_FLAG);
    void navigate({ to: '/admin-login' });
  }, [expired, navigate]);

  async function logout() {
    try {
      await adminLogout();
    } finally {
      sessionStorage.removeItem(ADMIN_FLAG);
      for (const key of [adminUsersQuery.queryKey, adminPaymentsQuery.queryKey, adminMessagesQuery.queryKey])
        queryClient.removeQueries({ queryKey: key });
      toast({ title: 'Logged Out', description: 'You have been logged out of the admin area' });
      void navigate({ to: '/admin-login' });
    }
  }

  const list = users.data ?? [];
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
        <Button variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Total users</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="total-users">
            {list.length}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Premium users</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="premium-users">
            {list.filter((u) => u.hasUnlimitedAccess).length}
          </dd>
        </div>
      </dl>

      <Tabs defaultValue="users" className="mt-8">
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="messages">Contact messages</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          {users.isError ? (
            <p className="text-red-700">Error loading users: {errorMessage(users.error, 'unknown error')}</p>
          ) : users.isPending ? (
            <p className="text-slate-600">Loading users...</p>
          ) : list.length === 0 ? (
            <p className="text-slate-600">No users found</p>
          ) : (
            <Table columns={['ID', 'Username', 'Email', 'Name', 'Status', 'Created']}>
              {list.map((u) => (
                <tr key={u.id}>
                  <td className={`${cell} font-mono text-xs text-slate-500`}>{u.id}</td>
                  <td className={cell}>{u.username}</td>
                  <td className={cell}>{u.email}</td>
                  <td className={cell}>{u.name || '-'}</td>
                  <td className={cell}>
                    <span
                      className={
                        u.hasUnlimitedAccess
                          ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
                          : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700'
                      }
                    >
                      {u.hasUnlimitedAccess ? 'Unlimited' : 'Free'}
                    </span>
                  </td>
                  <td className={cell}>{formatDateTime(u.createdAt)}</td>
                </tr>
              ))}
            </Table>
          )}
        </TabsContent>
        <TabsContent value="payments">
          {payments.isError ? (
            <p className="text-red-700">Error loading payments: {errorMessage(payments.error, 'unknown error')}</p>
          ) : (payments.data ?? []).length === 0 ? (
            <p className="text-slate-600">{payments.isPending ? 'Loading payments...' : 'No payments yet'}</p>
          ) : (
            <Table columns={['Date', 'Plan', 'Amount', 'Status', 'User']}>
              {(payments.data ?? []).map((p) => (
                <tr key={p.id}>
                  <td className={cell}>{formatDateTime(p.createdAt)}</td>
                  <td className={cell}>{p.planId === 'unlimited' ? 'Unlimited Access' : 'Single Download'}</td>
                  <td className={cell}>
                    {(p.amountCents / 100).toFixed(2)} {p.currency.toUpperCase()}
                  </td>
                  <td className={cell}>{p.status}</td>
                  <td className={cell}>{p.username ?? 'anonymous'}</td>
                </tr>
              ))}
            </Table>
          )}
        </TabsContent>
        <TabsContent value="messages">
          {messages.isError ? (
            <p className="text-red-700">Error loading messages: {errorMessage(messages.error, 'unknown error')}</p>
          ) : (messages.data ?? []).length === 0 ? (
            <p className="text-slate-600">{messages.isPending ? 'Loading messages...' : 'No messages yet'}</p>
          ) : (
            <ul className="grid gap-3">
              {(messages.data ?? []).map((m) => (
                <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <p className="text-sm text-slate-600">
                    {formatDateTime(m.createdAt)} · {m.name} &lt;{m.email}&gt; · {m.subject}
                  </p>
                  <p className="mt-2 whitespace-pre-wrap text-slate-900">{m.message}</p>
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </main>
  );
}
