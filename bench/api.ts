/**
 * What a user waits for, through the API of the server `npm start` runs (the built worker in
 * wrangler dev, local D1, R2 and queue), each beside sharp (single thread, cache off) doing the
 * same pixels in the same run:
 *
 * - the first result: upload, record the request, render the LinkedIn banner as a JPEG at quality
 *   82 (what Auto gives a photo); sharp makes the same JPEG from the file (goal: ratio <= 2). Beside
 *   it, the engine's own part of that wait, in this process as sharp runs: the upload's check, the
 *   decode and the render, from the file in memory (as the server's render takes the file its
 *   upload kept); what is left is the server's: requests, R2 and D1. Its floor, printed first, is
 *   the same flow for a 64×64 JPEG: what any photo's first result costs before its own bytes;
 * - the full fan-out: an Unlimited Access account uploads, asks `batch-process` for every format
 *   of the other platforms and watches the statuses as the results page does (each call names the
 *   answer it has and the server holds it until the statuses change: app/lib/api.ts `apiWatch`)
 *   until all are settled; sharp makes each output from the file in the type and quality the
 *   engine chose (goal: ratio <= 1).
 * sharp is called as its users call it (bench/sharp-reference.ts); the files' sizes print beside the times.
 *
 * Needs `npm run build` and `npm run db:migrate` first (`npm run bench -- api` does not build).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { centredCrop } from '@social-resizer/engine/plan/crop';
import { findFormatByName, type PlatformFormat } from '../shared/formats';
import { startWranglerDev } from '../scripts/local-server';
import { PLATFORM_FORMATS } from '../shared/formats';
import { fitCrop } from '@social-resizer/engine/plan/crop';
import type { ConversionResponse } from '../shared/schemas';
import { CACHE, type Photo } from './photos';
import { megabytes, sharpOutput, sizeDifference } from './sharp-reference';
import { DEFAULT_QUALITY } from '@social-resizer/engine/plan/output';
import {
  admitImage,
  codecs,
  cropInView,
  inspectImage,
  PictureViews,
  renderFormat,
  verifyDecodes,
} from '@social-resizer/engine';

const RUNS = 3;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

export async function benchApi(photos: Photo[]): Promise<void> {
  const banner = findFormatByName('linkedin', 'banner')!;
  const server = await startWranglerDev(Number(process.env.BENCH_PORT ?? 8797));
  sharp.concurrency(1);
  sharp.cache(false);
  console.log(
    `\nFirst result through the API (${server.baseUrl}): upload, then the LinkedIn banner as JPEG quality ${DEFAULT_QUALITY}; best of ${RUNS}`,
  );
  try {
    // The server's floor: the same three requests for a picture with next to no pixels to read or
    // store. No photo's first result can take less than this plus its own decode and file. Taken
    // twice, the first time warming the new server up.
    await benchPhoto(server.baseUrl, await tinyPhoto(), banner);
    const tiny = await benchPhoto(server.baseUrl, await tinyPhoto(), banner);
    const floor = tiny.upload + tiny.process - tiny.engine;
    console.log(
      `  the server's floor (a 64×64 JPEG, the same three requests): ${(tiny.upload + tiny.process).toFixed(0)} ms, of which the engine's part ${tiny.engine.toFixed(0)} ms: ${floor.toFixed(0)} ms before any photo's own work`,
    );
    for (const photo of photos) {
      try {
        const best = await benchPhoto(server.baseUrl, photo, banner);
        const ours = best.upload + best.process;
        console.log(
          `  ${photo.name}: upload ${best.upload.toFixed(0)} ms + request and render ${best.process.toFixed(0)} ms = ${ours.toFixed(0)} ms; sharp ${best.sharp.toFixed(0)} ms; ratio ${(ours / best.sharp).toFixed(1)} (goal <= 2, ${ours / best.sharp <= 2 ? 'met' : 'not met'}); files ${(best.bytes / 1024).toFixed(0)} KB and ${(best.sharpBytes / 1024).toFixed(0)} KB; the engine's part ${best.engine.toFixed(0)} ms (${(best.engine / best.sharp).toFixed(2)} × sharp), the server's ${(ours - best.engine).toFixed(0)} ms (its floor ${floor.toFixed(0)} ms; the 2× budget ${(2 * best.sharp).toFixed(0)} ms)`,
        );
      } catch (error) {
        // A refusal is a figure too: any phone photo must go straight to the API (docs/engine.md, "Image limits").
        console.log(`  ${photo.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    console.log(
      `\nFull fan-out through the API and the queue: batch-process of every format of the platforms other than LinkedIn, watched as the results page watches until all are settled`,
    );
    const account = await unlimitedAccount(server.baseUrl);
    for (const photo of photos) {
      try {
        const run = await benchFanOut(server.baseUrl, account, photo, banner);
        console.log(
          `  ${photo.name}: ${run.targets} targets (${run.failed} failed) in ${(run.ours / 1000).toFixed(2)} s; sharp ${(run.sharp / 1000).toFixed(2)} s; ratio ${(run.ours / run.sharp).toFixed(2)} (goal <= 1, ${run.ours <= run.sharp ? 'met' : 'not met'}); files ${megabytes(run.bytes)} and ${megabytes(run.sharpBytes)} (ours ${sizeDifference(run.bytes, run.sharpBytes)})`,
        );
      } catch (error) {
        console.log(`  ${photo.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    server.stop();
  }
}

/** A 64×64 JPEG, made once into the bench's cache. */
async function tinyPhoto(): Promise<Photo> {
  const path = join(CACHE, 'tiny-64.jpg');
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true });
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#446688' } })
      .jpeg()
      .toFile(path);
  }
  return { name: 'tiny-64.jpg', path, note: 'JPEG 64×64, made here' };
}

type Headers = Record<string, string>;

async function call<T>(baseUrl: string, path: string, headers: Headers, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      ...headers,
      ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path} ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  return (await res.json()) as T;
}

type Uploaded = { path: string; originalFilename: string; width: number; height: number };

/** POST /api/upload; the visitor's cookie lands in `headers` (its requests must come from it). */
function upload(baseUrl: string, headers: Headers, photo: Photo, bytes: Buffer<ArrayBuffer>): Promise<Uploaded> {
  const form = new FormData();
  form.append('image', new File([bytes], photo.name));
  return call<Uploaded>(baseUrl, '/api/upload', headers, { method: 'POST', body: form });
}

/** POST /api/image-requests for one format of the upload; its id. */
async function createRequest(
  baseUrl: string,
  headers: Headers,
  uploaded: Uploaded,
  format: PlatformFormat,
  cropDetails: { x: number; y: number; width: number; height: number },
  output?: { type: string; quality: number },
): Promise<string> {
  const body = {
    originalFilename: uploaded.originalFilename,
    originalPath: uploaded.path,
    platform: format.platform,
    format: format.format,
    width: format.width,
    height: format.height,
    cropDetails,
    output,
  };
  const { id } = await call<{ id: string }>(baseUrl, '/api/image-requests', headers, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return id;
}

/** A new account with Unlimited Access, bought through the local payment mode. */
async function unlimitedAccount(baseUrl: string): Promise<Headers> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const headers: Headers = {
    Origin: baseUrl,
    'CF-Connecting-IP': `10.97.${id.length}.${Math.floor(Math.random() * 250)}`,
  };
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  await call(
    baseUrl,
    '/api/register',
    headers,
    json({ username: `bench${id}`, email: `bench-${id}@example.com`, password: `Bench-${id}-pw!` }),
  );
  const intent = await call<{ clientSecret: string; paymentIntentId: string }>(
    baseUrl,
    '/api/create-unlimited-access',
    headers,
    { method: 'POST' },
  );
  await call(
    baseUrl,
    '/api/local-payments/confirm',
    headers,
    json({ clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
  );
  await call(baseUrl, '/api/payment-success', headers, json({ paymentIntentId: intent.paymentIntentId }));
  return headers;
}

async function benchFanOut(baseUrl: string, headers: Headers, photo: Photo, banner: PlatformFormat) {
  const bytes = readFileSync(photo.path);
  const targets = PLATFORM_FORMATS.filter((f) => f.platform !== banner.platform);
  const started = performance.now();
  const uploaded = await upload(baseUrl, headers, photo, bytes);
  const crop = centredCrop(uploaded, banner, 1);
  const id = await createRequest(baseUrl, headers, uploaded, banner, crop);
  await call(baseUrl, `/api/batch-process/${id}`, headers, {
    method: 'POST',
    body: JSON.stringify({ formats: targets.map((t) => t.id) }),
  });
  const settled = (answer: ConversionResponse) =>
    targets.every((t) => answer.results[t.id] === 'complete' || answer.results[t.id] === 'failed');
  let state: ConversionResponse | null = null;
  let etag: string | null = null;
  while (!state || !settled(state)) {
    const res: Response = await fetch(`${baseUrl}/api/conversions/${id}`, {
      headers: { ...headers, ...(etag ? { 'If-None-Match': etag, Prefer: 'wait=8' } : {}) },
    });
    if (res.status !== 304 && !res.ok) throw new Error(`conversions ${res.status}: ${await res.text()}`);
    etag = res.headers.get('ETag');
    if (res.status === 200) state = (await res.json()) as ConversionResponse;
  }
  const ours = performance.now() - started;
  const failed = targets.filter((t) => state.results[t.id] === 'failed').length;

  // sharp: each output from the file, in the type and quality the engine chose.
  const picture = { width: uploaded.width, height: uploaded.height };
  let bytesOut = 0;
  let sharpBytes = 0;
  const sharpStarted = performance.now();
  for (const format of targets) {
    const file = state.files[format.id];
    if (!file) continue;
    bytesOut += file.size;
    sharpBytes += (await sharpOutput(bytes, picture, fitCrop(crop, picture, format), format, file)).length;
  }
  return {
    targets: targets.length,
    failed,
    ours,
    sharp: performance.now() - sharpStarted,
    bytes: bytesOut,
    sharpBytes,
  };
}

/** The best of RUNS of each part, in ms. */
async function benchPhoto(baseUrl: string, photo: Photo, banner: PlatformFormat) {
  const bytes = readFileSync(photo.path);
  const best = { upload: Infinity, process: Infinity, sharp: Infinity, engine: Infinity, bytes: 0, sharpBytes: 0 };
  const jpeg = { type: 'jpeg', quality: DEFAULT_QUALITY } as const;
  for (let run = 0; run < RUNS; run++) {
    const headers: Headers = {
      Origin: baseUrl,
      'CF-Connecting-IP': `10.98.${run}.${Math.floor(Math.random() * 250)}`,
    };
    const [uploaded, uploadMs] = await timed(() => upload(baseUrl, headers, photo, bytes));
    const crop = centredCrop(uploaded, banner, 1);
    const [made, processMs] = await timed(async () => {
      const id = await createRequest(baseUrl, headers, uploaded, banner, crop, jpeg);
      return call<{ file: { size: number } | null }>(baseUrl, `/api/process-image/${id}`, headers, { method: 'POST' });
    });
    const [file, sharpMs] = await timed(() => sharpOutput(bytes, uploaded, crop, banner, jpeg));
    const [, engineMs] = await timed(() => engineAlone(bytes, crop, banner));
    best.upload = Math.min(best.upload, uploadMs);
    best.process = Math.min(best.process, processMs);
    best.sharp = Math.min(best.sharp, sharpMs);
    best.engine = Math.min(best.engine, engineMs);
    best.bytes = made.file?.size ?? 0;
    best.sharpBytes = file.length;
  }
  return best;
}

/** The engine's part of the first result, in this process: the upload's check, then the render's decode and render. */
async function engineAlone(
  file: Buffer,
  crop: { x: number; y: number; width: number; height: number },
  banner: PlatformFormat,
) {
  const bytes = new Uint8Array(file);
  const info = inspectImage(bytes);
  admitImage(info);
  await verifyDecodes(bytes, info, codecs);
  const view = await new PictureViews(bytes, info, codecs).viewFor({
    crop,
    width: banner.width,
    height: banner.height,
  });
  await renderFormat(view.picture, info.orientation, cropInView(view, crop), banner, {
    output: { type: 'jpeg', quality: DEFAULT_QUALITY },
    encoders: codecs,
  });
}
