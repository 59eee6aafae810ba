import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { PaymentModeBanner } from '../checkout/mode-banner';
import { dollars, isTestMode } from '../checkout/money';
import { PaymentForm } from '../checkout/payment-form';
import {
  paymentConfigQuery,
  reportPaymentSuccess,
  unlimitedIntentQuery,
  useRefreshAfterPayment,
} from '../checkout/queries';

const PAYMENT_TOAST_MS = 8000;
export const UNLIMITED_PRICE = findPlan('unlimited')?.price ?? 9.99;

/**
 * The payment for a signed-in user without unlimited access. The payment is recorded only when
 * the user asks to pay ('Continue to payment'), never by opening the page.
 */
export function UnlimitedPayment() {
  const refreshAfterPayment = useRefreshAfterPayment();
  const navigate = useNavigate();
  const config = useQuery(paymentConfigQuery);
  const [started, setStarted] = useState(false);
  const intent = useQuery({ ...unlimitedIntentQuery, enabled: started });
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
        description: `You will be charged ${dollars(UNLIMITED_PRICE)}. This is a real payment.`,
        duration: PAYMENT_TOAST_MS,
      });
    }
  }, [live, intent.data]);

  async function finish(paymentIntentId: string) {
    try {
      await reportPaymentSuccess(paymentIntentId);
      await refreshAfterPayment();
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
        <PaymentModeBanner config={config.data} amount={UNLIMITED_PRICE} />
        <Button className="w-full" onClick={() => setStarted(true)}>
          Continue to payment - {dollars(UNLIMITED_PRICE)}
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
      <PaymentModeBanner config={config.data} amount={UNLIMITED_PRICE} />
      <PaymentForm
        config={config.data}
        clientSecret={intent.data.clientSecret}
        submitLabel={`Pay ${dollars(UNLIMITED_PRICE)} - Unlimited Access`}
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
