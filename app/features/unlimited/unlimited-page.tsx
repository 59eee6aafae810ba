import { Link } from '@tanstack/react-router';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../auth/queries';
import { dollars } from '../checkout/money';
import { UNLIMITED_PRICE, UnlimitedPayment } from './unlimited-payment';

/** What it gives, in the plan's one wording (shared/plans.ts). */
const plan = findPlan('unlimited')!;

/**
 * Unlimited Access: what it gives, and the payment for a signed-in user without it. What it gives is
 * the same for everyone, so it is drawn ahead (docs/decisions/0015-first-paint.md); the action waits
 * for the session.
 */
export function UnlimitedAccessPage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Unlimited Access
          </CardTitle>
          <p className="text-3xl font-bold">
            {dollars(UNLIMITED_PRICE)} <span className="text-sm font-normal text-slate-500">one time</span>
          </p>
        </CardHeader>
        <CardContent className="space-y-6">
          <p className="text-sm text-slate-600">{plan.description}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {plan.features.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          {isPending ? (
            // Who is asking is not known yet (and never in the page drawn ahead): the offer, without its action.
            <Spinner label="Checking your account" />
          ) : !user ? (
            <Button asChild>
              <Link to="/auth" search={{ redirect: 'unlimited-access' }}>
                Sign in to purchase
              </Link>
            </Button>
          ) : user.hasUnlimitedAccess ? (
            <div className="space-y-3">
              <p className="font-medium text-emerald-700">You already have unlimited access!</p>
              <Button asChild variant="outline">
                <Link to="/batch">Batch: many photos at once</Link>
              </Button>
            </div>
          ) : (
            <UnlimitedPayment />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
