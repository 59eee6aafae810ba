import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { imageRequestQuery } from '../tool-kit/queries';
import { AlreadyYours } from './already-yours';
import { ErrorScreen } from './error-screen';
import { PaymentModeBanner } from './mode-banner';
import { dollars } from './money';
import { OrderSummary } from './order-summary';
import { PaidDialog } from './paid-dialog';
import { PaymentForm } from './payment-form';
import { plansQuery } from '../plans/queries';
import { paymentConfigQuery, paymentIntentQuery } from './queries';
import { useFinishPayment } from './use-finish-payment';

const route = getRouteApi('/checkout/$imageRequestId');

/** One image's checkout: the plan from the address, the card form, then the download. */
export function CheckoutPage() {
  const { imageRequestId } = route.useParams();
  const search = route.useSearch();
  const { finish, paid, setPaid } = useFinishPayment(imageRequestId, search);

  // The request says whether the image is the buyer's already (then nothing is sold) and dresses
  // the summary; a failure is logged and the payment decides (its own error says why).
  const request = useQuery(imageRequestQuery(imageRequestId));
  useEffect(() => {
    if (request.error) console.warn('checkout: the image request could not be loaded', request.error);
  }, [request.error]);

  const plans = useQuery(plansQuery);
  const config = useQuery(paymentConfigQuery);
  const plan = plans.data?.find((p) => p.id === search.plan) ?? plans.data?.[0];
  const canPay =
    config.data !== undefined &&
    (config.data.mode === 'local' ? config.data.available : Boolean(config.data.publishableKey));
  const intent = useQuery({
    ...paymentIntentQuery(imageRequestId, plan?.id ?? ''),
    enabled: plan !== undefined && canPay && !request.isPending && !request.data?.acquired,
  });
  useEffect(() => {
    if (intent.error)
      toast({
        title: 'Error',
        description: errorMessage(intent.error, 'Failed to create payment intent'),
        variant: 'destructive',
      });
  }, [intent.error]);

  if (request.isPending) return <PageSpinner label="Preparing your checkout" />;
  // Nothing to sell: the download instead (under the dialog when it was paid for just now).
  if (request.data?.acquired)
    return (
      <>
        <AlreadyYours request={request.data} unlimited={request.data.hasUnlimitedAccess} />
        <PaidDialog imageRequestId={imageRequestId} open={paid} onOpenChange={setPaid} />
      </>
    );
  if (config.isPending || plans.isPending) return <PageSpinner label="Preparing your checkout" />;
  if (config.isError || plans.isError)
    return (
      <ErrorScreen
        title="Payment Error"
        message={errorMessage(config.error ?? plans.error, 'Failed to create payment intent')}
      />
    );
  if (config.data.mode === 'stripe' && !config.data.publishableKey)
    return (
      <ErrorScreen
        title="Configuration Error"
        message="Payments are not configured on this server (the public payment key is missing)."
      />
    );
  if (config.data.mode === 'local' && !config.data.available)
    return (
      <ErrorScreen title="Payment Error" message="Payments are not available right now. Please try again later." />
    );
  if (!plan) return <ErrorScreen title="Payment Error" message="No plan is available." />;
  if (intent.isError) {
    // Unlimited Access is bought signed in, so it follows the account; the auth page brings the buyer back to it.
    const signIn =
      intent.error instanceof ApiRequestError && intent.error.status === 401 ? (
        <Button asChild>
          <Link to="/auth" search={{ redirect: 'unlimited-access' }}>
            Sign In
          </Link>
        </Button>
      ) : undefined;
    return (
      <ErrorScreen
        title="Payment Error"
        message={errorMessage(intent.error, 'Failed to create payment intent')}
        action={signIn}
      />
    );
  }
  if (intent.isPending) return <PageSpinner label="Preparing your checkout" />;
  if (!intent.data.clientSecret)
    return <ErrorScreen title="Payment Setup Error" message="Please try again later or contact support." />;

  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/" search={{ request: imageRequestId }} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to editor
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Secure Checkout</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <OrderSummary summary={request.data} plan={plan} />
        <Card>
          <CardHeader>
            <CardTitle>Payment</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <PaymentModeBanner config={config.data} amount={plan.price} />
            <PaymentForm
              config={config.data}
              clientSecret={intent.data.clientSecret}
              submitLabel={`Pay ${dollars(plan.price)}`}
              processingLabel="Processing your payment..."
              returnUrl={`${window.location.origin}/checkout/${imageRequestId}?plan=${plan.id}&success=true`}
              onSucceeded={finish}
            />
          </CardContent>
        </Card>
      </div>
      <PaidDialog imageRequestId={imageRequestId} open={paid} onOpenChange={setPaid} />
    </main>
  );
}
