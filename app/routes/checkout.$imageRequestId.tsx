import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { platformName, titleCase } from '../../shared/platforms';
import { pageHead } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Dialog } from '../components/ui/dialog';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { currentUserQuery } from '../features/auth/queries';
import { confirmPayment, createPaymentIntent, dollars, paymentConfigQuery, plansQuery } from '../features/checkout/api';
import { ErrorScreen } from '../features/checkout/error-screen';
import { PaymentModeBanner } from '../features/checkout/mode-banner';
import { PaymentForm } from '../features/checkout/payment-form';
import { imageRequestQuery, processImage, rateLimitsQuery } from '../features/single-image/api';
import { ApiRequestError, errorMessage } from '../lib/api';
import { downloadFile, toastDownloadFailed } from '../lib/download-file';

export const Route = createFileRoute('/checkout/$imageRequestId')({
  validateSearch: z.object({
    plan: z.string().optional().catch(undefined),
    // The router reads `success=true` as a boolean; a string is accepted too.
    success: z
      .union([z.boolean(), z.string()])
      .transform((v) => String(v) === 'true')
      .optional()
      .catch(undefined),
    // Stripe adds these when a payment needed a redirect (3-D Secure) and comes back here.
    payment_intent: z.string().optional().catch(undefined),
  }),
  head: () => pageHead('Secure Checkout', 'Pay once for your image and download it straight away.'),
  component: CheckoutPage,
});

const BENEFITS = ['Optimized for social media', 'High-quality processing', 'Instant download after payment'];

function CheckoutPage() {
  const { imageRequestId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);

  // The request's details only dress the summary: a failure is logged, the payment still works.
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
    queryKey: ['payment-intent', imageRequestId, plan?.id],
    queryFn: () => createPaymentIntent(imageRequestId, plan?.id ?? ''),
    enabled: plan !== undefined && canPay,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (intent.error)
      toast({
        title: 'Error',
        description: errorMessage(intent.error, 'Failed to create payment intent'),
        variant: 'destructive',
      });
  }, [intent.error]);

  /** After the provider says succeeded: the server confirms and grants, then the image is processed. */
  async function finish(paymentIntentId: string) {
    try {
      await confirmPayment(paymentIntentId, imageRequestId);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'There was an error confirming your payment.'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await processImage(imageRequestId);
    } catch (error) {
      console.error('processing after payment failed', error);
      toast({ title: 'Error', description: 'Failed to process the image after payment', variant: 'destructive' });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: imageRequestQuery(imageRequestId).queryKey }),
    ]);
    setPaid(true);
  }
  const finishing = useMutation({ mutationFn: finish });
  const finishPayment = finishing.mutate;

  // Back from a redirect: the flag leaves the address, the toast shows, and the payment is confirmed.
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!search.success || handledReturn.current) return;
    handledReturn.current = true;
    void navigate({ to: '.', search: { plan: search.plan }, replace: true });
    toast({ title: 'Payment Successful', description: 'Your payment was received.', variant: 'success' });
    if (search.payment_intent) finishPayment(search.payment_intent);
  }, [search.success, search.plan, search.payment_intent, navigate, finishPayment]);

  if (config.isPending || plans.isPending) return <Loading />;
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
  if (intent.isPending) return <Loading />;
  if (!intent.data.clientSecret)
    return <ErrorScreen title="Payment Setup Error" message="Please try again later or contact support." />;

  const summary = request.data;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/" search={{ request: imageRequestId }} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to editor
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Secure Checkout</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {summary ? (
              <div className="flex gap-4">
                <img
                  src={summary.previewPath ?? summary.originalPath}
                  alt="Your image"
                  className="h-20 w-20 rounded-md bg-slate-100 object-contain"
                />
                <div className="space-y-1 text-sm">
                  <p className="font-semibold text-slate-900">
                    {platformName(summary.platform)} {titleCase(summary.format)}
                  </p>
                  <p className="text-slate-600">
                    {summary.width} × {summary.height} pixels
                  </p>
                  <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    One-time purchase
                  </span>
                </div>
              </div>
            ) : null}
            <div className="border-t border-slate-200 pt-4 text-sm">
              <p className="font-medium text-slate-900">{plan.name}</p>
              <p className="text-slate-600">{plan.description}</p>
            </div>
            <div className="flex items-center justify-between border-t border-slate-200 pt-4 text-lg font-semibold">
              <span>Total</span>
              <span>{dollars(plan.price)}</span>
            </div>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {BENEFITS.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
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
      <Dialog
        open={paid}
        onOpenChange={setPaid}
        title="Payment Successful!"
        description="Thank you. Your image is ready to download."
      >
        <div className="grid gap-3">
          <Button onClick={() => void downloadFile(`/api/download/${imageRequestId}`).catch(toastDownloadFailed)}>
            Download Your Image
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Start Over with a New Image</Link>
          </Button>
        </div>
      </Dialog>
    </main>
  );
}

function Loading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Preparing your checkout" />
    </div>
  );
}
