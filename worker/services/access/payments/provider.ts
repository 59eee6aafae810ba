/**
 * The payment provider behind the checkout: Stripe when a secret key is configured, otherwise the
 * built-in local test provider (a fresh machine has no keys and no network). Both answer the same
 * PaymentIntent fields, so everything above them (recording, checking, granting) is one code path.
 */
import type { Db } from '../../../db/client';
import { ApiError, NOT_SET_UP_RETRY_AFTER } from '../../../lib/errors';
import { log } from '@social-resizer/engine/log';
import { localProvider } from './local-provider';
import { stripeProvider } from './stripe-provider';

export type { Intent, IntentStatus, PaymentMode, PaymentProvider } from './types';
import type { PaymentMode, PaymentProvider } from './types';

export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';

export function paymentMode(env: Env): PaymentMode {
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/** Stripe with keys; the local provider without, except in production, where it refuses (503). */
export function paymentProvider(env: Env, db: Db): PaymentProvider {
  if (paymentMode(env) === 'stripe') return stripeProvider(env);
  if (env.ENVIRONMENT === 'production') {
    log(
      'error',
      'payments refused: no STRIPE_SECRET_KEY in production, and the local test provider never runs there',
      {},
    );
    throw new ApiError(503, PAYMENTS_UNAVAILABLE, NOT_SET_UP_RETRY_AFTER);
  }
  return localProvider(db);
}
