/** How the checkout shows money, and whether a payment moves any. */
import type { PaymentConfig } from '../../../shared/schemas';

/** '$1.99' */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Stripe keys say whether money moves: pk_test_… (and the local mode) is test, anything else live. */
export function isTestMode(config: PaymentConfig): boolean {
  return config.mode === 'local' || (config.publishableKey?.startsWith('pk_test_') ?? false);
}

/** A payment's amount in minor units and its currency, as a receipt shows it: '$9.99 USD'. */
export function receiptAmount(amountCents: number, currency: string): string {
  const code = currency.toUpperCase();
  return `${new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amountCents / 100)} ${code}`;
}
