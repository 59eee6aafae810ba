import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { clock, DAY_MS } from '../../worker/lib/clock';
import type { Caller } from '../../worker/services/caller';
import { depsFrom } from '../../worker/services/deps';
import { EXPIRED_MESSAGE, storeUpload } from '../../worker/services/uploads/uploads';
import { uploadPrefix } from '../../worker/services/uploads/storage-keys';
import { bannerRequest, body, Browser, fixture, processedRequest } from './helpers';

afterEach(() => vi.restoreAllMocks());

async function runDailyCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at), cron: '17 3 * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe('7-day deletion, through the routes a visitor uses', () => {
  it('deletes every file of an image after 7 days, answers 410 on each of its routes, and keeps the purchase record', async () => {
    const browser = new Browser();
    await browser.register(`lifecycle_${Date.now() % 1_000_000}`);
    const requestId = await processedRequest(browser);
    const request = await body<{ originalPath: string; formatId: number }>(
      await browser.call(`/api/image-requests/${requestId}`),
    );
    const uploadId = request.originalPath.split('/').pop()!.split('.')[0]!;
    const download = await browser.call(`/api/download/${requestId}`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    // A single-plan payment for it, to see the record survive the files.
    const now = Date.now();
    const paymentId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, amount_cents, currency, status, image_request_id, granted_at, access_expires_at, created_at, updated_at) VALUES (?, ?, 'single', 199, 'usd', 'succeeded', ?, ?, ?, ?, ?)",
    )
      .bind(paymentId, `pi_${crypto.randomUUID()}`, requestId, now, now + 30 * DAY_MS, now, now)
      .run();
    expect((await env.BUCKET.list({ prefix: uploadPrefix(uploadId) })).objects).toHaveLength(2); // the original; the output with its preview

    // Six days on, the cron leaves it alone.
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + 6 * DAY_MS));
    await runDailyCron(now + 6 * DAY_MS);
    expect((await browser.call(request.originalPath)).status).toBe(200);

    // Eight days on, everything under the upload is gone and the rows say so.
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + 8 * DAY_MS));
    await runDailyCron(now + 8 * DAY_MS);
    expect((await env.BUCKET.list({ prefix: uploadPrefix(uploadId) })).objects).toHaveLength(0);

    const gone: [string, RequestInit & { json?: unknown }][] = [
      [request.originalPath, {}],
      [`/api/image-requests/${requestId}`, {}],
      [`/api/download/${requestId}`, {}],
      [`/api/download/${requestId}/${request.formatId}`, {}],
      [`/api/preview/${requestId}/${request.formatId}`, {}],
      [`/api/process-image/${requestId}`, { method: 'POST' }],
      [`/api/conversions/${requestId}`, {}],
      [`/api/batch-process/${requestId}`, { method: 'POST', json: { formats: [19] } }],
      [`/api/download-zip/${requestId}?formats=${request.formatId}`, {}],
      ['/api/create-payment-intent', { method: 'POST', json: { planId: 'single', imageRequestId: requestId } }],
    ];
    for (const [path, init] of gone) {
      const res = await browser.call(path, init);
      expect([path, res.status]).toEqual([path, 410]);
      expect((await body(res)).message).toMatch(/deleted|no longer stored/);
    }
    expect((await body(await browser.call(`/api/download/${requestId}`))).message).toBe(EXPIRED_MESSAGE);

    // The purchase stays in the account, marked expired, with nothing to download; the payment row stays.
    const purchases = await body<{ id: string; expired: boolean; processedPath: string | null }[]>(
      await browser.call('/api/user/purchases'),
    );
    expect(purchases.find((p) => p.id === requestId)).toMatchObject({ expired: true, processedPath: null });
    expect(
      await env.DB.prepare('SELECT status, image_request_id FROM payments WHERE id = ?').bind(paymentId).first(),
    ).toEqual({ status: 'succeeded', image_request_id: requestId });
  });

  it('lets a creation on an expired upload fail with 410 and store nothing new', async () => {
    const browser = new Browser();
    const requestId = await processedRequest(browser);
    const { originalPath } = await body<{ originalPath: string }>(
      await browser.call(`/api/image-requests/${requestId}`),
    );
    const later = Date.now() + 7 * DAY_MS + 60_000;
    vi.spyOn(clock, 'now').mockReturnValue(new Date(later));
    await runDailyCron(later);
    const res = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: 'rgb.png',
        originalPath,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width: 100, height: 25, zoom: 1 },
      },
    });
    expect(res.status).toBe(410);
    const uploadId = originalPath.split('/').pop()!.split('.')[0]!;
    expect((await env.BUCKET.list({ prefix: uploadPrefix(uploadId) })).objects).toHaveLength(0);
  });
});

describe('an upload is stored whole or not at all', () => {
  const file = { name: 'photo.jpg', bytes: fixture('baseline.jpg') };
  const rowsNamed = (name: string) =>
    env.DB.prepare('SELECT id FROM uploads WHERE original_filename = ?').bind(name).all();
  const originals = async () =>
    (await env.BUCKET.list({ prefix: 'uploads/' })).objects.filter((o) => o.key.endsWith('/original')).length;

  it('keeps no row when R2 refuses the file, and no file when D1 refuses the row', async () => {
    const deps = depsFrom(env);
    const refusing = new Proxy(env.BUCKET, {
      get(bucket, name) {
        if (name === 'put') return () => Promise.reject(new Error('R2 unavailable'));
        const value = Reflect.get(bucket, name, bucket) as unknown;
        return typeof value === 'function' ? value.bind(bucket) : value;
      },
    });
    const anonymous = { user: null, ip: '10.9.9.9', visitorId: crypto.randomUUID() };
    const named = { ...file, name: `refused-by-r2-${crypto.randomUUID()}.jpg` };
    await expect(storeUpload({ ...deps, bucket: refusing }, named, anonymous)).rejects.toThrow('R2 unavailable');
    expect((await rowsNamed(named.name)).results).toEqual([]);

    // A user that does not exist: the row's owner fails D1's foreign key.
    const before = await originals();
    const ghost = { ...anonymous, user: { id: crypto.randomUUID() } as NonNullable<Caller['user']> };
    await expect(storeUpload(deps, { ...file, name: 'refused-by-d1.jpg' }, ghost)).rejects.toThrow();
    expect(await originals()).toBe(before);
    expect((await rowsNamed('refused-by-d1.jpg')).results).toEqual([]);

    // And a sound one is stored with its row.
    const stored = await storeUpload(deps, { ...file, name: named.name }, anonymous);
    expect((await rowsNamed(named.name)).results).toHaveLength(1);
    expect(await env.BUCKET.head(stored.r2Key)).not.toBeNull();
  });
});

describe('the single tool reads an upload from R2 only when this isolate has not kept it', () => {
  it('renders the first result and another output type from the kept file, and reads the file after another upload', async () => {
    const reads: string[] = [];
    const counting = new Proxy(env.BUCKET, {
      get(bucket, name) {
        if (name === 'get')
          return (key: string, ...rest: unknown[]) => {
            reads.push(key);
            return (bucket.get as (...args: unknown[]) => unknown)(key, ...rest);
          };
        const value = Reflect.get(bucket, name, bucket) as unknown;
        return typeof value === 'function' ? value.bind(bucket) : value;
      },
    });
    const browser = new Browser(undefined, { BUCKET: counting });
    const originals = () => reads.filter((key) => key.endsWith('/original'));
    const id = await bannerRequest(browser);
    const process = (output: { type: string; quality: number }) =>
      browser.call(`/api/process-image/${id}`, { method: 'POST', json: { output } });
    expect((await process({ type: 'jpeg', quality: 82 })).status).toBe(200);
    expect((await process({ type: 'png', quality: 90 })).status).toBe(200);
    expect(originals()).toEqual([]);

    // Another upload takes the isolate's place: the next render reads its own file again.
    expect((await browser.upload('other.png', fixture('rgb.png'))).status).toBe(201);
    expect((await process({ type: 'jpeg', quality: 70 })).status).toBe(200);
    expect(originals()).toHaveLength(1);
    // Each render made the file it was asked for.
    const file = await browser.call(`/api/download/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/jpeg');
  });
});
