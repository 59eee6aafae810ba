import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../shared/plans';
import type { PublicUser } from '../../shared/schemas';
import { body, Browser, call, processedRequest } from './helpers';

// The worker runs with Stripe keys here, its SDK pointed at test/support/fake-stripe.ts.
const stripeEnv = env as unknown as { STRIPE_API_PORT: string; STRIPE_WEBHOOK_SECRET: string };
const fake = (path: string, json: unknown = {}) =>
  fetch(`http://127.0.0.1:${stripeEnv.STRIPE_API_PORT}/_fake${path}`, {
    method: 'POST',
    body: JSON.stringify(json),
  }).then((r) => r.json() as Promise<Record<string, unknown>>);

/** The customer pays at Stripe (what Stripe.js and the card do). */
const pay = (intentId: string, extra: Record<string, unknown> = {}) =>
  fake(`/payment_intents/${intentId}`, { pay: true, ...extra });

type IntentAnswer = { clientSecret: string; paymentIntentId: string };

async function startCheckout(browser: Browser, imageRequestId: string, planId = 'single'): Promise<IntentAnswer> {
  const res = await browser.call('/api/create-payment-intent', { method: 'POST', json: { imageRequestId, planId } });
  expect(res.status).toBe(200);
  return body<IntentAnswer>(res);
}

function confirm(browser: Browser, paymentIntentId: string, imageRequestId: string) {
  return browser.call('/api/confirm-payment', { method: 'POST', json: { paymentIntentId, imageRequestId } });
}

async function webhook(event: { id: string; type: string; intentId: string }, signature?: string) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: { object: { id: event.intentId, object: 'payment_intent' } },
  });
  const header =
    signature ??
    (await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: stripeEnv.STRIPE_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
  return call('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
    body: payload,
  });
}

async function paymentRow(intentId: string) {
  return env.DB.prepare(
    'SELECT status, granted_at AS grantedAt, amount_cents AS amount, plan_id AS planId FROM payments WHERE stripe_payment_intent_id = ?',
  )
    .bind(intentId)
    .first<{ status: string; grantedAt: number | null; amount: number; planId: string }>();
}

/** A visitor who used the free download and is now asked to pay for a second image. */
async function visitorPastTheFreeDownload(): Promise<{ browser: Browser; requestId: string }> {
  const browser = new Browser();
  expect((await browser.call(`/api/download/${await processedRequest(browser)}`)).status).toBe(200);
  const requestId = await processedRequest(browser);
  expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);
  return { browser, requestId };
}

let n = 0;
const eventId = () => `evt_test_${Date.now().toString(36)}_${n++}`;

describe('plans', () => {
  it('are defined once on the server and served to the app', async () => {
    const res = await call('/api/plans');
    expect(await body(res)).toEqual(PLANS);
    expect(PLANS.map((p) => [p.id, p.amountCents])).toEqual([
      ['single', 199],
      ['unlimited', 999],
    ]);
  });

  it('tell the checkout to use Stripe with the publishable key', async () => {
    expect(await body(await call('/api/payment-config'))).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_fake_social_resizer',
    });
  });
});

describe('single-image checkout with Stripe', () => {
  it('turns the 402 into a download once Stripe says the payment succeeded', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId, clientSecret } = await startCheckout(browser, requestId);
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    expect(await paymentRow(paymentIntentId)).toMatchObject({
      status: 'pending',
      amount: 199,
      grantedAt: null,
      planId: 'single',
    });

    // Confirming before paying grants nothing.
    const early = await confirm(browser, paymentIntentId, requestId);
    expect(early.status).toBe(409);
    expect((await body(early)).message).toMatch(/has not succeeded \(its status is requires_payment_method\)/);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);

    await pay(paymentIntentId);
    const confirmed = await confirm(browser, paymentIntentId, requestId);
    expect(confirmed.status).toBe(200);
    expect(await body(confirmed)).toMatchObject({ success: true, planId: 'single' });
    expect((await paymentRow(paymentIntentId))?.status).toBe('succeeded');
    const download = await browser.call(`/api/download/${requestId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toMatch(/^image\/(jpeg|png)$/);
    const request = await body<{ paymentId: string | null }>(await browser.call(`/api/image-requests/${requestId}`));
    expect(request.paymentId).toEqual(expect.any(String));
  });

  it('offers the same unpaid intent again instead of a second charge', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const first = await startCheckout(browser, requestId);
    const second = await startCheckout(browser, requestId);
    expect(second).toEqual(first);
  });

  it('answers 404 for an unknown plan or request, and for someone else’s request', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const plan = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: requestId, planId: 'gold' },
    });
    expect(plan.status).toBe(404);
    expect(await body(plan)).toEqual({ message: 'Plan not found: "gold"' });
    const unknown = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: crypto.randomUUID(), planId: 'single' },
    });
    expect(unknown.status).toBe(404);
    const foreign = await new Browser().call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: requestId, planId: 'single' },
    });
    expect(foreign.status).toBe(404);
    const amount = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: requestId, planId: 'single', amount: 1 },
    });
    expect(amount.status).toBe(200);
    expect((await paymentRow((await body<IntentAnswer>(amount)).paymentIntentId))?.amount).toBe(199);
  });

  it('grants nothing for a tampered amount, a foreign intent, or an intent for another image', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    await pay(paymentIntentId, { amount: 1, amount_received: 1 });
    const tampered = await confirm(browser, paymentIntentId, requestId);
    expect(tampered.status).toBe(422);
    expect((await body(tampered)).message).toMatch(/amount does not match/);
    expect((await paymentRow(paymentIntentId))?.grantedAt).toBeNull();
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);

    // Another visitor's paid intent is not this visitor's to confirm.
    const other = await visitorPastTheFreeDownload();
    const theirs = await startCheckout(other.browser, other.requestId);
    await pay(theirs.paymentIntentId);
    expect((await confirm(browser, theirs.paymentIntentId, requestId)).status).toBe(404);
    expect((await confirm(browser, theirs.paymentIntentId, other.requestId)).status).toBe(404);
    // An intent made at Stripe outside the checkout, paid with the right amount.
    const outside = await fake('/payment_intents', {
      amount: 199,
      amount_received: 199,
      status: 'succeeded',
      metadata: { planId: 'single', imageRequestId: requestId },
    });
    expect((await confirm(browser, String(outside.id), requestId)).status).toBe(404);
    // The visitor's own paid intent for their other image does not pay for this one.
    const mine = await processedRequest(browser);
    const forMine = await startCheckout(browser, mine);
    await pay(forMine.paymentIntentId);
    expect((await confirm(browser, forMine.paymentIntentId, requestId)).status).toBe(422);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);

    // Metadata changed at Stripe: not this order.
    const relabelled = await processedRequest(browser);
    const intent = await startCheckout(browser, relabelled);
    await pay(intent.paymentIntentId, { metadata: { planId: 'unlimited', imageRequestId: relabelled } });
    expect((await confirm(browser, intent.paymentIntentId, relabelled)).status).toBe(422);
  });

  it('refuses to sell an image its owner already has', async () => {
    const browser = new Browser();
    const requestId = await processedRequest(browser);
    await browser.call(`/api/download/${requestId}`);
    const res = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: requestId, planId: 'single' },
    });
    expect(res.status).toBe(409);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a missing or bad signature with 400 and grants nothing', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    await pay(paymentIntentId);
    const missing = await call('/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
    const forged = await webhook(
      { id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId },
      `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    );
    expect(forged.status).toBe(400);
    expect(await body(forged)).toEqual({ message: 'Invalid Stripe signature' });
    expect((await paymentRow(paymentIntentId))?.grantedAt).toBeNull();
  });

  it('grants on payment_intent.succeeded once, however often Stripe delivers it', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    await pay(paymentIntentId);
    const event = { id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId };
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ received: true });
    const granted = (await paymentRow(paymentIntentId))?.grantedAt;
    expect(granted).toEqual(expect.any(Number));
    const replay = await webhook(event);
    expect(await body(replay)).toEqual({ received: true, duplicate: true });
    // A second event for the same intent (Stripe can send several) changes nothing either.
    expect((await webhook({ ...event, id: eventId() })).status).toBe(200);
    expect((await confirm(browser, paymentIntentId, requestId)).status).toBe(200);
    expect((await paymentRow(paymentIntentId))?.grantedAt).toBe(granted);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });

  it('webhook and confirm arriving together grant once', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    await pay(paymentIntentId);
    const [hook, confirmed] = await Promise.all([
      webhook({ id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId }),
      confirm(browser, paymentIntentId, requestId),
    ]);
    expect([hook.status, confirmed.status]).toEqual([200, 200]);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM payments WHERE image_request_id = ? AND status = 'succeeded'",
    )
      .bind(requestId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });

  it('checks the intent with Stripe again: an event for an unpaid or tampered intent grants nothing', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    expect((await webhook({ id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId })).status).toBe(
      200,
    );
    expect((await paymentRow(paymentIntentId))?.grantedAt).toBeNull();
    await pay(paymentIntentId, { currency: 'eur' });
    expect((await webhook({ id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId })).status).toBe(
      200,
    );
    expect((await paymentRow(paymentIntentId))?.grantedAt).toBeNull();
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);
  });

  it('records payment_failed, and a failure arriving after the success does not undo it', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const { paymentIntentId } = await startCheckout(browser, requestId);
    await webhook({ id: eventId(), type: 'payment_intent.payment_failed', intentId: paymentIntentId });
    expect((await paymentRow(paymentIntentId))?.status).toBe('failed');
    // The customer tries another card on the same intent, and it pays.
    await pay(paymentIntentId);
    await webhook({ id: eventId(), type: 'payment_intent.succeeded', intentId: paymentIntentId });
    await webhook({ id: eventId(), type: 'payment_intent.payment_failed', intentId: paymentIntentId });
    expect(await paymentRow(paymentIntentId)).toMatchObject({ status: 'succeeded', grantedAt: expect.any(Number) });
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });
});

describe('unlimited access', () => {
  it('is for signed-in users: bought on the unlimited page, granted once, then 409', async () => {
    expect((await new Browser().call('/api/create-unlimited-access', { method: 'POST' })).status).toBe(401);
    const browser = new Browser();
    await browser.register(`rich${Date.now().toString(36)}`);
    const res = await browser.call('/api/create-unlimited-access', { method: 'POST' });
    expect(res.status).toBe(200);
    const { paymentIntentId } = await body<IntentAnswer>(res);
    expect((await paymentRow(paymentIntentId))?.amount).toBe(999);
    await pay(paymentIntentId);
    const success = await browser.call('/api/payment-success', { method: 'POST', json: { paymentIntentId } });
    expect(success.status).toBe(200);
    expect((await body<PublicUser>(await browser.call('/api/user'))).hasUnlimitedAccess).toBe(true);
    const again = await browser.call('/api/create-unlimited-access', { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await body(again)).message).toMatch(/already have unlimited access/);
    // Every download is now free.
    for (let i = 0; i < 7; i++)
      expect((await browser.call(`/api/download/${await processedRequest(browser)}`)).status).toBe(200);
  });

  it('bought at checkout needs a signed-in buyer, and makes that buyer unlimited', async () => {
    const { browser, requestId } = await visitorPastTheFreeDownload();
    const anonymous = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: requestId, planId: 'unlimited' },
    });
    expect(anonymous.status).toBe(401);
    expect((await body(anonymous)).message).toMatch(/sign in to buy Unlimited Access/);
    await browser.register(`buyer${Date.now().toString(36)}`);
    const { paymentIntentId } = await startCheckout(browser, requestId, 'unlimited');
    await pay(paymentIntentId);
    expect((await confirm(browser, paymentIntentId, requestId)).status).toBe(200);
    expect((await body<PublicUser>(await browser.call('/api/user'))).hasUnlimitedAccess).toBe(true);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });

  it('payment-success refuses someone else’s intent', async () => {
    const buyer = new Browser();
    await buyer.register(`a${Date.now().toString(36)}`);
    const { paymentIntentId } = await body<IntentAnswer>(
      await buyer.call('/api/create-unlimited-access', { method: 'POST' }),
    );
    await pay(paymentIntentId);
    const thief = new Browser();
    await thief.register(`b${Date.now().toString(36)}`);
    expect((await thief.call('/api/payment-success', { method: 'POST', json: { paymentIntentId } })).status).toBe(404);
    expect((await body<PublicUser>(await thief.call('/api/user'))).hasUnlimitedAccess).toBe(false);
  });
});
