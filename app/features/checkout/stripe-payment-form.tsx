import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { paymentErrorMessage, type PaymentFormProps, type PaymentResult } from './payment-types';

type Props = PaymentFormProps & {
  publishableKey: string;
  onResult: (result: PaymentResult) => Promise<void>;
  failure: ReactNode;
};

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

/** Stripe's Payment Element (keys configured): confirmed with no redirect unless the bank needs one. */
export default function StripePaymentForm(props: Props) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <Form {...props} />
    </Elements>
  );
}

function Form({ submitLabel, processingLabel, returnUrl, onResult, failure }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) await onResult({ error: paymentErrorMessage(error) });
      else if (paymentIntent?.status === 'succeeded') await onResult({ paymentIntentId: paymentIntent.id });
      else await onResult({ error: 'There was a problem processing your payment' });
    } catch (error) {
      await onResult({ error: error instanceof Error ? error.message : 'An unknown error occurred' });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment" className="grid gap-4">
      <PaymentElement
        onReady={() => setReady(true)}
        options={{ defaultValues: { billingDetails: { address: { country: 'US' } } } }}
      />
      {failure}
      <Button type="submit" size="lg" disabled={!stripe || !elements || !ready || processing}>
        {processing ? processingLabel : submitLabel}
      </Button>
    </form>
  );
}
