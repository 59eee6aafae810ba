/**
 * Output types through the API: the choice at creation and at the download step, what a platform
 * refuses, the right Content-Type and extension, the adjusters' results and the ZIP.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { inspectImage } from '@social-resizer/engine';
import { body, Browser, decodeFile, fixture, settle } from './helpers';

async function photoRequest(
  browser: Browser,
  target: { platform: string; format: string; width: number; height: number },
  output?: unknown,
): Promise<string> {
  const upload = await body<UploadResponse>(await browser.upload('beach.jpg', fixture('baseline.jpg')));
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      ...target,
      cropDetails: { x: 0, y: 0, width: upload.width, height: upload.height, zoom: 1 },
      ...(output ? { output } : {}),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await body<{ id: string }>(created)).id;
}

async function process(browser: Browser, id: string, json?: unknown): Promise<ImageRequestResponse> {
  const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', ...(json ? { json } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return body<ImageRequestResponse>(res);
}

async function downloaded(res: Response) {
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const picture = await decodeFile(bytes);
  return {
    type: picture.type,
    width: picture.width,
    height: picture.height,
    size: bytes.length,
    contentType: res.headers.get('content-type'),
    name: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1],
  };
}

const LINKEDIN_BANNER = { platform: 'linkedin', format: 'banner', width: 1584, height: 396 };
const X_POST = { platform: 'twitter', format: 'post landscape', width: 1600, height: 900 };

describe('output types', () => {
  it('gives the type chosen at creation, with its Content-Type, extension and real size', async () => {
    const browser = new Browser();
    const id = await photoRequest(browser, LINKEDIN_BANNER, { type: 'png' });
    const result = await process(browser, id);
    expect(result.output).toEqual({ type: 'png', quality: 82 });
    expect(result.file).toMatchObject({ type: 'png', quality: null });
    const file = await downloaded(await browser.call(`/api/download/${id}`));
    expect(file).toMatchObject({
      type: 'png',
      width: 1584,
      height: 396,
      contentType: 'image/png',
      name: 'beach-linkedin-banner-1584x396.png',
      size: result.file?.size,
    });
  });

  it('makes the file again in another type or quality at the download step, without another charge', async () => {
    const browser = new Browser();
    const id = await photoRequest(browser, X_POST);
    expect((await process(browser, id)).file?.type).toBe('jpeg');
    await downloaded(await browser.call(`/api/download/${id}`)); // the free download
    const webp = await process(browser, id, { output: { type: 'webp', quality: 70 } });
    expect(webp.output).toEqual({ type: 'webp', quality: 70 });
    expect(webp.file).toMatchObject({ type: 'webp', quality: 70 });
    const file = await downloaded(await browser.call(`/api/download/${id}`));
    expect(file).toMatchObject({
      type: 'webp',
      contentType: 'image/webp',
      name: 'beach-twitter-post-landscape-1600x900.webp',
      width: 1600,
      size: webp.file?.size,
    });
    const lower = await process(browser, id, { output: { type: 'jpeg', quality: 50 } });
    expect(lower.file).toMatchObject({ type: 'jpeg', quality: 50 });
    expect(lower.file!.size).toBeLessThan(
      (await process(browser, id, { output: { type: 'jpeg', quality: 95 } })).file!.size,
    );
  });

  it('gives Auto for a type the platform refuses, and refuses unknown types and qualities', async () => {
    const browser = new Browser();
    const id = await photoRequest(browser, LINKEDIN_BANNER);
    // LinkedIn names JPEG and PNG, not WebP: the photograph becomes a JPEG.
    const result = await process(browser, id, { output: { type: 'webp', quality: 82 } });
    expect(result.file?.type).toBe('jpeg');
    expect((await downloaded(await browser.call(`/api/download/${id}`))).contentType).toBe('image/jpeg');

    for (const [output, message] of [
      [{ type: 'gif' }, /^output\.type: type must be one of auto, jpeg, png, webp/],
      [{ type: 'jpeg', quality: 5 }, /^output\.quality: quality must be at least 40/],
      [{ type: 'jpeg', quality: 100.5 }, /^output\.quality: /],
    ] as const) {
      const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { output } });
      expect(res.status).toBe(400);
      expect((await body(res)).message).toMatch(message);
    }
    const created = await browser.call('/api/image-requests', {
      method: 'POST',
      json: { output: { type: 'bmp' } },
    });
    expect(created.status).toBe(400);
  });

  it('gives an App Store icon as PNG whatever was chosen, flattened without alpha', async () => {
    const browser = new Browser();
    const id = await photoRequest(
      browser,
      { platform: 'app store', format: 'app icon', width: 1024, height: 1024 },
      { type: 'jpeg', quality: 82 },
    );
    expect((await process(browser, id)).file?.type).toBe('png');
    const bytes = new Uint8Array(await (await browser.call(`/api/download/${id}`)).arrayBuffer());
    expect(inspectImage(bytes)).toMatchObject({ type: 'png', colorType: 2 });
  });

  it('gives the adjusters results and the ZIP in the chosen type', async () => {
    const browser = new Browser();
    const id = await photoRequest(browser, { platform: 'twitter', format: 'header', width: 1500, height: 500 });
    const res = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: 29, targetFormatIds: [20, 61], useAi: false, output: { type: 'jpeg', quality: 60 } },
    });
    expect(res.status).toBe(202);
    const status = await settle(browser, id);
    expect(status.results).toEqual({ 20: 'complete', 61: 'complete' });
    expect(status.files[20]).toMatchObject({ type: 'jpeg', quality: 60 });
    const { 'checks.txt': _checks, ...zip } = unzipSync(
      new Uint8Array(await (await browser.call(`/api/download-zip/${id}?formats=20,61`)).arrayBuffer()),
    );
    expect(Object.keys(zip).sort()).toEqual([
      'beach-google-play-store-feature-graphic-1024x500.jpg',
      'beach-linkedin-banner-1584x396.jpg',
    ]);
    const entry = zip['beach-linkedin-banner-1584x396.jpg']!;
    expect(inspectImage(entry).type).toBe('jpeg');
    expect(entry.length).toBe(status.files[20]?.size);
  });
});
