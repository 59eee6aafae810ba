/**
 * One isolate, many people (docs/decisions/0019-isolate-memory-budget.md): a small version of
 * `npm run bench -- isolate`, in workerd, where the test and the worker share the isolate's ledger
 * (engine/memory.ts). Concurrent visitors upload, render and fan out while a neighbour
 * holds most of the budget: they wait their turn and finish, the ledger never passes the budget,
 * and a step that cannot get room is answered 503 with Retry-After, and succeeds when asked again.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResponse, UploadResponse } from '../../shared/schemas';
import { freeNow, ISOLATE_BUDGET_BYTES, makeRoom, memoryReport, resetPeak } from '@social-resizer/engine';
import { body, Browser, fixture, settle } from './helpers';

const MiB = 1024 * 1024;
const TARGETS = [36, 29, 2]; // the YouTube banner, the X header, the Facebook cover

/** A visitor's upload of a 12 MP phone photo, its first result, and a banner fan-out to three platforms. */
async function visit(): Promise<{ statuses: number[]; results: ConversionResponse['results'] }> {
  const browser = new Browser();
  const statuses: number[] = [];
  const uploaded = await browser.upload('phone.jpg', fixture('phone-4032x3024-orientation-6.jpg'));
  statuses.push(uploaded.status);
  const upload = await body<UploadResponse>(uploaded);
  const request = async (purpose: string) => {
    const res = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width: upload.width, height: upload.width / 4, zoom: 1 },
        purpose,
      },
    });
    statuses.push(res.status);
    return (await body<{ id: string }>(res)).id;
  };
  const single = await request('single');
  statuses.push((await browser.call(`/api/process-image/${single}`, { method: 'POST' })).status);
  const fanOut = await request('fan-out');
  const started = await browser.call(`/api/banner-convert/${fanOut}`, {
    method: 'POST',
    json: { sourceFormatId: 20, targetFormatIds: TARGETS, useAi: false },
  });
  statuses.push(started.status);
  return { statuses, results: (await settle(browser, fanOut)).results };
}

describe('the isolate memory budget, through the API', () => {
  it('holds concurrent visitors within the budget: they wait for room a neighbour holds, then finish', async () => {
    resetPeak();
    const neighbour = await makeRoom(ISOLATE_BUDGET_BYTES - 24 * MiB, 'a neighbour');
    setTimeout(() => neighbour.release(), 400);
    const visits = await Promise.all(Array.from({ length: 4 }, () => visit()));
    for (const { statuses, results } of visits) {
      expect(statuses).toEqual([201, 201, 200, 201, 202]);
      expect(Object.values(results)).toEqual(TARGETS.map(() => 'complete'));
    }
    const report = memoryReport();
    expect(report.peakBytes).toBeLessThanOrEqual(ISOLATE_BUDGET_BYTES);
    // Afterwards only what is kept for the next renders is held, no step's room.
    expect(report.rooms).toEqual([]);
    expect(report.waiting).toBe(0);
  });

  it('answers 503 with Retry-After when a step cannot get room, and does the work when asked again', async () => {
    const browser = new Browser();
    const webp = fixture('large-6000x4000.webp');
    // Room for the upload's body but not for its check (a WebP's copy in libwebp's memory).
    const neighbour = await makeRoom(ISOLATE_BUDGET_BYTES - webp.length - MiB, 'a neighbour');
    const busy = await browser.upload('large.webp', webp);
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await body(busy)).message).toMatch(/busy/);
    neighbour.release();
    expect((await browser.upload('large.webp', webp)).status).toBe(201);
    expect(memoryReport().rooms).toEqual([]);
  });

  it('frees what a step no longer reads at once in workerd, not when V8 next collects', () => {
    const decoded = new Uint8ClampedArray(8 * MiB);
    freeNow(decoded);
    // The runtime detaches the buffer (ArrayBuffer.prototype.transfer): its memory is gone now.
    expect([decoded.length, decoded.buffer.byteLength]).toEqual([0, 0]);
  });
});
