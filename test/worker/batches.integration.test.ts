/**
 * Batches for Unlimited Access, through the API in workerd (local D1, R2, queue): many photos to
 * the same formats, progress that lives on the server, one ZIP with a folder per photo.
 */
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findFormat } from '../../shared/formats';
import type { BatchPhoto, BatchResponse, BatchSummary } from '../../shared/schemas';
import { inspectImage } from '@social-resizer/engine';
import pairUrl from '../../bench/eval/photos/obama-biden-pair.jpg?inline';
import personUrl from '../fixtures/people/astronaut-landscape.jpg?inline';
import { bannerRequest, body, Browser, decodeFile, insertSession, insertUser } from './helpers';

// Instagram and LinkedIn profile pictures, the YouTube channel banner, and the LinkedIn banner: the
// photos' own format (their requests are LinkedIn banners, never processed themselves).
const FORMATS = [12, 19, 36, 20];

const INSTAGRAM_STORY = 17;
const INSTAGRAM_LANDSCAPE = 16;
const bytesOf = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
/** Real landscape photos with people (test/fixtures/people/README.md, bench/eval/README.md). */
const PERSON = bytesOf(personUrl);
const PAIR = bytesOf(pairUrl);

/** Uploads a photo and makes its request as the Batch page does: the first format, its largest centred crop. */
async function photoRequest(browser: Browser, name: string, bytes: Uint8Array, formatId: number) {
  const upload = await body<{ path: string; originalFilename: string; width: number; height: number }>(
    await browser.upload(name, bytes),
  );
  const format = findFormat(formatId)!;
  const aspect = format.width / format.height;
  const width = upload.width / upload.height > aspect ? upload.height * aspect : upload.width;
  const height = width / aspect;
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      platform: format.platform,
      format: format.format,
      width: format.width,
      height: format.height,
      cropDetails: { x: (upload.width - width) / 2, y: (upload.height - height) / 2, width, height, zoom: 1 },
      purpose: 'fan-out',
    },
  });
  expect(created.status).toBe(201);
  return { id: (await body<{ id: string }>(created)).id, picture: { width: upload.width, height: upload.height } };
}

/** A photo's request as the Batch page makes it: a LinkedIn banner with no file of its own (a fan-out's). */
const batchPhoto = (browser: Browser) => bannerRequest(browser, undefined, 'rgb.png', 'fan-out');

/** The share of a crop that lies outside the picture: the backdrop an output shows. */
function backdropShare(
  crop: { x: number; y: number; width: number; height: number },
  picture: { width: number; height: number },
) {
  const w = Math.max(0, Math.min(picture.width, crop.x + crop.width) - Math.max(0, crop.x));
  const h = Math.max(0, Math.min(picture.height, crop.y + crop.height) - Math.max(0, crop.y));
  return 1 - (w * h) / (crop.width * crop.height);
}

async function signedIn(username: string, unlimited: boolean): Promise<Browser> {
  return new Browser().signIn(await insertSession(await insertUser(username, { unlimited })));
}

/**
 * Follows the batch as the Batch page does until nothing is processing (the plugin runs the queue
 * consumer): each call names the answer it has and is held until the progress changes.
 */
async function settleBatch(browser: Browser, id: string): Promise<BatchResponse> {
  let status: BatchResponse | null = null;
  let etag: string | null = null;
  for (let i = 0; i < 60; i++) {
    const res = await browser.call(`/api/batches/${id}`, {
      headers: etag ? { 'If-None-Match': etag, Prefer: 'wait=5' } : {},
    });
    expect([200, 304]).toContain(res.status);
    etag = res.headers.get('ETag');
    if (res.status === 200) status = await body<BatchResponse>(res);
    if (status?.totals.processing === 0) return status;
  }
  throw new Error('batch still processing after 60 calls');
}

describe('batches', () => {
  it('converts every photo to every format, follows progress on the server and zips a folder per photo', async () => {
    const user = await signedIn('batch-owner', true);
    const photos = [await batchPhoto(user), await batchPhoto(user), await batchPhoto(user)];
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
    const { 'checks.txt': checks, ...files } = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(new TextDecoder().decode(checks).match(/\n {2}Ready for /g)).toHaveLength(12);
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
    const [boxed, plain] = [await batchPhoto(user), await batchPhoto(user)];
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

  it('frames landscape photos with people as the adjusters do: a crop where the faces fit, the blurred picture where none can, no transparent band', async () => {
    const user = await signedIn('batch-framing', true);
    const person = await photoRequest(user, 'person.jpg', PERSON, INSTAGRAM_STORY);
    const pair = await photoRequest(user, 'pair.jpg', PAIR, INSTAGRAM_STORY);
    // As the page starts a batch the user left at its defaults: Auto, the fill not changed.
    const created = await body<BatchResponse>(
      await user.call('/api/batches', {
        method: 'POST',
        json: {
          requestIds: [person.id, pair.id],
          formats: [INSTAGRAM_STORY, INSTAGRAM_LANDSCAPE],
          output: { type: 'auto', quality: 82 },
        },
      }),
    );
    const done = await settleBatch(user, created.id);
    expect(done.totals).toEqual({ complete: 4, failed: 0, processing: 0 });
    const [one, two] = done.photos as [BatchPhoto, BatchPhoto];

    // Every file is a photograph with no empty pixel: a JPEG under Auto.
    for (const [photo, request] of [
      [one, person],
      [two, pair],
    ] as const)
      for (const formatId of [INSTAGRAM_STORY, INSTAGRAM_LANDSCAPE]) {
        const file = await decodeFile(
          new Uint8Array(await (await user.call(`/api/download/${request.id}/${formatId}`)).arrayBuffer()),
        );
        expect(file.type, `${photo.originalFilename} ${formatId}`).toBe('jpeg');
        let clear = 0;
        for (let i = 3; i < file.data.length; i += 4) if ((file.data[i] as number) < 255) clear++;
        expect(clear).toBe(0);
      }

    // One person in a landscape photo: the story is a crop on her, nothing filled.
    const story = one.framings[INSTAGRAM_STORY]!;
    expect(story).toMatchObject({ framing: 'planned', extended: false, kept: { faces: 1 } });
    expect(backdropShare(story.crop!, person.picture)).toBeLessThan(0.005);
    // Two people far apart: the landscape post holds both as a crop; no 9:16 crop can, so the
    // story extends, with the picture blurred (never an empty band), and keeps both whole.
    expect(two.framings[INSTAGRAM_LANDSCAPE]).toMatchObject({ extended: false, kept: { faces: 2 } });
    expect(backdropShare(two.framings[INSTAGRAM_LANDSCAPE]!.crop!, pair.picture)).toBeLessThan(0.005);
    expect(two.framings[INSTAGRAM_STORY]).toMatchObject({ framing: 'planned', extended: true, kept: { faces: 2 } });
  });

  it('is for Unlimited Access, its own photos, and its owner only', async () => {
    const visitor = new Browser();
    const own = await batchPhoto(visitor);
    const refused = await visitor.call('/api/batches', { method: 'POST', json: { requestIds: [own], formats: [12] } });
    expect(refused.status).toBe(402);

    const registered = await signedIn('batch-registered', false);
    const mine = await batchPhoto(registered);
    expect(
      (await registered.call('/api/batches', { method: 'POST', json: { requestIds: [mine], formats: [12] } })).status,
    ).toBe(402);

    const user = await signedIn('batch-unlimited', true);
    // Someone else's photo is not found, and nothing is recorded.
    const before = await env.DB.prepare('SELECT count(*) AS n FROM batches').first<{ n: number }>();
    const foreign = await user.call('/api/batches', { method: 'POST', json: { requestIds: [own], formats: [12] } });
    expect(foreign.status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM batches').first<{ n: number }>()).toEqual(before);

    const photo = await batchPhoto(user);
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
    const photo = await batchPhoto(user);
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID());
    const many = await user.call('/api/batches', { method: 'POST', json: { requestIds: tooMany, formats: [12] } });
    expect(many.status).toBe(400);
    expect((await body(many)).message).toMatch(/At most 50 photos/);
    const unknown = await user.call('/api/batches', { method: 'POST', json: { requestIds: [photo], formats: [9999] } });
    expect(unknown.status).toBe(400);

    // 1000 conversions an hour for Unlimited: 14 photos × the first 74 formats is over it.
    const photos = [photo];
    for (let i = 0; i < 13; i++) photos.push(await batchPhoto(user));
    const before = await env.DB.prepare('SELECT count(*) AS n FROM conversions').first<{ n: number }>();
    const all = Array.from({ length: 74 }, (_, i) => i + 1);
    const over = await user.call('/api/batches', { method: 'POST', json: { requestIds: photos, formats: all } });
    expect(over.status).toBe(429);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM conversions').first<{ n: number }>()).toEqual(before);
  });
});
