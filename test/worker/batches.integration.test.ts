/**
 * Batches for Unlimited Access, through the API in workerd (local D1, R2, queue): many photos to
 * the same formats, progress that lives on the server, one ZIP with a folder per photo.
 */
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findFormat } from '../../shared/formats';
import type { BatchResponse, BatchSummary } from '../../shared/schemas';
import { inspectImage } from '../../worker/imaging';
import { bannerRequest, body, Browser, insertSession, insertUser } from './helpers';

// Instagram and LinkedIn profile pictures, the YouTube channel banner, and the LinkedIn banner: the
// photos' own format (their requests are LinkedIn banners, never processed themselves).
const FORMATS = [12, 19, 36, 20];

async function signedIn(username: string, unlimited: boolean): Promise<Browser> {
  return new Browser().signIn(await insertSession(await insertUser(username, { unlimited })));
}

/** Polls the batch until nothing is processing (the plugin runs the queue consumer). */
async function settleBatch(browser: Browser, id: string): Promise<BatchResponse> {
  for (let i = 0; i < 300; i++) {
    const status = await body<BatchResponse>(await browser.call(`/api/batches/${id}`));
    if (status.totals.processing === 0) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('batch still processing after 30 s');
}

describe('batches', () => {
  it('converts every photo to every format, follows progress on the server and zips a folder per photo', async () => {
    const user = await signedIn('batch-owner', true);
    const photos = [await bannerRequest(user), await bannerRequest(user), await bannerRequest(user)];
    const created = await user.call('/api/batches', {
      method: 'POST',
      json: { requestIds: photos, formats: FORMATS, output: { type: 'png', quality: 82 } },
    });
    expect(created.status).toBe(202);
    const started = await body<BatchResponse>(created);
    expect(started.photos.map((p) => p.requestId)).toEqual(photos);
    expect(started.totals.complete + started.totals.processing).toBe(12);

    const done = await settleBatch(user, started.id);
    expect(done.totals).toEqual({ complete: 12, failed: 0, processing: 0 });
    expect(done.photos.map((p) => p.boxKept)).toEqual([false, false, false]);
    // A return later: the batch is listed, newest first.
    const listed = await body<BatchSummary[]>(await user.call('/api/batches'));
    expect(listed[0]).toMatchObject({ id: started.id, photos: 3, formats: 4, totals: done.totals });

    const zip = await user.call(`/api/batches/${started.id}/zip`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    // Three photos named rgb.png: three folders, numbered, four files each.
    const folders: Record<string, number> = {};
    for (const name of Object.keys(files)) folders[name.split('/')[0]!] = (folders[name.split('/')[0]!] ?? 0) + 1;
    expect(folders).toEqual({ rgb: 4, 'rgb (2)': 4, 'rgb (3)': 4 });
    for (const [name, bytes] of Object.entries(files)) {
      const format = FORMATS.map((id) => findFormat(id)!).find((f) => name.includes(`${f.width}x${f.height}`));
      expect(format, name).toBeDefined();
      expect([inspectImage(bytes).width, inspectImage(bytes).height]).toEqual([format!.width, format!.height]);
    }
  });

  it('keeps the box drawn for a photo in its formats, the others framed automatically', async () => {
    const user = await signedIn('batch-box', true);
    const [boxed, plain] = [await bannerRequest(user), await bannerRequest(user)];
    const box = { x: 20, y: 10, width: 60, height: 40 };
    const offPicture = await user.call('/api/batches', {
      method: 'POST',
      json: { requestIds: [boxed], formats: [12], focus: { [boxed]: { x: 5000, y: 5000, width: 10, height: 10 } } },
    });
    expect(offPicture.status).toBe(400);
    const stranger = await user.call('/api/batches', {
      method: 'POST',
      json: { requestIds: [boxed], formats: [12], focus: { [plain]: box } },
    });
    expect(stranger.status).toBe(400);
    const created = await body<BatchResponse>(
      await user.call('/api/batches', {
        method: 'POST',
        json: { requestIds: [boxed, plain], formats: [12, 36], focus: { [boxed]: box } },
      }),
    );
    const done = await settleBatch(user, created.id);
    expect(done.totals.complete).toBe(4);
    expect(done.photos.map((p) => p.boxKept)).toEqual([true, false]);
    // Each file says how it was framed: the drawn box, else planned from what was found.
    for (const [photo, framing] of [
      [done.photos[0]!, 'box'],
      [done.photos[1]!, 'planned'],
    ] as const) {
      expect(Object.keys(photo.framings).sort()).toEqual(['12', '36']);
      for (const id of ['12', '36']) expect(photo.framings[id]!.framing).toBe(framing);
    }
  });

  it('is for Unlimited Access, its own photos, and its owner only', async () => {
    const visitor = new Browser();
    const own = await bannerRequest(visitor);
    const refused = await visitor.call('/api/batches', { method: 'POST', json: { requestIds: [own], formats: [12] } });
    expect(refused.status).toBe(402);

    const registered = await signedIn('batch-registered', false);
    const mine = await bannerRequest(registered);
    expect(
      (await registered.call('/api/batches', { method: 'POST', json: { requestIds: [mine], formats: [12] } })).status,
    ).toBe(402);

    const user = await signedIn('batch-unlimited', true);
    // Someone else's photo is not found, and nothing is recorded.
    const before = await env.DB.prepare('SELECT count(*) AS n FROM batches').first<{ n: number }>();
    const foreign = await user.call('/api/batches', { method: 'POST', json: { requestIds: [own], formats: [12] } });
    expect(foreign.status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM batches').first<{ n: number }>()).toEqual(before);

    const photo = await bannerRequest(user);
    const created = await body<BatchResponse>(
      await user.call('/api/batches', { method: 'POST', json: { requestIds: [photo], formats: [12] } }),
    );
    const stranger = await signedIn('batch-stranger', true);
    expect((await stranger.call(`/api/batches/${created.id}`)).status).toBe(404);
    expect((await stranger.call(`/api/batches/${created.id}/zip`)).status).toBe(404);

    // After the 7-day deletion the batch says so and its ZIP is gone.
    await settleBatch(user, created.id);
    await env.DB.prepare(
      'UPDATE uploads SET expired_at = ? WHERE id = (SELECT upload_id FROM image_requests WHERE id = ?)',
    )
      .bind(Date.now(), photo)
      .run();
    const expired = await body<BatchResponse>(await user.call(`/api/batches/${created.id}`));
    expect(expired.photos[0]?.expired).toBe(true);
    expect((await user.call(`/api/batches/${created.id}/zip`)).status).toBe(410);
  });

  it('refuses more than 50 photos, unknown formats and a whole batch over the hourly limit, recording nothing', async () => {
    const user = await signedIn('batch-limits', true);
    const photo = await bannerRequest(user);
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID());
    const many = await user.call('/api/batches', { method: 'POST', json: { requestIds: tooMany, formats: [12] } });
    expect(many.status).toBe(400);
    expect((await body(many)).message).toMatch(/At most 50 photos/);
    const unknown = await user.call('/api/batches', { method: 'POST', json: { requestIds: [photo], formats: [9999] } });
    expect(unknown.status).toBe(400);

    // 1000 conversions an hour for Unlimited: 14 photos × 74 formats is over it.
    const photos = [photo];
    for (let i = 0; i < 13; i++) photos.push(await bannerRequest(user));
    const before = await env.DB.prepare('SELECT count(*) AS n FROM conversions').first<{ n: number }>();
    const all = Array.from({ length: 74 }, (_, i) => i + 1);
    const over = await user.call('/api/batches', { method: 'POST', json: { requestIds: photos, formats: all } });
    expect(over.status).toBe(429);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM conversions').first<{ n: number }>()).toEqual(before);
  });
});
