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
