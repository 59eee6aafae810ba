/** What both card forms (Stripe's and the local test mode's) take and answer. */
import type { PaymentConfig } from '../../../shared/schemas';

export type PaymentResult = { paymentIntentId: string } | { error: string };

export type PaymentFormProps = {
  config: PaymentConfig;
  clientSecret: string;
  /** The button's text when idle ('Pay $1.99', 'Pay $9.99 - Unlimited Access'). */
  submitLabel: string;
  /** Text while the payment is made. */
  processingLabel: string;
  /** Where Stripe returns after a payment that needed a redirect (3-D Secure). */
  returnUrl: string;
  /** Called once the provider says the payment succeeded. */
  onSucceeded: (paymentIntentId: string) => Promise<void>;
};

/** How a refused payment is worded (docs/product.md, "Payments"). */
export function paymentErrorMessage(error: { type?: string; message?: string } | undefined): string {
  if (!error) return 'An unknown error occurred';
  if (error.type === 'card_error' && error.message) return `Card error: ${error.message}`;
  return error.message || 'There was a problem processing your payment';
}
