import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { findPlan } from '../../shared/plans';
import { pageHead } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { currentUserQuery, useCurrentUser } from '../features/auth/queries';
import {
  createUnlimitedAccess,
  dollars,
  isTestMode,
  paymentConfigQuery,
  reportPaymentSuccess,
} from '../features/checkout/api';
import { PaymentModeBanner } from '../features/checkout/mode-banner';
import { PaymentForm } from '../features/checkout/payment-form';
import { errorMessage } from '../lib/api';

export const Route = createFileRoute('/unlimited-access')({
  head: () =>
    pageHead('Unlimited Access', 'Unlimited downloads in every format for a one-time $9.99. No subscription.'),
  component: UnlimitedAccessPage,
});

const benefits = ['Unlimited image transformations', 'All social media formats', 'Batch processing', 'Lifetime access'];
const PAYMENT_TOAST_MS = 8000;
const price = findPlan('unlimited')?.price ?? 9.99;

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
            {dollars(price)} <span className="text-sm font-normal text-slate-500">one time</span>
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

/**
 * The payment for a signed-in user without unlimited access. The payment is recorded only when
 * the user asks to pay ('Continue to payment'), never by opening the page.
 */
function UnlimitedPayment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery(paymentConfigQuery);
  const [started, setStarted] = useState(false);
  const intent = useQuery({
    queryKey: ['unlimited-intent'],
    queryFn: createUnlimitedAccess,
    staleTime: Infinity,
    gcTime: 0,
    enabled: started,
  });
  const live = config.data !== undefined && !isTestMode(config.data);

  useEffect(() => {
    if (intent.error)
      toast({
        title: 'Error',
        description: 'Failed to initialize payment. Please try again later.',
        variant: 'destructive',
      });
  }, [intent.error]);
  useEffect(() => {
    if (live && intent.data) {
      toast({
        title: 'Live Payment Mode',
        description: `You will be charged ${dollars(price)}. This is a real payment.`,
        duration: PAYMENT_TOAST_MS,
      });
    }
  }, [live, intent.data]);

  async function finish(paymentIntentId: string) {
    try {
      await reportPaymentSuccess(paymentIntentId);
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({
        title: 'Payment Successful',
        description: 'You now have unlimited access!',
        variant: 'success',
        duration: PAYMENT_TOAST_MS,
      });
      await navigate({ to: '/account' });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'There was an error confirming your payment.'),
        variant: 'destructive',
      });
    }
  }

  if (config.isPending || (started && intent.isPending)) return <Spinner label="Preparing the payment" />;
  if (config.isError || intent.isError)
    return <p className="text-sm text-red-600">Failed to initialize payment. Please try again later.</p>;
  if (!intent.data)
    return (
      <div className="space-y-4">
        <PaymentModeBanner config={config.data} amount={price} />
        <Button className="w-full" onClick={() => setStarted(true)}>
          Continue to payment - {dollars(price)}
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <span
        className={
          live
            ? 'inline-block rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white'
            : 'inline-block rounded bg-sky-600 px-2 py-0.5 text-xs font-bold text-white'
        }
      >
        {live ? 'LIVE MODE' : 'TEST MODE'}
      </span>
      <PaymentModeBanner config={config.data} amount={price} />
      <PaymentForm
        config={config.data}
        clientSecret={intent.data.clientSecret}
        submitLabel={`Pay ${dollars(price)} - Unlimited Access`}
        processingLabel="Processing..."
        returnUrl={`${window.location.origin}/account`}
        onSucceeded={finish}
      />
      <p className="text-xs text-slate-500">
        By paying you agree to our{' '}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
