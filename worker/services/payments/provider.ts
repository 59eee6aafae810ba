/**
 * The payment provider behind the checkout: Stripe when a secret key is configured, otherwise the
 * built-in local test provider (a fresh machine has no keys and no network). Both answer the same
 * PaymentIntent fields, so everything above them (recording, checking, granting) is one code path.
 */
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/log';
import { localProvider } from './local-provider';
import { stripeProvider } from './stripe-provider';

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
  createIntent(input: { amountCents: number; currency: string; metadata: Record<string, string>; description: string }): Promise<Intent>;
  /** The intent as the provider holds it now, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<Intent | null>;
}

export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';

export function paymentMode(env: Env): PaymentMode {
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/** Stripe with keys; the local provider without, except in production, where it refuses (503). */
export function paymentProvider(env: Env, db: Db): PaymentProvider {
  if (paymentMode(env) === 'stripe') return stripeProvider(env);
  if (env.ENVIRONMENT === 'production') {
    log('error', 'payments refused: no STRIPE_SECRET_KEY in production, and the local test provider never runs there', {});
    throw new ApiError(503, PAYMENTS_UNAVAILABLE);
  }
  return localProvider(db);
}
