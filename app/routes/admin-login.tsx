import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';

export const Route = createFileRoute('/admin-login')({
  head: () => pageHead('Administrator login', 'Sign in to the Social Resizer admin area.'),
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Administrator Login</CardTitle>
          <CardDescription>The admin area is for the Social Resizer team.</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
