/**
 * A size of the user's own through the API (docs/product.md, "Custom sizes"): the single tool's
 * request and its other formats, the batch, and the adjusters (banners and profile pictures only),
 * each file at its exact size, in the chosen type and under the chosen cap, checked by the server.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { customFormatId } from '../../shared/custom-format';
import type { ConversionResponse, ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { inspectImage } from '@social-resizer/engine';
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
    expect(file.headers.get('Content-Disposition')).toContain('beach-custom-size-1234x567-jpeg-max-150kb.jpg');
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

  it('names apart the files of sizes that share their pixels: each download, the request ZIP and the batch ZIP', async () => {
    const user = new Browser().signIn(await insertSession(await insertUser('custom-names', { unlimited: true })));
    // Four sizes of 1200 × 600 that differ only in the type and cap asked, beside the catalogue.
    const same = [
      { type: 'auto' as const, capKb: null },
      { type: 'jpeg' as const, capKb: null },
      { type: 'jpeg' as const, capKb: 200 },
      { type: 'auto' as const, capKb: 300 },
    ].map((asked) => customFormatId({ width: 1200, height: 600, ...asked }));
    const formats = [...same, 17];
    const request = async () => {
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
          purpose: 'fan-out',
        },
      });
      return (await body<{ id: string }>(created)).id;
    };
    const expected = [
      'beach-custom-size-1200x600.jpg',
      'beach-custom-size-1200x600-jpeg.jpg',
      'beach-custom-size-1200x600-jpeg-max-200kb.jpg',
      'beach-custom-size-1200x600-max-300kb.jpg',
      'beach-instagram-story-1080x1920.jpg',
    ].sort();
    /** The names a ZIP holds (its files, then checks.txt's), each checked to be a file that decodes. */
    const unzipped = async (res: Response) => {
      expect(res.status).toBe(200);
      const { 'checks.txt': checks, ...files } = unzipSync(new Uint8Array(await res.arrayBuffer()));
      for (const bytes of Object.values(files)) expect(inspectImage(bytes).type).toBe('jpeg');
      const listed = new TextDecoder()
        .decode(checks)
        .split('\n')
        .filter((line) => /\.(jpg|png|webp)$/.test(line));
      return { files: Object.keys(files), listed };
    };

    const id = await request();
    expect((await user.call(`/api/batch-process/${id}`, { method: 'POST', json: { formats } })).status).toBe(202);
    expect(Object.values((await settle(user, id)).results)).toEqual(formats.map(() => 'complete'));
    const downloads = [];
    for (const formatId of formats) {
      const res = await user.call(`/api/download/${id}/${formatId}`);
      downloads.push(/filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1]);
      await res.arrayBuffer();
    }
    expect(downloads.sort()).toEqual(expected);
    const zip = await unzipped(await user.call(`/api/download-zip/${id}?formats=${formats.join(',')}`));
    expect(zip.files.sort()).toEqual(expected);
    expect(zip.listed.sort()).toEqual(expected);

    const photos = [await request(), await request()];
    const batch = await body<{ id: string }>(
      await user.call('/api/batches', { method: 'POST', json: { requestIds: photos, formats } }),
    );
    for (let i = 0; i < 100; i++) {
      const status = await body<{ totals: { processing: number } }>(await user.call(`/api/batches/${batch.id}`));
      if (status.totals.processing === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const inFolders = [
      ...expected.map((name) => `beach/${name}`),
      ...expected.map((name) => `beach (2)/${name}`),
    ].sort();
    const batchZip = await unzipped(await user.call(`/api/batches/${batch.id}/zip`));
    expect(batchZip.files.sort()).toEqual(inFolders);
    expect(batchZip.listed.sort()).toEqual(inFolders);
  });
});
