/**
 * A size of the user's own through the API (docs/product.md, "Custom sizes"): the single tool's
 * request and its other formats, the batch, and the adjusters (banners and profile pictures only),
 * each file at its exact size, in the chosen type and under the chosen cap, checked by the server.
 */
import { describe, expect, it } from 'vitest';
import { customFormatId } from '../../shared/custom-format';
import type { ConversionResponse, ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { body, Browser, decodeFile, fixture, insertSession, insertUser, settle } from './helpers';

const SIZE = { width: 1234, height: 567, type: 'jpeg' as const, capKb: 150 };
const ID = customFormatId(SIZE);

async function upload(browser: Browser): Promise<UploadResponse> {
  return body<UploadResponse>(await browser.upload('beach.jpg', fixture('baseline.jpg')));
}

describe('custom sizes', () => {
  it('makes the single tool’s own format at the size, type and cap asked, and downloads it', async () => {
    const browser = new Browser();
    const photo = await upload(browser);
    const created = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: photo.originalFilename,
        originalPath: photo.path,
        platform: 'custom',
        format: 'size',
        width: 1234,
        height: 567,
        formatId: ID,
        cropDetails: { x: 0, y: 0, width: photo.width, height: (photo.width * 567) / 1234, zoom: 1 },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await body<{ id: string }>(created);
    const processed = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    expect(processed.status).toBe(200);
    const request = await body<ImageRequestResponse>(processed);
    expect(request.file?.check).toMatchObject({
      ready: true,
      width: 1234,
      height: 567,
      type: 'jpeg',
      maxBytes: 150_000,
    });

    const file = await browser.call(`/api/download/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toContain('beach-custom-size-1234x567.jpg');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(150_000);
    const picture = await decodeFile(bytes);
    expect([picture.type, picture.width, picture.height]).toEqual(['jpeg', 1234, 567]);
  });

  it('refuses a size the engine cannot make, and a mismatched one, with the reason', async () => {
    const browser = new Browser();
    const photo = await upload(browser);
    const ask = (formatId: number, width = 1234, height = 567) =>
      browser.call('/api/image-requests', {
        method: 'POST',
        json: {
          originalFilename: photo.originalFilename,
          originalPath: photo.path,
          platform: 'custom',
          format: 'size',
          width,
          height,
          formatId,
          cropDetails: { x: 0, y: 0, width: 100, height: 100, zoom: 1 },
        },
      });
    const tooBig = await ask(2 ** 40 + 5000 * 4097 * 4 * 100_001, 5000, 100);
    expect(tooBig.status).toBe(400);
    expect((await body(tooBig)).message).toMatch(/custom size cannot be made/);
    const mismatched = await ask(ID, 1000, 567);
    expect(mismatched.status).toBe(422);
  });

  it('makes it in a batch and in the banner adjuster (banner-shaped only) beside catalogue formats', async () => {
    const user = new Browser().signIn(await insertSession(await insertUser('custom-batch', { unlimited: true })));
    const photo = await upload(user);
    const created = await user.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: photo.originalFilename,
        originalPath: photo.path,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width: photo.width, height: photo.width / 4, zoom: 1 },
      },
    });
    const { id } = await body<{ id: string }>(created);
    const wide = customFormatId({ width: 2000, height: 500, type: 'png', capKb: null });
    const started = await user.call(`/api/batch-process/${id}`, { method: 'POST', json: { formats: [ID, wide, 17] } });
    expect(started.status, await started.clone().text()).toBe(202);
    const status: ConversionResponse = await settle(user, id);
    expect(status.results).toEqual({ [ID]: 'complete', [wide]: 'complete', 17: 'complete' });
    expect(status.files[ID]).toMatchObject({ type: 'jpeg', check: { ready: true, width: 1234, height: 567 } });
    expect(status.files[wide]).toMatchObject({ type: 'png', check: { ready: true, width: 2000, height: 500 } });

    // The free banner adjuster takes a banner-shaped size of the user's own, not any other.
    const banner = await user.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: 20, targetFormatIds: [wide], useAi: false },
    });
    expect(banner.status, await banner.clone().text()).toBe(202);
    const square = customFormatId({ width: 800, height: 800, type: 'auto', capKb: null });
    const refused = await user.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: 20, targetFormatIds: [square], useAi: false },
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).message).toMatch(/must be a banner/);
  });
});
