import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError, apiRequest } from '../../lib/api';
import { paymentErrorMessage, type PaymentFormProps, type PaymentResult } from './payment-types';

type Props = PaymentFormProps & { onResult: (result: PaymentResult) => Promise<void>; failure: ReactNode };

/** 4242424242424242 → '4242 4242 4242 4242' as it is typed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The local test mode's card form (no Stripe keys on this machine): the server's test provider
 * confirms the intent with Stripe's test cards and answers Stripe's wording.
 */
export function LocalCardForm({ clientSecret, submitLabel, processingLabel, onResult, failure }: Props) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProcessing(true);
    try {
      const res = await apiRequest('POST', '/api/local-payments/confirm', { clientSecret, ...card });
      const { paymentIntent } = (await res.json()) as { paymentIntent: { id: string; status: string } };
      await onResult(
        paymentIntent.status === 'succeeded'
          ? { paymentIntentId: paymentIntent.id }
          : { error: 'There was a problem processing your payment' },
      );
    } catch (error) {
      let body: { type?: string; message?: string } | undefined;
      if (error instanceof ApiRequestError) {
        try {
          body = JSON.parse(error.body) as { type?: string; message?: string };
        } catch {
          body = { message: error.message };
        }
      }
      await onResult({
        error: paymentErrorMessage(body ?? { message: error instanceof Error ? error.message : undefined }),
      });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment" className="grid gap-4">
      <Field label="Card number">
        {(props) => (
          <input
            {...props}
            className={inputClass}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: groupDigits(e.target.value) })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)">
          {(props) => (
            <input
              {...props}
              className={inputClass}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12 / 34"
              value={card.expiry}
              onChange={(e) => setCard({ ...card, expiry: e.target.value })}
            />
          )}
        </Field>
        <Field label="CVC">
          {(props) => (
            <input
              {...props}
              className={inputClass}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={card.cvc}
              onChange={(e) => setCard({ ...card, cvc: e.target.value })}
            />
          )}
        </Field>
      </div>
      {failure}
      <Button type="submit" size="lg" disabled={processing}>
        {processing ? processingLabel : submitLabel}
      </Button>
    </form>
  );
}
