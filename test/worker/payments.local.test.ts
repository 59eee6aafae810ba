import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { ApiError } from '../../worker/lib/errors';
import { judgeTestCard } from '../../worker/services/access/payments/local-provider';
import { paymentProvider } from '../../worker/services/access/payments/provider';
import { body, Browser, call, processedRequest } from './helpers';

// No Stripe keys here: the built-in local test provider, as on a fresh machine.
type IntentAnswer = { clientSecret: string; paymentIntentId: string };
const card = (number: string, expiry = '12 / 34', cvc = '123') => ({ number, expiry, cvc });

async function checkout(browser: Browser, imageRequestId: string): Promise<IntentAnswer> {
  const res = await browser.call('/api/create-payment-intent', {
    method: 'POST',
    json: { imageRequestId, planId: 'single' },
  });
  expect(res.status).toBe(200);
  return body<IntentAnswer>(res);
}

function payWithCard(browser: Browser, clientSecret: string, c: ReturnType<typeof card>) {
  return browser.call('/api/local-payments/confirm', { method: 'POST', json: { clientSecret, ...c } });
}

async function pastTheFreeDownload() {
  const browser = new Browser();
  await browser.call(`/api/download/${await processedRequest(browser)}`);
  const requestId = await processedRequest(browser);
  expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);
  return { browser, requestId };
}

describe('the local payment mode', () => {
  it('says so to the checkout', async () => {
    expect(await body(await call('/api/payment-config'))).toEqual({
      mode: 'local',
      publishableKey: null,
      available: true,
    });
  });

  it('pays with 4242 4242 4242 4242 through the same grant as the webhook, then the image downloads', async () => {
    const { browser, requestId } = await pastTheFreeDownload();
    const { clientSecret, paymentIntentId } = await checkout(browser, requestId);
    expect(paymentIntentId).toMatch(/^pi_local_/);
    const paid = await payWithCard(browser, clientSecret, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(200);
    expect(await body(paid)).toEqual({ paymentIntent: { id: paymentIntentId, status: 'succeeded' } });
    // Granted already by the provider's own "webhook"; the browser's confirm changes nothing.
    const granted = await env.DB.prepare('SELECT granted_at AS g FROM payments WHERE stripe_payment_intent_id = ?')
      .bind(paymentIntentId)
      .first<{ g: number }>();
    expect(granted?.g).toEqual(expect.any(Number));
    expect(
      (
        await browser.call('/api/confirm-payment', {
          method: 'POST',
          json: { paymentIntentId, imageRequestId: requestId },
        })
      ).status,
    ).toBe(200);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });

  it('declines 4000 0000 0000 0002 with Stripe’s wording and grants nothing; another card then pays', async () => {
    const { browser, requestId } = await pastTheFreeDownload();
    const { clientSecret, paymentIntentId } = await checkout(browser, requestId);
    const declined = await payWithCard(browser, clientSecret, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(await body(declined)).toEqual({
      message: 'Your card was declined.',
      code: 'card_declined',
      type: 'card_error',
    });
    const confirmed = await browser.call('/api/confirm-payment', {
      method: 'POST',
      json: { paymentIntentId, imageRequestId: requestId },
    });
    expect(confirmed.status).toBe(409);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(402);
    expect(
      (
        await env.DB.prepare('SELECT status FROM payments WHERE stripe_payment_intent_id = ?')
          .bind(paymentIntentId)
          .first<{ status: string }>()
      )?.status,
    ).toBe('failed');

    expect((await payWithCard(browser, clientSecret, card('4242424242424242'))).status).toBe(200);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
  });

  it('checks the card as Stripe does', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(judgeTestCard(card('4242 4242 4242 4241'), now)).toEqual({
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
    expect(judgeTestCard(card('4242 4242 4242 4242', '10 / 26'), now)).toEqual({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(judgeTestCard(card('4242 4242 4242 4242', '11 / 26'), now)).toBeNull();
    expect(judgeTestCard(card('4242 4242 4242 4242', '13 / 30'), now)?.code).toBe('invalid_expiry_month');
    expect(judgeTestCard(card('4242 4242 4242 4242', '12 / 30', '1'), now)?.message).toBe(
      "Your card's security code is incomplete.",
    );
    expect(judgeTestCard(card('4000 0000 0000 9995'), now)?.message).toBe('Your card has insufficient funds.');
    expect(judgeTestCard(card('5555 5555 5555 4444'), now)?.message).toMatch(
      /^Your card was declined\. Your request was in test mode, but used a non test card/,
    );
  });

  it('refuses an unknown client secret, and has no webhook', async () => {
    expect(
      (
        await new Browser().call('/api/local-payments/confirm', {
          method: 'POST',
          json: { clientSecret: 'pi_local_x_secret_y', ...card('4242424242424242') },
        })
      ).status,
    ).toBe(404);
    expect((await call('/api/stripe/webhook', { method: 'POST', body: '{}' })).status).toBe(503);
  });

  it('never runs in production', () => {
    const attempt = () => paymentProvider({ ...env, ENVIRONMENT: 'production' } as Env, createDb(env.DB));
    expect(attempt).toThrow(ApiError);
    expect(attempt).toThrow('Payments are not available right now. Please try again later.');
  });
});
