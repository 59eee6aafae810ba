import type { PaymentConfig } from '../../../shared/schemas';
import { dollars, isTestMode } from './money';

/**
 * Says whether money moves. Local mode: no provider at all. Stripe test keys: the test cards.
 * Live keys: a warning with the amount that will be charged.
 */
export function PaymentModeBanner({ config, amount }: { config: PaymentConfig; amount: number }) {
  if (!isTestMode(config)) {
    return (
      <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">Live payment</p>
        <p>Your card will be charged USD {amount.toFixed(2)}. This is a real payment.</p>
      </div>
    );
  }
  return (
    <div role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
      <p className="font-semibold">
        {config.mode === 'local' ? 'Local test mode: no real payment is made' : 'Test mode: no real payment is made'}
      </p>
      {config.mode === 'local' ? (
        <p>
          No Stripe keys are configured on this server, so its built-in test provider takes the payment (
          {dollars(amount)}).
        </p>
      ) : null}
      <ul className="mt-1 list-disc pl-5">
        <li>Success: 4242 4242 4242 4242</li>
        <li>Decline: 4000 0000 0000 0002</li>
        <li>Any future expiry date and any 3-digit CVC</li>
      </ul>
    </div>
  );
}
