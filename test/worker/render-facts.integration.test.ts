import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_FORMATS, PROFILE_FORMATS, type PlatformFormat } from '../../shared/formats';
import { FREE_DOWNLOADS_ANONYMOUS, FREE_DOWNLOADS_REGISTERED } from '../../shared/limits';
import type { ImageRequestResponse } from '../../shared/schemas';
import { encodePng } from '@social-resizer/engine';
import worker from '../../worker/index';
import { clock } from '../../worker/lib/clock';
import { ALLOWANCE_WINDOW_MS, counter } from '../../worker/services/access/allowance';
import { ipKey } from '../../worker/services/caller';
import { IN_REQUEST_RENDER_LEASE_MS, INTERRUPTED } from '../../worker/services/conversions/rows';
import { PROCESSING_FAILED } from '../../worker/services/conversions/render';
import { body, Browser, decodeFile, insertSession, insertUser, settle } from './helpers';

/**
 * Whether a file is free follows from how it was made, whatever route made it and in whatever
 * order (services/access/door.ts, services/conversions/render.ts). Every route that renders or re-renders a
 * target is run after every other (a de Bruijn walk: each ordered pair once), for each kind of
 * caller; after each step the file the door serves must be framed as the door's answer says.
 *
 * The picture makes framing visible: a red quarter that only the request's own zoomed-in crop
 * fills. A file all red is framed as the request (the single tool's paid framing); the adjusters'
 * crops are never zoomed in, so they hold at most half of red (a wide crop of the 4:3 picture).
 */

const WIDTH = 800;
const HEIGHT = 600;
/** The request's own format: a small banner, so the walks stay quick. */
const LINKEDIN_COVER = 22;
/** Centred in the red quarter at zoom 3: every target's crop of it stays inside the red. */
const REQUEST_CROP = { x: 67, y: 127, width: 267, height: 45, zoom: 3 };

function picture(): Promise<Uint8Array> {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const red = x < WIDTH / 2 && y < HEIGHT / 2;
      const centre = Math.hypot(x - 560, y - 420) < 120;
      data[i] = red ? 230 : centre ? 250 : 40 + (x % 60);
      data[i + 1] = red ? 20 : centre ? 210 : 90 + (y % 50);
      data[i + 2] = red ? 20 : centre ? 170 : 140;
      data[i + 3] = 255;
    }
  return encodePng({ width: WIDTH, height: HEIGHT, data });
}

/** The share of a file's pixels that are the red quarter's red. */
async function redShare(bytes: Uint8Array): Promise<number> {
  const { data } = await decodeFile(bytes);
  let red = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 180 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
  return red / (data.length / 4);
}

/** Framed as the request (the single tool's crop and zoom)? Undecided shares fail the test. */
async function framedAsRequest(bytes: Uint8Array): Promise<boolean> {
  const share = await redShare(bytes);
  expect(share <= 0.55 || share >= 0.95, `a red share of ${share.toFixed(3)} names no framing`).toBe(true);
  return share >= 0.95;
}

const BANNER = BANNER_FORMATS.find((f) => f.platform === 'facebook' && f.format === 'cover photo')!;
const PROFILE = PROFILE_FORMATS.find((f) => f.platform === 'instagram')!;

type Caller = { name: string; browser: Browser; mayHaveRequest: boolean; unlimited: boolean };

async function callers(): Promise<Caller[]> {
  const now = Date.now();
  const used = async (key: string, limit: number) => {
    for (let i = 0; i < limit; i++)
      await counter(env.DOWNLOAD_COUNTER, key).consume(crypto.randomUUID(), limit, ALLOWANCE_WINDOW_MS, now);
  };
  const anonymous = new Browser();
  await used(ipKey(anonymous.ip), FREE_DOWNLOADS_ANONYMOUS);
  const userId = await insertUser(`facts-free-${crypto.randomUUID().slice(0, 8)}`);
  const registered = new Browser().signIn(await insertSession(userId));
  await used(`user:${userId}`, FREE_DOWNLOADS_REGISTERED);
  const unlimited = new Browser().signIn(
    await insertSession(await insertUser(`facts-unl-${crypto.randomUUID().slice(0, 8)}`, { unlimited: true })),
  );
  return [
    { name: 'anonymous, free download used', browser: anonymous, mayHaveRequest: false, unlimited: false },
    { name: 'registered, free downloads used', browser: registered, mayHaveRequest: false, unlimited: false },
    { name: 'paid for this image', browser: new Browser(), mayHaveRequest: true, unlimited: false },
    { name: 'unlimited access', browser: unlimited, mayHaveRequest: true, unlimited: true },
  ];
}

async function pay(requestId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, image_request_id, amount_cents, currency, status, access_expires_at, created_at, updated_at) VALUES (?, ?, 'single', ?, 199, 'usd', 'succeeded', ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), `pi_${crypto.randomUUID()}`, requestId, now + 30 * 86_400_000, now, now)
    .run();
}

/** Uploads the picture and makes a LinkedIn banner request framed on the red corner. */
async function redCornerRequest(browser: Browser): Promise<string> {
  const upload = await browser.upload('corner.png', await picture());
  expect(upload.status).toBe(201);
  const { path } = await body<{ path: string }>(upload);
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: 'corner.png',
      originalPath: path,
      platform: 'linkedin',
      format: 'company cover',
      width: 1128,
      height: 191,
      cropDetails: REQUEST_CROP,
    },
  });
  expect(created.status).toBe(201);
  return (await body<{ id: string }>(created)).id;
}

/**
 * A route that renders the target, and the status it answers a caller with or without Unlimited
 * Access, once the single tool has made the target for the request or before (a fan-out never
 * makes it again then: 400).
 */
type Step = {
  name: string;
  run: (browser: Browser, id: string, turn: number) => Promise<Response>;
  status: (unlimited: boolean, singleMade: boolean) => number;
  /** The single tool makes the target. */
  single?: true;
};

/** Every route that renders or re-renders the target (the queue renders the fan-outs). */
function stepsFor(target: PlatformFormat): Step[] {
  const types = target.types.filter((t) => t !== 'webp');
  const post = (path: string, json: unknown) => (browser: Browser) => browser.call(path, { method: 'POST', json });
  const steps: Step[] = [
    { name: 'process-image', run: (b, id) => post(`/api/process-image/${id}`, {})(b), status: () => 200 },
    {
      name: 'process-image with the target in a new type',
      run: (b, id, turn) =>
        post(`/api/process-image/${id}`, {
          formats: [target.id],
          output: { type: types[turn % types.length], quality: 82 },
        })(b),
      status: () => 200,
      single: true,
    },
    {
      name: 'batch-process',
      run: (b, id) => post(`/api/batch-process/${id}`, { formats: [target.id] })(b),
      status: (unlimited, singleMade) => (!unlimited ? 402 : singleMade ? 400 : 202),
    },
    {
      name: 'batches',
      run: (b, id) => post('/api/batches', { requestIds: [id], formats: [target.id] })(b),
      status: (unlimited, singleMade) => (!unlimited ? 402 : singleMade ? 400 : 202),
    },
  ];
  if (target.profile)
    steps.push({
      name: 'profile-convert',
      run: (b, id) => post(`/api/profile-convert/${id}`, { sourceFormatId: null, targetFormatIds: [target.id] })(b),
      status: (_, singleMade) => (singleMade ? 400 : 202),
    });
  else
    for (const useAi of [false, true])
      steps.push({
        name: useAi ? 'banner-convert, intelligent' : 'banner-convert',
        run: (b, id) =>
          post(`/api/banner-convert/${id}`, { sourceFormatId: LINKEDIN_COVER, targetFormatIds: [target.id], useAi })(b),
        status: (_, singleMade) => (singleMade ? 400 : 202),
      });
  return steps;
}

/** A walk over n steps in which every ordered pair (a step, then a step) comes exactly once. */
function deBruijnWalk(n: number): number[] {
  const sequence: number[] = [];
  const a = new Array<number>(2 * n).fill(0);
  const visit = (t: number, p: number) => {
    if (t > 2) {
      if (2 % p === 0) sequence.push(...a.slice(1, p + 1));
      return;
    }
    a[t] = a[t - p]!;
    visit(t + 1, p);
    for (let j = a[t - p]! + 1; j < n; j++) {
      a[t] = j;
      visit(t + 1, t);
    }
  };
  visit(1, 1);
  return [...sequence, sequence[0]!];
}

async function bytesOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

/** The target's file as the door answers for it, checked against its own preview. */
async function checkDoor(caller: Caller, id: string, target: PlatformFormat, context: string) {
  const { browser } = caller;
  const preview = await browser.call(`/api/preview/${id}/${target.id}`);
  const download = await browser.call(`/api/download/${id}/${target.id}`);
  const zip = await browser.call(`/api/download-zip/${id}?formats=${target.id}`);
  if (preview.status !== 200) {
    // Nothing finished for the target yet (a refused step): nothing to hand out either.
    expect([409, 402], context).toContain(download.status);
    return;
  }
  const paidFraming = await framedAsRequest(await bytesOf(preview));
  if (paidFraming && !caller.mayHaveRequest) {
    expect(download.status, `${context}: the request's framing for free`).toBe(402);
    expect(zip.status, `${context}: the request's framing for free in a ZIP`).toBe(402);
    return;
  }
  expect(download.status, `${context}: ${paidFraming ? 'paid' : 'adjuster'} framing refused`).toBe(200);
  expect(zip.status, context).toBe(200);
  expect(await framedAsRequest(await bytesOf(download)), `${context}: the file is not the preview's framing`).toBe(
    paidFraming,
  );
  const { 'checks.txt': _checks, ...files } = unzipSync(await bytesOf(zip));
  const entries = Object.values(files);
  expect(entries).toHaveLength(1);
  expect(await framedAsRequest(entries[0]!), `${context}: the ZIP holds another framing`).toBe(paidFraming);
}

describe('the door decides from how a file was made, whatever route made it and in whatever order', () => {
  for (const target of [BANNER, PROFILE])
    it(`holds for every route after every other, for every caller (${target.platform} ${target.format})`, async () => {
      const steps = stepsFor(target);
      const walk = deBruijnWalk(steps.length);
      expect(walk.length).toBe(steps.length ** 2 + 1);
      for (const caller of await callers()) {
        const id = await redCornerRequest(caller.browser);
        if (caller.name === 'paid for this image') await pay(id);
        let previous = 'nothing';
        let singleMade = false;
        for (const [turn, index] of walk.entries()) {
          const step = steps[index]!;
          const res = await step.run(caller.browser, id, turn);
          const context = `${caller.name}: ${step.name} after ${previous}`;
          expect(res.status, `${context}: ${await res.text()}`).toBe(step.status(caller.unlimited, singleMade));
          singleMade ||= step.single === true;
          await settle(caller.browser, id);
          await checkDoor(caller, id, target, context);
          previous = step.name;
        }
        // The request's own format: framed as the request, and never free.
        const own = await caller.browser.call(`/api/download/${id}`);
        expect(own.status, caller.name).toBe(caller.mayHaveRequest ? 200 : 402);
        if (own.status === 200) expect(await framedAsRequest(await bytesOf(own))).toBe(true);
      }
    }, 600_000);

  it('drops a queued render the row no longer waits for', async () => {
    const browser = new Browser();
    const id = await redCornerRequest(browser);
    await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_COVER, targetFormatIds: [BANNER.id], useAi: false },
    });
    await settle(browser, id);
    const before = await env.DB.prepare('SELECT id, render_id AS renderId FROM conversions WHERE request_id = ?')
      .bind(id)
      .first<{ id: string; renderId: string }>();
    // The download step asks the same target framed as the request: a new render of the row.
    expect(
      (await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [BANNER.id] } })).status,
    ).toBe(200);
    const paid = await bytesOf(await browser.call(`/api/preview/${id}/${BANNER.id}`));
    expect(await framedAsRequest(paid)).toBe(true);
    // The adjuster's message delivered again (or late): it must not bring its framing back.
    await env.DB.prepare("UPDATE conversions SET status = 'processing' WHERE id = ?").bind(before!.id).run();
    const batch = createMessageBatch('social-resizer-conversions', [
      { id: 'm0', timestamp: new Date(), attempts: 2, body: { conversionId: before!.id, renderId: before!.renderId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['m0']);
    const row = await env.DB.prepare('SELECT status, framing, rendered_flow AS flow FROM conversions WHERE id = ?')
      .bind(before!.id)
      .first<{ status: string; framing: string; flow: string }>();
    expect(row).toEqual({ status: 'processing', framing: 'request', flow: 'single' });
  });
});

describe('nothing is left processing', () => {
  it('lets a dead-lettered message end only the render it was for', async () => {
    const browser = new Browser();
    const id = await redCornerRequest(browser);
    await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_COVER, targetFormatIds: [BANNER.id], useAi: false },
    });
    await settle(browser, id);
    const row = await env.DB.prepare(
      'SELECT id, render_id AS renderId FROM conversions WHERE request_id = ? AND format_id = ?',
    )
      .bind(id, BANNER.id)
      .first<{ id: string; renderId: string }>();
    // Asked again since: a newer render is under way.
    await env.DB.prepare("UPDATE conversions SET status = 'processing', render_id = 'newer' WHERE id = ?")
      .bind(row!.id)
      .run();
    const deadLetter = async (renderId: string) => {
      const batch = createMessageBatch('social-resizer-conversions-dlq', [
        { id: 'd0', timestamp: new Date(), attempts: 4, body: { conversionId: row!.id, renderId } },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      await getQueueResult(batch, ctx);
      return env.DB.prepare('SELECT status FROM conversions WHERE id = ?').bind(row!.id).first<{ status: string }>();
    };
    expect(await deadLetter(row!.renderId)).toEqual({ status: 'processing' });
    expect(await deadLetter('newer')).toEqual({ status: 'failed' });
  });

  afterEach(() => vi.restoreAllMocks());

  it('ends every format of a process-image call as failed when its first render throws', async () => {
    const browser = new Browser();
    const id = await redCornerRequest(browser);
    const put = env.BUCKET.put.bind(env.BUCKET);
    vi.spyOn(env.BUCKET, 'put').mockImplementation((key, ...rest) => {
      if (key.includes(`/${LINKEDIN_COVER}-`)) return Promise.reject(new Error('storage unavailable'));
      return put(key, ...rest);
    });
    const res = await browser.call(`/api/process-image/${id}`, {
      method: 'POST',
      json: { formats: [BANNER.id, PROFILE.id] },
    });
    expect(res.status).toBe(500);
    vi.restoreAllMocks();
    const request = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect(request.status).toBe('failed');
    expect(request.error).toBe(PROCESSING_FAILED);
    expect(request.outputs.map((o) => [o.formatId, o.status, o.error])).toEqual(
      expect.arrayContaining([
        [BANNER.id, 'failed', PROCESSING_FAILED],
        [PROFILE.id, 'failed', PROCESSING_FAILED],
      ]),
    );
    // Asking again renders them.
    expect(
      (
        await browser.call(`/api/process-image/${id}`, {
          method: 'POST',
          json: { formats: [BANNER.id, PROFILE.id] },
        })
      ).status,
    ).toBe(200);
    const again = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect([again.status, ...again.outputs.map((o) => o.status)]).toEqual(['complete', 'complete', 'complete']);
  });

  it('ends an in-request render cut off with its isolate once its lease is over, and leaves queued ones to the queue', async () => {
    const browser = new Browser();
    const id = await redCornerRequest(browser);
    await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [BANNER.id] } });
    await browser.call(`/api/profile-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: null, targetFormatIds: [PROFILE.id] },
    });
    await settle(browser, id);
    // As an isolate that died mid-render leaves them: processing, with nothing to finish them.
    const now = Date.now();
    await env.DB.prepare("UPDATE conversions SET status = 'processing', updated_at = ? WHERE request_id = ?")
      .bind(now, id)
      .run();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + IN_REQUEST_RENDER_LEASE_MS - 1000));
    expect((await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`))).status).toBe(
      'processing',
    );
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + IN_REQUEST_RENDER_LEASE_MS + 1000));
    const request = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect([request.status, request.error]).toEqual(['failed', INTERRUPTED]);
    const byFormat = Object.fromEntries(request.outputs.map((o) => [o.formatId, [o.status, o.error]]));
    expect(byFormat[BANNER.id]).toEqual(['failed', INTERRUPTED]);
    // The profile target is the queue's: its retries and dead-letter queue end it.
    expect(byFormat[PROFILE.id]).toEqual(['processing', null]);
  });

  /** A request whose own render was cut off with its isolate, the clock past its lease. */
  async function renderCutOff(browser: Browser): Promise<string> {
    const id = await redCornerRequest(browser);
    await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    const now = Date.now();
    await env.DB.prepare("UPDATE conversions SET status = 'processing', updated_at = ? WHERE request_id = ?")
      .bind(now, id)
      .run();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + IN_REQUEST_RENDER_LEASE_MS + 1000));
    return id;
  }
  const rowOf = (id: string) =>
    env.DB.prepare('SELECT status, error FROM conversions WHERE request_id = ?')
      .bind(id)
      .first<{ status: string; error: string }>();

  it('ends a render cut off wherever its request is read: asked again, it is rendered again at once', async () => {
    const browser = new Browser();
    const id = await renderCutOff(browser);
    // The download is the first to read it after the lease: the render is over, and says so.
    const download = await browser.call(`/api/download/${id}`);
    expect(download.status).toBe(409);
    expect(await rowOf(id)).toEqual({ status: 'failed', error: INTERRUPTED });
    const processed = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    expect(processed.status).toBe(200);
    expect((await body<ImageRequestResponse>(processed)).status).toBe('complete');
  });

  it('ends them in the daily cleanup too', async () => {
    const browser = new Browser();
    const id = await renderCutOff(browser);
    await worker.scheduled(createScheduledController({ cron: '17 3 * * *' }), env, createExecutionContext());
    expect(await rowOf(id)).toEqual({ status: 'failed', error: INTERRUPTED });
  });
});
