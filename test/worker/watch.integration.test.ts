/**
 * The results pages' polls that wait for news (lib/watch.ts): held until the statuses
 * change, answered at once when every target has ended, 304 when nothing changed in its wait.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversionResponse } from '../../shared/schemas';
import { clock } from '../../worker/lib/clock';
import { createDb } from '../../worker/db/client';
import { failUnrendered, IN_REQUEST_RENDER_LEASE_MS } from '../../worker/services/conversions/rows';
import { HELD_POLLS } from '../../shared/limits';
import { bannerRequest, body, Browser, insertProcessing } from './helpers';

/** A request with one target (the YouTube banner) marked processing, as a fan-out leaves it. */
async function processingTarget(browser: Browser): Promise<{ id: string; conversionId: string }> {
  const id = await bannerRequest(browser);
  return { id, conversionId: await insertProcessing(id, 36) };
}

const watching = (etag: string, seconds: number) => ({ headers: { 'If-None-Match': etag, Prefer: `wait=${seconds}` } });

describe('GET /api/conversions/:id, watched', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers at once without an ETag, and with an ETag held until the wait ends unchanged (304)', async () => {
    const browser = new Browser();
    const { id } = await processingTarget(browser);
    const first = await browser.call(`/api/conversions/${id}`);
    expect(first.status).toBe(200);
    expect((await body<ConversionResponse>(first)).results).toEqual({ '36': 'processing' });
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const started = Date.now();
    const unchanged = await browser.call(`/api/conversions/${id}`, watching(etag, 1));
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600); // held (to within a look of the wait)
    // The same ETag as a proxy that compresses answers sends it back (weak): still the same answer.
    expect((await browser.call(`/api/conversions/${id}`, watching(`W/${etag}`, 1))).status).toBe(304);
    // Another answer's ETag: the answer as it is, once held a second (the target still renders).
    const stale = await browser.call(`/api/conversions/${id}`, watching('"0000"', 5));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('ETag')).toBe(etag);
  });

  it('answers a held poll as soon as the last target ends', async () => {
    const browser = new Browser();
    const { id, conversionId } = await processingTarget(browser);
    const etag = (await browser.call(`/api/conversions/${id}`)).headers.get('ETag')!;
    const started = Date.now();
    const held = browser.call(`/api/conversions/${id}`, watching(etag, 8));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // As the queue ends a render: the row, then the news its held polls wait for.
    await failUnrendered({ db: createDb(env.DB), news: env.RENDER_NEWS }, conversionId, 'Gone');
    const answer = await held;
    expect(answer.status).toBe(200);
    expect((await body<ConversionResponse>(answer)).results).toEqual({ '36': 'failed' });
    expect(answer.headers.get('ETag')).not.toBe(etag);
    expect(Date.now() - started).toBeLessThan(900); // at once, not after the second's hold
  });

  it("ends the single tool's render cut off with its isolate while a poll is held, and answers it", async () => {
    const browser = new Browser();
    const id = await bannerRequest(browser);
    // The download step's other format, rendered inside the request, then left as a dead isolate leaves it.
    await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [36] } });
    const now = Date.now();
    await env.DB.prepare("UPDATE conversions SET status = 'processing', updated_at = ? WHERE request_id = ?")
      .bind(now, id)
      .run();
    const first = await browser.call(`/api/conversions/${id}`);
    expect((await body<ConversionResponse>(first)).results).toEqual({ '36': 'processing' });
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + IN_REQUEST_RENDER_LEASE_MS + 1000));
    const held = await browser.call(`/api/conversions/${id}`, watching(first.headers.get('ETag')!, 5));
    expect(held.status).toBe(200);
    expect((await body<ConversionResponse>(held)).results).toEqual({ '36': 'failed' });
  });

  it("never holds someone else's request: 404 at once", async () => {
    const { id } = await processingTarget(new Browser());
    const res = await new Browser().call(`/api/conversions/${id}`, watching('"x"', 5));
    expect(res.status).toBe(404);
  });

  it('reads the database once while held with no news, however long the wait', async () => {
    const reads: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, name) {
        if (name === 'prepare')
          return (query: string) => {
            reads.push(query);
            return target.prepare(query);
          };
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const browser = new Browser(undefined, { DB: db });
    const id = await bannerRequest(browser);
    const etag = (await browser.call(`/api/conversions/${id}`)).headers.get('ETag')!;
    reads.length = 0;
    const held = await browser.call(`/api/conversions/${id}`, watching(etag, 3));
    expect(held.status).toBe(304);
    expect(held.headers.get('Preference-Applied')).toBe('wait=3');
    // The visitor's session and the request's version when the hold starts, the version when it ends.
    const versions = reads.filter((q) => /from "image_requests"/i.test(q) && /total\(/i.test(q));
    expect(versions).toHaveLength(2);
    expect(reads.length).toBeLessThanOrEqual(4);
  });

  it('holds a few polls per visitor and per address; the rest are answered at once, saying so', async () => {
    const browser = new Browser();
    const id = await bannerRequest(browser);
    const etag = (await browser.call(`/api/conversions/${id}`)).headers.get('ETag')!;
    const started = Date.now();
    const held = Array.from({ length: HELD_POLLS.visitor }, () =>
      browser.call(`/api/conversions/${id}`, watching(etag, 4)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const more = await browser.call(`/api/conversions/${id}`, watching(etag, 4));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(more.status).toBe(304);
    expect(more.headers.get('Preference-Applied')).toBeNull();
    expect(more.headers.get('Retry-After')).toBe(String(HELD_POLLS.retryAfterSeconds.visitor));
    expect(more.headers.get('X-Held-Polls-Limit')).toBe(`visitor=${HELD_POLLS.visitor}, address=${HELD_POLLS.address}`);
    for (const res of await Promise.all(held)) {
      expect(res.status).toBe(304);
      expect(res.headers.get('Preference-Applied')).toBe('wait=4');
    }
    // Given back: the next is held again.
    const after = await browser.call(`/api/conversions/${id}`, watching(etag, 1));
    expect(after.headers.get('Preference-Applied')).toBe('wait=1');

    // Other visitors of the same address: together no more than the address's limit.
    const neighbours = await Promise.all(
      Array.from({ length: HELD_POLLS.address / HELD_POLLS.visitor + 1 }, async () => {
        const neighbour = new Browser(browser.ip);
        const theirs = await bannerRequest(neighbour);
        return { neighbour, theirs, tag: (await neighbour.call(`/api/conversions/${theirs}`)).headers.get('ETag')! };
      }),
    );
    const answers = await Promise.all(
      neighbours.flatMap(({ neighbour, theirs, tag }) =>
        Array.from({ length: HELD_POLLS.visitor }, () =>
          neighbour.call(`/api/conversions/${theirs}`, watching(tag, 3)),
        ),
      ),
    );
    const heldCount = answers.filter((res) => res.headers.get('Preference-Applied') !== null).length;
    expect(heldCount).toBe(HELD_POLLS.address);
    // Crowded out by neighbours: asked again soon, a page of its own still follows its renders.
    for (const res of answers.filter((a) => a.headers.get('Preference-Applied') === null))
      expect(res.headers.get('Retry-After')).toBe(String(HELD_POLLS.retryAfterSeconds.address));
    expect(answers.every((res) => res.status === 304)).toBe(true);
  });
});
