/**
 * A render's file and preview share one R2 object (one write a render: docs/operations.md, "What it
 * costs"): the download is the file's bytes alone, the preview the bytes after them, and renders
 * stored before, with the preview an object of its own, are still served.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { inspectImage } from '@social-resizer/engine';
import { previewKeyOf } from '../../worker/services/uploads/storage-keys';
import { body, Browser, processedRequest } from './helpers';

const formatOf = async (browser: Browser, id: string) =>
  (await body<{ formatId: number }>(await browser.call(`/api/image-requests/${id}`))).formatId;

async function ownRow(requestId: string) {
  return (await env.DB.prepare(
    'SELECT c.output_key AS key, c.output_size AS size, c.output_type AS type, c.preview_type AS previewType FROM conversions c JOIN image_requests r ON r.id = c.request_id WHERE c.request_id = ? AND c.format_id = r.format_id',
  )
    .bind(requestId)
    .first<{ key: string; size: number; type: string; previewType: string | null }>())!;
}

describe('a render stored as one object', () => {
  it('serves the file alone as the download and the bytes after it as the preview', async () => {
    const browser = new Browser();
    const id = await processedRequest(browser);
    const row = await ownRow(id);
    const object = (await env.BUCKET.get(row.key))!;
    const stored = new Uint8Array(await object.arrayBuffer());
    expect(await env.BUCKET.head(previewKeyOf(row.key))).toBeNull();
    expect(row.previewType).not.toBeNull();
    expect(stored.length).toBeGreaterThan(row.size);

    const download = await browser.call(`/api/download/${id}`);
    expect(download.status).toBe(200);
    const file = new Uint8Array(await download.arrayBuffer());
    expect(Number(download.headers.get('content-length'))).toBe(row.size);
    expect(file).toEqual(stored.subarray(0, row.size));
    expect(inspectImage(file).type).toBe(row.type);

    const preview = await browser.call(`/api/preview/${id}/${await formatOf(browser, id)}`);
    expect(preview.status).toBe(200);
    const previewBytes = new Uint8Array(await preview.arrayBuffer());
    expect(previewBytes).toEqual(stored.subarray(row.size));
    expect(preview.headers.get('content-type')).toBe(`image/${row.previewType}`);
    const shown = inspectImage(previewBytes);
    expect(shown.type).toBe(row.previewType);
    expect(shown.width).toBeLessThan(inspectImage(file).width);
  });

  it('still serves a render stored before, its preview an object of its own', async () => {
    const browser = new Browser();
    const id = await processedRequest(browser);
    const row = await ownRow(id);
    const stored = new Uint8Array(await (await env.BUCKET.get(row.key))!.arrayBuffer());
    const file = stored.slice(0, row.size);
    const previewBytes = stored.slice(row.size);
    // The layout before: the file alone under its key, the preview under previewKeyOf, no preview type.
    await env.BUCKET.put(row.key, file);
    await env.BUCKET.put(previewKeyOf(row.key), previewBytes, {
      httpMetadata: { contentType: `image/${row.previewType}` },
    });
    await env.DB.prepare('UPDATE conversions SET preview_type = NULL WHERE output_key = ?').bind(row.key).run();

    const download = await browser.call(`/api/download/${id}`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(file);
    const preview = await browser.call(`/api/preview/${id}/${await formatOf(browser, id)}`);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(previewBytes);
    expect(preview.headers.get('content-type')).toBe(`image/${row.previewType}`);
  });
});
