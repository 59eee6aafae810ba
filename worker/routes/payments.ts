import { Hono } from 'hono';
import { PLANS } from '../../shared/plans';
import {
  confirmPaymentSchema,
  createPaymentIntentSchema,
  localCardSchema,
  paymentSuccessSchema,
  type PaymentConfig,
} from '../../shared/schemas';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { confirmLocalIntent } from '../services/access/payments/local-provider';
import {
  confirmPayment,
  handleIntentFailed,
  handleIntentSucceeded,
  handleStripeEvent,
  PAYMENT_NOT_FOUND,
  startPayment,
} from '../services/access/payments/payments';
import { paymentMode, paymentProvider } from '../services/access/payments/provider';
import { verifyWebhook } from '../services/access/payments/stripe-provider';
import type { AppEnv } from '../types';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export const paymentRoutes = new Hono<AppEnv>()
  .get('/plans', (c) => c.json(PLANS))
  /** What the checkout needs to show its form: Stripe with its publishable key, or the local test mode. */
  .get('/payment-config', (c) => {
    const mode = paymentMode(c.env);
    const config: PaymentConfig =
      mode === 'stripe'
        ? { mode, publishableKey: c.env.STRIPE_PUBLISHABLE_KEY || null }
        : { mode, publishableKey: null, available: c.env.ENVIRONMENT !== 'production' };
    return c.json(config);
  })
  .post('/create-payment-intent', validate('json', createPaymentIntentSchema), async (c) => {
    const db = c.get('db');
    const { imageRequestId, planId } = c.req.valid('json');
    const result = await startPayment(db, paymentProvider(c.env, db), c.get('caller'), {
      planId,
      imageRequestId,
    });
    return c.json(result);
  })
  .post('/confirm-payment', validate('json', confirmPaymentSchema), async (c) => {
    const db = c.get('db');
    const { paymentIntentId, imageRequestId } = c.req.valid('json');
    const payment = await confirmPayment(db, paymentProvider(c.env, db), c.get('caller'), {
      paymentIntentId,
      imageRequestId,
    });
    return c.json({ success: true, paymentId: payment.id, planId: payment.planId });
  })
  .post('/create-unlimited-access', async (c) => {
    const db = c.get('db');
    if (!c.get('caller').user) throw new ApiError(401, 'Please sign in to buy Unlimited Access.');
    const result = await startPayment(db, paymentProvider(c.env, db), c.get('caller'), {
      planId: 'unlimited',
      imageRequestId: null,
    });
    return c.json(result);
  })
  .post('/payment-success', validate('json', paymentSuccessSchema), async (c) => {
    const db = c.get('db');
    if (!c.get('caller').user) throw new ApiError(401, 'Not signed in');
    const payment = await confirmPayment(db, paymentProvider(c.env, db), c.get('caller'), {
      paymentIntentId: c.req.valid('json').paymentIntentId,
      imageRequestId: null,
    });
    return c.json({ success: true, paymentId: payment.id, planId: payment.planId });
  })
  /**
   * The local test provider's card form (no Stripe keys, never in production). A declined card is
   * a 402 with Stripe's wording, recorded like Stripe's payment_failed event; a paying card runs
   * the same code as the webhook's payment_intent.succeeded.
   */
  .post('/local-payments/confirm', validate('json', localCardSchema), async (c) => {
    const db = c.get('db');
    const provider = paymentProvider(c.env, db);
    if (provider.mode !== 'local')
      throw new ApiError(404, 'The local test payment mode is off: Stripe keys are configured.');
    const { clientSecret, ...card } = c.req.valid('json');
    const result = await confirmLocalIntent(db, clientSecret, card);
    if (!result) throw new ApiError(404, PAYMENT_NOT_FOUND);
    if (result.error) {
      await handleIntentFailed(db, result.intent.id);
      return c.json({ message: result.error.message, code: result.error.code, type: 'card_error' }, 402);
    }
    await handleIntentSucceeded(db, provider, result.intent.id);
    return c.json({ paymentIntent: { id: result.intent.id, status: result.intent.status } });
  })
  /**
   * Stripe's webhook: the signature over the raw body decides (400 otherwise). Each event id is
   * handled once; the work is a provider lookup and a few D1 writes, so the answer comes at once.
   * If the work fails the answer is 500 and the event is not recorded, so Stripe delivers it again.
   */
  .post('/stripe/webhook', async (c) => {
    const event = await verifyWebhook(c.env, await c.req.text(), c.req.header('Stripe-Signature'));
    const db = c.get('db');
    const handled = await handleStripeEvent(db, paymentProvider(c.env, db), event);
    return c.json(handled === 'duplicate' ? { received: true, duplicate: true } : { received: true });
  });
