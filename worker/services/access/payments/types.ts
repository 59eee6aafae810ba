/** What every payment provider answers: the fields of a PaymentIntent the server relies on. */

/** Stripe's statuses ('requires_payment_method', 'processing', 'succeeded', ...); only 'succeeded' pays. */
export type IntentStatus = string;

/** The fields of a PaymentIntent the server relies on. */
export type Intent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  amountReceived: number;
  currency: string;
  metadata: Record<string, string>;
};

export type PaymentMode = 'stripe' | 'local';

export interface PaymentProvider {
  readonly mode: PaymentMode;
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    description: string;
  }): Promise<Intent>;
  /** The intent as the provider holds it now, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<Intent | null>;
}
