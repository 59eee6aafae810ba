import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { PLATFORM_FORMATS, PROFILE_FORMATS } from '../../shared/formats';
import { MAX_TARGET_FORMATS, REGISTRATIONS_PER_HOUR, UPLOADS_PER_HOUR } from '../../shared/limits';
import { MAX_OTHER_FORMATS, type ConversionResponse, type ImageRequestResponse } from '../../shared/schemas';
import { inspectImage } from '@social-resizer/engine';
import { bannerRequest, body, Browser, fixture, insertSession, insertUser, processedRequest } from './helpers';

/**
 * One rule for every route that hands out pixels (services/access/door.ts, authorizePixels): each
 * door (the request's download, another format's download, the ZIP, the preview) for each kind of
 * caller (within the free allowance, over it, paid, unlimited). Then the limits that keep the
 * allowance honest (registrations, uploads, hourly conversions) and batches of any size.
 */

const LINKEDIN_BANNER = 20;
const INSTAGRAM_SQUARE = PLATFORM_FORMATS.find((f) => f.platform === 'instagram' && f.width === f.height)!.id;

async function signedIn(username: string, { unlimited = false, ip }: { unlimited?: boolean; ip?: string } = {}) {
  return new Browser(ip).signIn(await insertSession(await insertUser(username, { unlimited })));
}

/** A processed request with one other format rendered too (the download step's "another format"). */
async function requestWithOther(browser: Browser): Promise<string> {
  const id = await processedRequest(browser);
  const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [INSTAGRAM_SQUARE] } });
  expect(res.status).toBe(200);
  return id;
}

/** Every door that hands out the deliverable of a request, with the status each answers. */
async function doors(browser: Browser, id: string) {
  const statuses = {
    own: (await browser.call(`/api/download/${id}`)).status,
    ownById: (await browser.call(`/api/download/${id}/${LINKEDIN_BANNER}`)).status,
    other: (await browser.call(`/api/download/${id}/${INSTAGRAM_SQUARE}`)).status,
    zipOwn: (await browser.call(`/api/download-zip/${id}?formats=${LINKEDIN_BANNER}`)).status,
    zipBoth: (await browser.call(`/api/download-zip/${id}?formats=${LINKEDIN_BANNER},${INSTAGRAM_SQUARE}`)).status,
    preview: (await browser.call(`/api/preview/${id}/${LINKEDIN_BANNER}`)).status,
  };
  return statuses;
}

/** Polls the status call until no target is processing (the plugin runs the queue consumer). */
async function settle(browser: Browser, id: string): Promise<ConversionResponse> {
  let status = await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`));
  for (let i = 0; i < 600 && Object.values(status.results).some((s) => s === 'processing'); i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`));
  }
  return status;
}

async function pay(requestId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, image_request_id, amount_cents, currency, status, access_expires_at, created_at, updated_at) VALUES (?, ?, 'single', ?, 199, 'usd', 'succeeded', ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), `pi_${crypto.randomUUID()}`, requestId, now + 30 * 86_400_000, now, now)
    .run();
}

describe('one door for the pixels of a request', () => {
  it('refuses every door with 402 once the free download is used, and still shows the preview', async () => {
    const browser = new Browser();
    const first = await requestWithOther(browser);
    expect((await browser.call(`/api/download/${first}`)).status).toBe(200); // the free one
    const second = await requestWithOther(browser);
    expect(await doors(browser, second)).toEqual({
      own: 402,
      ownById: 402,
      other: 402,
      zipOwn: 402,
      zipBoth: 402,
      preview: 200,
    });
    expect(await body(await browser.call(`/api/download-zip/${second}?formats=${LINKEDIN_BANNER}`))).toEqual({
      message: 'Download requires payment',
    });
  });

  it('lets every door through within the allowance, counting the request once', async () => {
    const browser = new Browser();
    const id = await requestWithOther(browser);
    expect(await doors(browser, id)).toEqual({
      own: 200,
      ownById: 200,
      other: 200,
      zipOwn: 200,
      zipBoth: 200,
      preview: 200,
    });
    const check = await body<{ remaining: number }>(await browser.call('/api/check-rate-limits'));
    expect(check.remaining).toBe(0);
  });

  it('lets every door through for a paid request and for unlimited access, counting nothing', async () => {
    const anonymous = new Browser();
    await anonymous.call(`/api/download/${await processedRequest(anonymous)}`);
    const paid = await requestWithOther(anonymous);
    await pay(paid);
    expect(await doors(anonymous, paid)).toEqual({
      own: 200,
      ownById: 200,
      other: 200,
      zipOwn: 200,
      zipBoth: 200,
      preview: 200,
    });

    const unlimited = await signedIn('door-unlimited', { unlimited: true });
    const id = await requestWithOther(unlimited);
    expect(await doors(unlimited, id)).toEqual({
      own: 200,
      ownById: 200,
      other: 200,
      zipOwn: 200,
      zipBoth: 200,
      preview: 200,
    });
  });

  it('does not hand out the request’s own format through batch or the adjusters', async () => {
    const browser = new Browser();
    await browser.call(`/api/download/${await processedRequest(browser)}`);
    const id = await processedRequest(browser);
    // The reported leak: batch with the request's own format, then the ZIP.
    const batch = await browser.call(`/api/batch-process/${id}`, {
      method: 'POST',
      json: { formats: [LINKEDIN_BANNER] },
    });
    expect(batch.status).toBe(402);
    expect((await body(batch)).message).toMatch(/Unlimited Access/);
    // The adjusters convert from the request's own format only, so they never target it.
    const banner = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: 29, targetFormatIds: [LINKEDIN_BANNER], useAi: false },
    });
    expect(banner.status).toBe(400);
    // Even a conversion row of the adjusters for the own format (older data) is judged by the request rule.
    await env.DB.prepare(
      "UPDATE conversions SET flow = 'banner', rendered_flow = 'banner', framing = 'centred' WHERE request_id = ? AND format_id = ?",
    )
      .bind(id, LINKEDIN_BANNER)
      .run();
    expect((await browser.call(`/api/download-zip/${id}?formats=${LINKEDIN_BANNER}`)).status).toBe(402);
    expect((await browser.call(`/api/download/${id}/${LINKEDIN_BANNER}`)).status).toBe(402);
  });

  it('keeps the adjusters free for banner and profile formats on other platforms', async () => {
    const browser = new Browser();
    await browser.call(`/api/download/${await processedRequest(browser)}`); // allowance used
    const id = await processedRequest(browser); // a LinkedIn banner request
    const res = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_BANNER, targetFormatIds: [36], useAi: false },
    });
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ 36: 'complete' });
    expect((await browser.call(`/api/download/${id}/36`)).status).toBe(200);
    expect((await browser.call(`/api/download-zip/${id}?formats=36`)).status).toBe(200);
    expect((await browser.call(`/api/download-zip/${id}?formats=36,${LINKEDIN_BANNER}`)).status).toBe(402);
  });

  it('never gives the single tool’s framing away through the free adjusters', async () => {
    const browser = new Browser();
    // A zoomed-in framing in the top-left corner: what the single tool sells.
    const id = await bannerRequest(browser, { x: 0, y: 0, width: 120, height: 30, zoom: 2 });
    const youtube = 36;
    expect(
      (await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [youtube] } })).status,
    ).toBe(200);
    const paid = new Uint8Array(await (await browser.call(`/api/download/${id}/${youtube}`)).arrayBuffer());
    // The same target through the banner adjuster, standard mode: the centred cover crop instead.
    await env.DB.prepare('DELETE FROM conversions WHERE request_id = ?').bind(id).run();
    const res = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_BANNER, targetFormatIds: [youtube], useAi: false },
    });
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ [youtube]: 'complete' });
    const free = new Uint8Array(await (await browser.call(`/api/download/${id}/${youtube}`)).arrayBuffer());
    expect(free.length).toBeGreaterThan(0);
    expect(Buffer.from(free).equals(Buffer.from(paid))).toBe(false);
  });

  it('never serves a preview as large as the output: at most half of it on each side', async () => {
    const browser = new Browser();
    const id = await processedRequest(browser);
    const small = PROFILE_FORMATS.filter((f) => f.width <= 480)
      .map((f) => f.id)
      .slice(0, MAX_OTHER_FORMATS);
    expect((await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: small } })).status).toBe(
      200,
    );
    const request = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    for (const output of request.outputs) {
      const format = PLATFORM_FORMATS.find((f) => f.id === output.formatId)!;
      const preview = inspectImage(new Uint8Array(await (await browser.call(output.previewPath!)).arrayBuffer()));
      expect(preview.width, format.format).toBeLessThanOrEqual(format.width / 2);
      expect(preview.height, format.format).toBeLessThanOrEqual(format.height / 2);
    }
  });
});

describe('limits that keep the allowance honest', () => {
  it('lets one address register a few accounts an hour, then answers 429 with the minutes to wait', async () => {
    const ip = '10.99.1.1';
    const taken = await new Browser(ip).register('throttle-0');
    expect(taken.status).toBe(201);
    // A taken name is refused (409) and does not count.
    expect((await new Browser(ip).register('throttle-0', { email: 'other@example.com' })).status).toBe(409);
    for (let i = 1; i < REGISTRATIONS_PER_HOUR; i++)
      expect((await new Browser(ip).register(`throttle-${i}`)).status).toBe(201);
    const refused = await new Browser(ip).register('throttle-x');
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toMatch(/try again in \d+ minutes?/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await new Browser('10.99.1.2').register('throttle-y')).status).toBe(201);
  });

  it('gives new accounts on an address no free downloads the address has already used', async () => {
    const ip = '10.99.2.1';
    const visitor = new Browser(ip);
    expect((await visitor.call(`/api/download/${await processedRequest(visitor)}`)).status).toBe(200); // anonymous: 1 of the address's 5
    const first = new Browser(ip);
    expect((await first.register('honest-1')).status).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await first.call(`/api/download/${await processedRequest(first)}`)).status).toBe(200);
    expect((await first.call(`/api/download/${await processedRequest(first)}`)).status).toBe(402);

    const second = new Browser(ip);
    expect((await second.register('honest-2')).status).toBe(201);
    expect((await body<{ remaining: number }>(await second.call('/api/check-rate-limits'))).remaining).toBe(0);
    expect((await second.call(`/api/download/${await processedRequest(second)}`)).status).toBe(402);
    // The same account elsewhere still has its own 5.
    const elsewhere = new Browser('10.99.2.2');
    expect((await elsewhere.login('honest-2')).status).toBe(200);
    expect((await elsewhere.call(`/api/download/${await processedRequest(elsewhere)}`)).status).toBe(200);
  });

  it('counts every upload attempt per address and answers 429 past the hourly limit', async () => {
    const ip = '10.99.3.1';
    const browser = new Browser(ip);
    for (let i = 0; i < UPLOADS_PER_HOUR.address; i++)
      expect((await browser.upload('empty.jpg', fixture('empty.jpg'))).status).toBe(422);
    const refused = await browser.upload('rgb.png', fixture('rgb.png'));
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toMatch(/Too many uploads.*try again in \d+ minutes?/);
    expect((await new Browser('10.99.3.2').upload('rgb.png', fixture('rgb.png'))).status).toBe(201);
  });
});

describe('batch processing', () => {
  it('is Unlimited Access only: 402 for visitors and free accounts', async () => {
    for (const browser of [new Browser(), await signedIn('batch-free')]) {
      const id = await processedRequest(browser);
      const res = await browser.call(`/api/batch-process/${id}`, {
        method: 'POST',
        json: { formats: [INSTAGRAM_SQUARE] },
      });
      expect(res.status).toBe(402);
    }
  });

  it('accepts every format of the catalogue and more at once, and completes every format', async () => {
    const browser = await signedIn('batch-80', { unlimited: true });
    // As the Batch page makes it: its own format is one of the formats asked.
    const id = await bannerRequest(browser, undefined, 'rgb.png', 'fan-out');
    const ids = PLATFORM_FORMATS.map((f) => f.id);
    // Every format, some twice (the most a call takes), each rendered once.
    const formats = [...ids, ...ids].slice(0, MAX_TARGET_FORMATS);
    expect(formats).toHaveLength(MAX_TARGET_FORMATS);
    const res = await browser.call(`/api/batch-process/${id}`, { method: 'POST', json: { formats } });
    expect(res.status).toBe(202);
    const status = await settle(browser, id);
    expect(Object.keys(status.results)).toHaveLength(ids.length);
    expect(Object.entries(status.results).filter(([, s]) => s !== 'complete')).toEqual([]);
    // Every file was checked against its format's rules from its own bytes, and passed.
    expect(Object.keys(status.files)).toHaveLength(ids.length);
    for (const [formatId, file] of Object.entries(status.files)) {
      const format = PLATFORM_FORMATS.find((f) => f.id === Number(formatId))!;
      expect(file.check, format.key).toMatchObject({ ready: true, width: format.width, height: format.height });
      expect(file.check?.bytes, format.key).toBe(file.size);
    }
    const zip = await browser.call(`/api/download-zip/${id}?formats=${ids.join(',')}`);
    expect(zip.status).toBe(200);
  }, 180_000);

  it('charges the hourly limit only for targets that were recorded', async () => {
    const browser = new Browser('10.99.4.1');
    const id = await processedRequest(browser);
    const targets = PLATFORM_FORMATS.filter(
      (f) => f.platform !== 'linkedin' && /cover|banner|header/i.test(f.description),
    )
      .slice(0, 10)
      .map((f) => f.id);
    const convert = () =>
      browser.call(`/api/banner-convert/${id}`, {
        method: 'POST',
        json: { sourceFormatId: LINKEDIN_BANNER, targetFormatIds: targets, useAi: false },
      });
    // The queue refuses the messages eight times: 8 × 10 targets would be over the 60 an hour if they counted.
    const down = vi.spyOn(env.CONVERSIONS, 'sendBatch').mockRejectedValue(new Error('queue down'));
    for (let i = 0; i < 8; i++) {
      const res = await convert();
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await body(res)).message).toMatch(/try again/);
    }
    down.mockRestore();
    // Nothing was left processing, and the hour is untouched: the same targets start at once.
    const statuses = await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`));
    expect(Object.values(statuses.results).every((s) => s === 'failed')).toBe(true);
    expect((await convert()).status).toBe(202);
    expect(Object.values((await settle(browser, id)).results).every((s) => s === 'complete')).toBe(true);
  });
});
