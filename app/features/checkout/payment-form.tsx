import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { LocalCardForm } from './local-card-form';

// Stripe's script and Payment Element load only when Stripe is configured (never in local mode).
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export type { PaymentFormProps, PaymentResult } from './payment-types';
import type { PaymentResult, PaymentFormProps } from './payment-types';

/** The card form of the configured provider, with the failure panel and toast both share. */
export function PaymentForm(props: PaymentFormProps) {
  const [failure, setFailure] = useState<string | null>(null);

  async function settle(result: PaymentResult) {
    if ('error' in result) {
      setFailure(result.error);
      toast({ title: 'Payment Failed', description: result.error, variant: 'destructive' });
      return;
    }
    setFailure(null);
    await props.onSucceeded(result.paymentIntentId);
  }

  const failed: ReactNode = failure ? (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Payment Failed</p>
      <p>{failure}</p>
    </div>
  ) : null;

  return props.config.mode === 'local' ? (
    <LocalCardForm {...props} onResult={settle} failure={failed} />
  ) : (
    <Suspense fallback={<Spinner label="Loading the payment form" />}>
      <StripePaymentForm
        {...props}
        publishableKey={props.config.publishableKey ?? ''}
        onResult={settle}
        failure={failed}
      />
    </Suspense>
  );
}
