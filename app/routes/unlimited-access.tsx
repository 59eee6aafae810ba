import { createFileRoute, Link } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/queries';

export const Route = createFileRoute('/unlimited-access')({
  head: () => pageHead('Unlimited Access', 'Unlimited downloads in every format for a one-time $9.99. No subscription.'),
  component: UnlimitedAccessPage,
});

const benefits = ['Unlimited image transformations', 'All social media formats', 'Batch processing', 'Lifetime access'];

function UnlimitedAccessPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Unlimited Access</CardTitle>
          <p className="text-3xl font-bold">
            $9.99 <span className="text-sm font-normal text-slate-500">one time</span>
          </p>
        </CardHeader>
        <CardContent className="space-y-6">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          {!user ? (
            <Button asChild>
              <Link to="/auth" search={{ redirect: 'unlimited-access' }}>
                Sign in to purchase
              </Link>
            </Button>
          ) : user.hasUnlimitedAccess ? (
            <p className="font-medium text-emerald-700">You already have unlimited access!</p>
          ) : (
            <p className="text-sm text-slate-600">Checkout for unlimited access opens here.</p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
