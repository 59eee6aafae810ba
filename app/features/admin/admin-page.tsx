import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { MessageList, PaymentList, UserList } from './admin-lists';
import { ADMIN_FLAG, adminMessagesQuery, adminPaymentsQuery, adminUsersQuery, useAdminLogout } from './queries';

/** The dashboard: users, payments and contact messages, refreshed every minute. */
export function AdminPage() {
  const navigate = useNavigate();
  const users = useQuery(adminUsersQuery);
  const payments = useQuery(adminPaymentsQuery);
  const messages = useQuery(adminMessagesQuery);
  const logout = useAdminLogout();

  // The flag is only a hint: when the server says the admin session is gone, log in again.
  const expired = [users.error, payments.error, messages.error].some(
    (e) => e instanceof ApiRequestError && e.status === 401,
  );
  useEffect(() => {
    if (!expired) return;
    sessionStorage.removeItem(ADMIN_FLAG);
    void navigate({ to: '/admin-login' });
  }, [expired, navigate]);

  function logOut() {
    logout.mutate(undefined, {
      onSettled: () => {
        toast({ title: 'Logged Out', description: 'You have been logged out of the admin area' });
        void navigate({ to: '/admin-login' });
      },
    });
  }

  const list = users.data ?? [];
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
        <Button variant="outline" onClick={logOut}>
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
          <UserList users={users} />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentList payments={payments} />
        </TabsContent>
        <TabsContent value="messages">
          <MessageList messages={messages} />
        </TabsContent>
      </Tabs>
    </main>
  );
}
