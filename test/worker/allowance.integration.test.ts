import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock, DAY_MS } from '../../worker/lib/clock';
import { ipKey } from '../../worker/services/caller';
import { body, Browser, insertSession, insertUser, processedRequest } from './helpers';

afterEach(() => vi.restoreAllMocks());

async function download(browser: Browser, id: string) {
  const res = await browser.call(`/api/download/${id}`);
  if (res.status === 200) await res.arrayBuffer();
  return res;
}

async function remaining(browser: Browser) {
  const res = await browser.call('/api/check-rate-limits');
  expect(res.status).toBe(200);
  return {
    remaining: res.headers.get('X-RateLimit-Remaining'),
    limit: res.headers.get('X-RateLimit-Limit'),
    reset: res.headers.get('X-RateLimit-Reset'),
    json: await res.json(),
  };
}

async function signedIn(username: string, unlimited = false) {
  return new Browser().signIn(await insertSession(await insertUser(username, { unlimited })));
}

describe('free downloads', () => {
  it('gives an anonymous visitor one download a day, then 402 for another image', async () => {
    const browser = new Browser();
    expect(await remaining(browser)).toMatchObject({ remaining: '1', limit: '1', reset: null });
    const first = await processedRequest(browser);
    const second = await processedRequest(browser);
    expect((await download(browser, first)).status).toBe(200);
    const after = await remaining(browser);
    expect(after).toMatchObject({ remaining: '0', limit: '1' });
    expect(Number(after.reset)).toBeGreaterThan(Date.now() / 1000 + DAY_MS / 1000 - 60);
    const refused = await download(browser, second);
    expect(refused.status).toBe(402);
    expect(await body(refused)).toEqual({ message: 'Download requires payment' });
    // The same image again inside the window costs nothing.
    expect((await download(browser, first)).status).toBe(200);
  });

  it('counts by IP address: another browser on the same address shares the allowance', async () => {
    const a = new Browser('203.0.113.50');
    const b = new Browser('203.0.113.50');
    const [ra, rb] = [await processedRequest(a), await processedRequest(b)];
    expect((await download(a, ra)).status).toBe(200);
    expect((await download(b, rb)).status).toBe(402);
    const c = new Browser('203.0.113.51');
    expect((await download(c, await processedRequest(c))).status).toBe(200);
  });

  it('groups IPv6 addresses by their /64', async () => {
    expect(ipKey('2001:db8:1:2::1')).toBe(ipKey('2001:0db8:0001:0002:ffff:ffff:ffff:5'));
    expect(ipKey('2001:db8:1:2::1')).not.toBe(ipKey('2001:db8:1:3::1'));
    expect(ipKey('::ffff:192.0.2.1')).toBe(ipKey('192.0.2.1'));
    const home = new Browser('2001:db8:aa:bb::10');
    const laptop = new Browser('2001:db8:aa:bb:1234:5678:9abc:def0');
    expect((await download(home, await processedRequest(home))).status).toBe(200);
    expect((await download(laptop, await processedRequest(laptop))).status).toBe(402);
  });

  it('frees the download 24 hours later (rolling window)', async () => {
    const browser = new Browser();
    const first = await processedRequest(browser);
    const second = await processedRequest(browser);
    const start = clock.now().getTime();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start));
    expect((await download(browser, first)).status).toBe(200);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + DAY_MS - 60_000));
    expect((await download(browser, second)).status).toBe(402);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + DAY_MS + 1));
    expect((await remaining(browser)).remaining).toBe('1');
    expect((await download(browser, second)).status).toBe(200);
  });

  it('gives exactly one file to two simultaneous downloads with one left', async () => {
    const browser = new Browser();
    const [a, b] = [await processedRequest(browser), await processedRequest(browser)];
    const statuses = (await Promise.all([download(browser, a), download(browser, b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402]);
  });

  it('does not spend a download on a format that is not processed yet', async () => {
    const browser = new Browser();
    const id = await processedRequest(browser);
    expect((await browser.call(`/api/download/${id}/1`)).status).toBe(409);
    expect((await remaining(browser)).remaining).toBe('1');
  });

  it('gives registered users five a day, counted per account across addresses', async () => {
    const user = await signedIn('five');
    expect(await remaining(user)).toMatchObject({ remaining: '5', limit: '5' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await processedRequest(user));
    for (const id of ids.slice(0, 5)) expect((await download(user, id)).status).toBe(200);
    expect((await download(user, ids[5] as string)).status).toBe(402);
    expect((await remaining(user)).remaining).toBe('0');
  });

  it('never limits users with unlimited access', async () => {
    const user = await signedIn('unlimited', true);
    const check = await remaining(user);
    expect(check.remaining).toBeNull();
    expect(check.json).toEqual({ unlimited: true });
    for (let i = 0; i < 3; i++) expect((await download(user, await processedRequest(user))).status).toBe(200);
    const request = await (await user.call(`/api/image-requests/${await processedRequest(user)}`)).json();
    expect(request).toMatchObject({ hasUnlimitedAccess: true });
  });

  it('lets a request paid with the single plan download without using the allowance; what was got stays downloadable', async () => {
    const browser = new Browser();
    const used = await processedRequest(browser);
    const paid = await processedRequest(browser);
    expect((await download(browser, used)).status).toBe(200);
    const now = clock.now().getTime();
    await env.DB.prepare(
      "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, amount_cents, currency, status, image_request_id, granted_at, access_expires_at, created_at, updated_at) VALUES (?, ?, 'single', 199, 'usd', 'succeeded', ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), `pi_${crypto.randomUUID()}`, paid, now, now + 30 * DAY_MS, now, now)
      .run();
    expect((await download(browser, paid)).status).toBe(200);
    expect((await remaining(browser)).remaining).toBe('0');
    expect((await download(browser, await processedRequest(browser))).status).toBe(402);
    // A day on: both are still the visitor's own and download again at no cost; the free one is back.
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + DAY_MS + 1000));
    expect((await download(browser, paid)).status).toBe(200);
    expect((await download(browser, used)).status).toBe(200);
    expect((await remaining(browser)).remaining).toBe('1');
    expect((await download(browser, await processedRequest(browser))).status).toBe(200);
    expect((await download(browser, await processedRequest(browser))).status).toBe(402);
  });
});
