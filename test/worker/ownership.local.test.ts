/**
 * What a user got is theirs (docs/product.md, "Accounts" and "Payments"): the image request answer
 * says so by the pixel door's rule, the account lists every payment as a receipt, and a visitor's
 * pages ask who is signed in without an error. Run without Stripe keys: the local test provider.
 */
import { describe, expect, it } from 'vitest';
import type { ImageRequestResponse, Receipt, SessionAnswer } from '../../shared/schemas';
import { judgeTestCard } from '../../worker/services/access/payments/local-provider';
import { bannerRequestAnswer, body, Browser, insertSession, insertUser, processedRequest } from './helpers';

type IntentAnswer = { clientSecret: string; paymentIntentId: string };

async function imageRequest(browser: Browser, id: string): Promise<ImageRequestResponse> {
  const res = await browser.call(`/api/image-requests/${id}`);
  expect(res.status).toBe(200);
  return body<ImageRequestResponse>(res);
}

/** Pays with the test card that pays, its expiry typed as people type it: '1234'. */
async function pay(browser: Browser, start: Response): Promise<string> {
  expect(start.status).toBe(200);
  const { clientSecret, paymentIntentId } = await body<IntentAnswer>(start);
  const paid = await browser.call('/api/local-payments/confirm', {
    method: 'POST',
    json: { clientSecret, number: '4242 4242 4242 4242', expiry: '1234', cvc: '123' },
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return paymentIntentId;
}

async function startAndPay(browser: Browser, path: string, json?: unknown): Promise<string> {
  return pay(browser, await browser.call(path, { method: 'POST', json }));
}

describe('an image its owner got', () => {
  it('is said to be theirs after the free download, which is not counted again', async () => {
    const browser = new Browser();
    const id = await processedRequest(browser);
    expect((await imageRequest(browser, id)).acquired).toBe(false);
    expect((await browser.call(`/api/download/${id}`)).status).toBe(200);
    // A reload reads the same answer: theirs, so the page offers the download and no plans.
    expect((await imageRequest(browser, id)).acquired).toBe(true);
    expect((await browser.call(`/api/download/${id}`)).status).toBe(200);
    expect((await browser.call('/api/check-rate-limits')).headers.get('X-RateLimit-Remaining')).toBe('0');
    const next = await processedRequest(browser);
    expect((await imageRequest(browser, next)).acquired).toBe(false);
    expect((await browser.call(`/api/download/${next}`)).status).toBe(402);
    // Someone else never learns about it.
    expect((await new Browser().call(`/api/image-requests/${id}`)).status).toBe(404);
  });

  it('is theirs once paid for, and is not sold twice', async () => {
    const browser = new Browser();
    await browser.call(`/api/download/${await processedRequest(browser)}`);
    const id = await processedRequest(browser);
    expect((await imageRequest(browser, id)).acquired).toBe(false);
    await startAndPay(browser, '/api/create-payment-intent', { imageRequestId: id, planId: 'single' });
    expect(await imageRequest(browser, id)).toMatchObject({ acquired: true, paymentId: expect.any(String) });
    const again = await browser.call('/api/create-payment-intent', {
      method: 'POST',
      json: { imageRequestId: id, planId: 'single' },
    });
    expect(again.status).toBe(409);
    expect((await body(again)).message).toMatch(/^This image is already yours/);
  });

  it('is every image of an account with Unlimited Access, before any download', async () => {
    const browser = new Browser().signIn(await insertSession(await insertUser('owner-unlimited', { unlimited: true })));
    const id = await processedRequest(browser);
    expect(await imageRequest(browser, id)).toMatchObject({ acquired: true, hasUnlimitedAccess: true });
  });
});

describe('the answers to making and processing a request', () => {
  async function processed(browser: Browser, id: string): Promise<ImageRequestResponse> {
    const res = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    expect(res.status).toBe(200);
    return body<ImageRequestResponse>(res);
  }

  it('are what a reload reads, for a visitor, an account with Unlimited Access and a paid request', async () => {
    const visitor = new Browser();
    const unlimited = new Browser().signIn(
      await insertSession(await insertUser('answers-unlimited', { unlimited: true })),
    );
    for (const browser of [visitor, unlimited]) {
      const made = await bannerRequestAnswer(browser);
      expect(made).toEqual(await imageRequest(browser, made.id));
      expect(made.acquired).toBe(browser === unlimited);
      const done = await processed(browser, made.id);
      expect(done).toMatchObject({ status: 'complete', file: { type: expect.any(String) } });
      expect(done).toEqual(await imageRequest(browser, made.id));
    }
    // Paid for, then processed again as another type: the answer says so at once.
    const paid = await bannerRequestAnswer(visitor);
    await processed(visitor, paid.id);
    await startAndPay(visitor, '/api/create-payment-intent', { imageRequestId: paid.id, planId: 'single' });
    const again = await visitor.call(`/api/process-image/${paid.id}`, {
      method: 'POST',
      json: { output: { type: 'png' } },
    });
    expect(again.status).toBe(200);
    const answer = await body<ImageRequestResponse>(again);
    expect(answer).toMatchObject({ acquired: true, paymentId: expect.any(String), output: { type: 'png' } });
    expect(answer).toEqual(await imageRequest(visitor, paid.id));
  });

  it("answer 404 for a request that is not the caller's, as before", async () => {
    const made = await bannerRequestAnswer(new Browser());
    expect((await new Browser().call(`/api/process-image/${made.id}`, { method: 'POST' })).status).toBe(404);
  });
});

describe('GET /api/session', () => {
  it('answers a visitor { user: null } and a signed-in user with the user, never a 401', async () => {
    const visitor = await new Browser().call('/api/session');
    expect(visitor.status).toBe(200);
    expect(await body<SessionAnswer>(visitor)).toEqual({ user: null });
    const browser = new Browser();
    await browser.register('session-ada');
    const signedIn = await body<SessionAnswer>(await browser.call('/api/session'));
    expect(signedIn.user).toMatchObject({ username: 'session-ada', hasUnlimitedAccess: false });
    expect(signedIn.user).not.toHaveProperty('passwordHash');
    // /api/user stays the signed-in user's own resource.
    expect((await new Browser().call('/api/user')).status).toBe(401);
  });
});

describe('the account’s receipts', () => {
  it('list every payment: the image bought before signing in, then Unlimited Access', async () => {
    const browser = new Browser();
    await browser.call(`/api/download/${await processedRequest(browser)}`);
    const id = await processedRequest(browser);
    const single = await startAndPay(browser, '/api/create-payment-intent', { imageRequestId: id, planId: 'single' });
    expect((await browser.call('/api/user/payments')).status).toBe(401);

    // Signing in makes this browser's payments the account's, as its images.
    expect((await browser.register('receipts-ada')).status).toBe(201);
    await startAndPay(browser, '/api/create-unlimited-access');
    expect((await body<{ hasUnlimitedAccess: boolean }>(await browser.call('/api/user'))).hasUnlimitedAccess).toBe(
      true,
    );

    const receipts = await body<Receipt[]>(await browser.call('/api/user/payments'));
    expect(receipts).toHaveLength(2);
    const [unlimited, bought] = receipts;
    expect(unlimited).toMatchObject({
      planId: 'unlimited',
      planName: 'Unlimited Access',
      amountCents: 999,
      currency: 'usd',
      status: 'succeeded',
      paidAt: expect.any(String),
      image: null,
    });
    expect(bought).toMatchObject({
      planId: 'single',
      planName: 'Single Download',
      amountCents: 199,
      currency: 'usd',
      status: 'succeeded',
      image: { requestId: id, originalFilename: 'rgb.png', platform: 'linkedin', format: 'banner', expired: false },
    });
    expect(single).toMatch(/^pi_local_/);
    // Both images got are listed with it.
    expect((await body<unknown[]>(await browser.call('/api/user/purchases'))).length).toBe(2);

    // Nobody else sees them.
    const stranger = new Browser();
    await stranger.register('receipts-stranger');
    expect(await body(await stranger.call('/api/user/payments'))).toEqual([]);
  });

  it('show a refused card as failed', async () => {
    const browser = new Browser();
    await browser.register('receipts-declined');
    const start = await browser.call('/api/create-unlimited-access', { method: 'POST' });
    const { clientSecret } = await body<IntentAnswer>(start);
    const declined = await browser.call('/api/local-payments/confirm', {
      method: 'POST',
      json: { clientSecret, number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' },
    });
    expect(declined.status).toBe(402);
    expect((await body<Receipt[]>(await browser.call('/api/user/payments'))).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('the test card’s expiry', () => {
  it('is taken with the slash or without, as card forms take it', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    const card = (expiry: string) => ({ number: '4242424242424242', expiry, cvc: '123' });
    for (const expiry of ['1234', '12/34', '12 / 34', '122034', '12/2034', '1/34']) {
      expect(judgeTestCard(card(expiry), now), expiry).toBeNull();
    }
    for (const expiry of ['134', '1334', '12345', '', '12/']) {
      expect(judgeTestCard(card(expiry), now)?.code, expiry).toBe('invalid_expiry_month');
    }
    expect(judgeTestCard(card('1025'), now)?.code).toBe('expired_card');
  });
});
