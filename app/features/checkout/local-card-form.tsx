import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api';
import { confirmLocalCard } from './queries';
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
 * '1234' or '12/34' → '12 / 34' as it is typed, as card forms show an expiry; a month typed as one
 * digit ('4', '1/') gets its 0. The server takes the digits alone too (local-provider.ts).
 */
function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (/^[2-9]/.test(digits) || /^\s*1\s*\//.test(value)) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
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
      const paymentIntent = await confirmLocalCard({ clientSecret, ...card });
      await onResult(
        paymentIntent.status === 'succeeded'
          ? { paymentIntentId: paymentIntent.id }
          : { error: 'There was a problem processing your payment' },
      );
    } catch (error) {
      // A refused card answers Stripe's { message, type } (402).
      const body = error instanceof ApiRequestError ? error.errorBody : undefined;
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
              onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
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
