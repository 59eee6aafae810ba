import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { AccountSettings } from './account-settings';
import { PurchaseList } from './purchase-list';
import { ReceiptList } from './receipt-list';
import { ProtectedRoute } from '../auth/protected-route';

/** The account: who it is, what it paid (receipts), the images it got, and its settings. */
export function AccountPage() {
  return (
    <ProtectedRoute>
      {(user) => (
        <main className="mx-auto grid max-w-3xl gap-8 px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your account</h1>
          <Card>
            <CardHeader>
              <CardTitle>Account Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-slate-500">Username</dt>
                <dd>{user.username}</dd>
                <dt className="font-medium text-slate-500">Email</dt>
                <dd>{user.email}</dd>
                <dt className="font-medium text-slate-500">Name</dt>
                <dd>{user.name || 'Not provided'}</dd>
                <dt className="font-medium text-slate-500">Access level</dt>
                <dd>{user.hasUnlimitedAccess ? 'Unlimited Access' : 'Free Access'}</dd>
              </dl>
              {!user.hasUnlimitedAccess ? (
                <Button asChild className="mt-6">
                  <Link to="/unlimited-access">Upgrade to Unlimited</Link>
                </Button>
              ) : (
                <Button asChild className="mt-6">
                  <Link to="/batch">Batch: many photos at once</Link>
                </Button>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Payments</CardTitle>
            </CardHeader>
            <CardContent>
              <ReceiptList userId={user.id} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Your images</CardTitle>
            </CardHeader>
            <CardContent>
              <PurchaseList userId={user.id} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Account Settings</CardTitle>
            </CardHeader>
            <CardContent>
              <AccountSettings />
            </CardContent>
          </Card>
        </main>
      )}
    </ProtectedRoute>
  );
}
