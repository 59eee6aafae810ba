/**
 * Every failure names its own cause (docs/product.md, "Single Image tool"): a target fails only for its own
 * reason, a message suggests only what would work, a thing that is gone answers 410 from every
 * route, and a 503 always carries Retry-After and means a retry can work.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { customFormatId } from '../../shared/custom-format';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { encodePng } from '@social-resizer/engine';
import { bannerRequest, body, Browser, fixture, insertSession, insertUser } from './helpers';

const INSTAGRAM_STORY = 17;
const YOUTUBE_BANNER = 36;

/** A picture of noise: no file type brings it under a few kilobytes at its size. */
async function noisePng(width: number, height: number): Promise<Uint8Array> {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  return encodePng({ width, height, data }, { alpha: 'drop' });
}

async function requestOf(browser: Browser, upload: UploadResponse, formatId: number, width: number, height: number) {
  const res = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      platform: 'custom',
      format: 'size',
      width,
      height,
      formatId,
      cropDetails: { x: 0, y: 0, width: upload.width, height: upload.height, zoom: 1 },
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<{ id: string }>(res)).id;
}

describe('each target fails for its own reason', () => {
  it('renders the other formats when the own format cannot be made, and answers 422 with its reason', async () => {
    const browser = new Browser();
    const upload = await body<UploadResponse>(await browser.upload('noise.png', await noisePng(1000, 700)));
    // A PNG of 1000 × 700 capped at 10 KB: no type the size accepts (PNG only) can meet it.
    const own = customFormatId({ width: 1000, height: 700, type: 'png', capKb: 10 });
    const id = await requestOf(browser, upload, own, 1000, 700);
    const res = await browser.call(`/api/process-image/${id}`, {
      method: 'POST',
      json: { formats: [INSTAGRAM_STORY, YOUTUBE_BANNER] },
    });
    expect(res.status).toBe(422);
    const { message } = await body(res);
    expect(message).toMatch(/limit of 10 KB in any type the platform accepts/);
    expect(message).not.toMatch(/Auto|JPEG/);
    const request = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect(request).toMatchObject({ status: 'failed', error: message });
    // The others were made, each as its own format asks: none borrows the own format's failure.
    expect(request.outputs.map((o) => [o.formatId, o.status, o.error])).toEqual([
      [INSTAGRAM_STORY, 'complete', null],
      [YOUTUBE_BANNER, 'complete', null],
    ]);
  });

  it('suggests with Auto only a type that fits, never Auto itself', async () => {
    const browser = new Browser();
    const upload = await body<UploadResponse>(await browser.upload('noise.png', await noisePng(1000, 700)));
    const own = customFormatId({ width: 1000, height: 700, type: 'auto', capKb: 10 });
    const id = await requestOf(browser, upload, own, 1000, 700);
    const res = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    expect(res.status).toBe(422);
    const { message } = await body(res);
    expect(message).not.toMatch(/Auto/);
    // WebP at its lowest quality is the only type that could; said only if it fits.
    if (/choose/.test(message)) expect(message).toMatch(/choose WEBP, which fits/);
  });
});

describe('a picture whose original is gone', () => {
  it('answers 410 from every route that needs the picture, every time', async () => {
    const user = new Browser().signIn(await insertSession(await insertUser('gone-original', { unlimited: true })));
    const id = await bannerRequest(user, undefined, 'rgb.png', 'fan-out');
    const { upload } = await body<ImageRequestResponse>(await user.call(`/api/image-requests/${id}`));
    const single = await bannerRequest(user);
    const singleUpload = (await body<ImageRequestResponse>(await user.call(`/api/image-requests/${single}`))).upload;
    // Lost from storage (not deleted after 7 days: its rows still say it is there), and not kept by
    // this isolate: another upload took its place.
    for (const u of [upload, singleUpload]) await env.BUCKET.delete(`uploads/${u.id}/original`);
    expect((await user.upload('other.png', fixture('rgb.png'))).status).toBe(201);

    const routes: Array<[string, () => Promise<Response>]> = [
      ['detection', () => user.call(`/api/upload/${upload.id}/detection`)],
      ['process-image', () => user.call(`/api/process-image/${single}`, { method: 'POST' })],
      [
        'banner-convert',
        () =>
          user.call(`/api/banner-convert/${id}`, {
            method: 'POST',
            json: { sourceFormatId: 20, targetFormatIds: [YOUTUBE_BANNER], useAi: true },
          }),
      ],
      [
        'profile-convert',
        () =>
          user.call(`/api/profile-convert/${id}`, {
            method: 'POST',
            json: { sourceFormatId: null, targetFormatIds: [12] },
          }),
      ],
    ];
    for (let round = 0; round < 2; round++)
      for (const [route, send] of routes) {
        const res = await send();
        expect(res.status, `${route}, round ${round}`).toBe(410);
        expect((await body(res)).message).toMatch(/no longer stored/);
      }
  });

  it('answers 503 with Retry-After when the picture cannot be read just now, and the answer on a retry', async () => {
    const failing = { fail: true };
    const bucket = new Proxy(env.BUCKET, {
      get(target, name) {
        if (name === 'get' && failing.fail) return () => Promise.reject(new Error('R2 is unreachable'));
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const browser = new Browser(undefined, { BUCKET: bucket });
    const id = await bannerRequest(browser);
    const { upload } = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect((await browser.upload('other.png', fixture('rgb.png'))).status).toBe(201);
    const res = await browser.call(`/api/upload/${upload.id}/detection`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    failing.fail = false;
    expect((await browser.call(`/api/upload/${upload.id}/detection`)).status).toBe(200);
  });
});
