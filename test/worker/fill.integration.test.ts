/**
 * Fills through the API: chosen at creation, changed at the download step, kept for a re-download,
 * refused when malformed, and applied to the other formats of the same picture.
 */
import { describe, expect, it } from 'vitest';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { body, Browser, decodeFile, fixture } from './helpers';

/** A request for the X header (1500×500) zoomed out so the picture covers only the middle. */
async function zoomedOut(browser: Browser, fill?: unknown): Promise<{ id: string; upload: UploadResponse }> {
  const upload = await body<UploadResponse>(await browser.upload('beach.jpg', fixture('baseline.jpg')));
  const width = upload.width * 2;
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      platform: 'twitter',
      format: 'header',
      width: 1500,
      height: 500,
      cropDetails: { x: -upload.width / 2, y: upload.height / 2 - width / 6, width, height: width / 3, zoom: 0.5 },
      output: { type: 'png', quality: 82 },
      ...(fill ? { fill } : {}),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { id: (await body<{ id: string }>(created)).id, upload };
}

async function process(browser: Browser, id: string, json?: unknown): Promise<ImageRequestResponse> {
  const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', ...(json ? { json } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return body<ImageRequestResponse>(res);
}

async function corner(browser: Browser, path: string) {
  const res = await browser.call(path);
  expect(res.status).toBe(200);
  const picture = await decodeFile(new Uint8Array(await res.arrayBuffer()));
  const at = (x: number, y: number) => [
    ...picture.data.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 4),
  ];
  return { left: at(10, 250), middle: at(750, 250) };
}

describe('fill', () => {
  it('fills outside the picture with the chosen colour, keeps it for a re-download, and changes it at the download step', async () => {
    const browser = new Browser();
    const { id } = await zoomedOut(browser, { kind: 'color', color: '#1E90FF' });
    const processed = await process(browser, id);
    expect(processed.fill).toEqual({ kind: 'color', color: '#1e90ff' });
    expect((await corner(browser, `/api/download/${id}`)).left).toEqual([0x1e, 0x90, 0xff, 255]);
    // Again: the same file.
    expect((await corner(browser, `/api/download/${id}`)).left).toEqual([0x1e, 0x90, 0xff, 255]);

    const blurred = await process(browser, id, { fill: { kind: 'blur' } });
    expect(blurred.fill).toEqual({ kind: 'blur' });
    const after = await corner(browser, `/api/download/${id}`);
    expect(after.left[3]).toBe(255);
    expect(after.left.slice(0, 3)).not.toEqual([0x1e, 0x90, 0xff]);

    const clear = await process(browser, id, { fill: { kind: 'transparent' } });
    expect(clear.fill).toEqual({ kind: 'transparent' });
    expect((await corner(browser, `/api/download/${id}`)).left[3]).toBe(0);
  });

  it('is transparent by default in the single tool, and refuses a malformed fill with a clear message', async () => {
    const browser = new Browser();
    const { id } = await zoomedOut(browser);
    expect((await process(browser, id)).fill).toEqual({ kind: 'transparent' });
    for (const fill of [{ kind: 'color', color: 'red' }, { kind: 'glitter' }, { kind: 'color' }]) {
      const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { fill } });
      expect(res.status).toBe(400);
      expect((await body(res)).message).toMatch(/fill/);
    }
  });

  it('applies a new fill to the other formats of the same picture, framed alike', async () => {
    const browser = new Browser();
    const { id } = await zoomedOut(browser, { kind: 'color', color: '#00ff00' });
    const other = await process(browser, id, { formats: [29, 30], fill: { kind: 'color', color: '#ff0000' } });
    expect(other.outputs.find((o) => o.formatId === 30)?.status).toBe('complete');
    expect((await corner(browser, `/api/download/${id}/30`)).left).toEqual([255, 0, 0, 255]);
  });
});
