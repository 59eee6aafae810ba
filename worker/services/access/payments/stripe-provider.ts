import Stripe from 'stripe';
import { ApiError, NOT_SET_UP_RETRY_AFTER } from '../../../lib/errors';
import { log } from '@social-resizer/engine/log';
import type { Intent, PaymentProvider } from './types';

/** The API version the product was built against (docs/product.md, "Payments"); later ones use the same fields. */
const API_VERSION = '2025-03-31.basil';

/** The SDK on Workers: fetch for HTTP, SubtleCrypto for webhook signatures. Host, port and protocol only change in tests. */
export function stripeClient(env: Env): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(env.STRIPE_SECRET_KEY, {
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: Number(env.STRIPE_API_PORT) } : {}),
    ...(env.STRIPE_API_PROTOCOL === 'http' ? { protocol: 'http' as const } : {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): Intent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    metadata: intent.metadata,
  };
}

/** Stripe failing on its side (or unreachable) is a 502 with a message a person can act on. */
function providerFailure(error: unknown): never {
  const detail = error instanceof Error ? error.message : String(error);
  throw new ApiError(502, `The payment provider could not be reached (${detail}). Please try again.`);
}

export function stripeProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env);
  return {
    mode: 'stripe',
    async createIntent({ amountCents, currency, metadata, description }) {
      try {
        const intent = await stripe.paymentIntents.create({
          amount: amountCents,
          currency,
          metadata,
          description,
          automatic_payment_methods: { enabled: true },
        });
        return toIntent(intent);
      } catch (error) {
        providerFailure(error);
      }
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        providerFailure(error);
      }
    },
  };
}

/** The event if the signature over the raw body is Stripe's, else 400. */
export async function verifyWebhook(env: Env, rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    log('error', 'Stripe webhook refused: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set');
    throw new ApiError(503, 'Stripe webhooks are not configured', NOT_SET_UP_RETRY_AFTER);
  }
  if (!signature) throw new ApiError(400, 'Missing Stripe-Signature header');
  try {
    return await stripeClient(env).webhooks.constructEventAsync(
      rawBody,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    throw new ApiError(400, 'Invalid Stripe signature');
  }
}
