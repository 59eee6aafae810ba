/**
 * `npm run load`: starts the built worker locally (`wrangler dev` on the deployable bundle: workerd
 * with local D1, R2, the Durable Object and the queue) and drives it on loopback with a bounded number of concurrent
 * visitors for a fixed time. Each visitor is new (its own address and cookies) and does what a
 * person does: upload, create a request, process, check the limits, download (free), try a second
 * image (402, as it should), download the first again (free), and one visitor in four converts a
 * banner to three platforms through the queue, waits for it and downloads the ZIP. Beside them, a
 * batch customer (LOAD_BATCHES, 1) registers, buys Unlimited Access in the local payment mode,
 * uploads 10 photos, asks for 10 formats of each in one batch, follows its progress and downloads
 * the ZIP: the figures give the queue's throughput and the time until the ZIP is ready.
 *
 * It prints requests per second, p50/p95/p99 latency per route and every unexpected answer, then
 * checks that every accepted upload is still retrievable, every conversion ended complete and the
 * download counters are exact. It exits 1 on any error or failed check.
 *
 * Then it measures what held polls cost (scripts/held-polls.ts; LOAD_HELD_POLLS=0 leaves it out).
 *
 * LOAD_CONCURRENCY (50), LOAD_SECONDS (60), LOAD_URL (an already running server), LOAD_THINK_MS (0: each visitor sends its next
 * request at once, the harshest case; 1000 pauses about a second between steps, as people do) and LOAD_PORT (8791) change the run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { BATCH_FORMATS } from './batch-formats';
import { inspectImage } from '@social-resizer/engine';
import { measureHeldPolls } from './held-polls';
import { startWranglerDev } from './local-server';

const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 8791);
/** A person pauses between steps (choosing a format, framing the crop): on average this long, 0.5× to 1.5×. 0 makes a closed loop. */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
const BANNER_EVERY = 4;
/** The server's own output (one JSON line per request), for looking into a failure. */
const LOG_FILE = join(import.meta.dirname, '../.wrangler/load-server.log');
const CONVERSION_TIMEOUT_MS = 120_000;
// The adjusters convert from the request's own format: the visitor's LinkedIn banner (20) to the
// X header, YouTube banner and Facebook cover.
const SOURCE = 20;
const TARGETS = [29, 36, 2];
const BATCHES = Number(process.env.LOAD_BATCHES ?? 1);
const BATCH_PHOTOS = 10;
const BATCH_TIMEOUT_MS = 300_000;

type Answer = { status: number; headers: Headers; bytes: Uint8Array };

const latencies = new Map<string, number[]>();
const statuses = new Map<string, Map<number, number>>();
const errors: string[] = [];
/** A 503 that asks to come back within this many seconds is asked again, up to BUSY_RETRIES times. */
const MAX_BUSY_WAIT_S = 10;
const BUSY_RETRIES = 3;
let requests = 0;

function record(route: string, ms: number, status: number) {
  requests += 1;
  (latencies.get(route) ?? latencies.set(route, []).get(route)!).push(ms);
  const byStatus = statuses.get(route) ?? statuses.set(route, new Map()).get(route)!;
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
}

let visitorCount = 0;
const runTag = Math.floor(Math.random() * 200) + 20;

/** A new person: their own address (CF-Connecting-IP passes through the local runtime) and cookie jar. */
class Visitor {
  readonly ip: string;
  private cookies = new Map<string, string>();
  constructor(private baseUrl: string) {
    const n = ++visitorCount;
    this.ip = `10.${runTag}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  }

  async call(
    route: string,
    path: string,
    expected: number[],
    init: { method?: string; json?: unknown; body?: FormData } = {},
  ): Promise<Answer | null> {
    const headers = new Headers({ 'CF-Connecting-IP': this.ip, Origin: this.baseUrl });
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    const started = performance.now();
    try {
      let res: Response;
      // A busy isolate answers 503 with Retry-After (nothing was done: docs/decisions/0019): asked
      // again when it says, as the app does, a few times. Each 503 is counted in the table.
      for (let attempt = 0; ; attempt++) {
        res = await fetch(`${this.baseUrl}${path}`, {
          method: init.method ?? 'GET',
          headers,
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        });
        const wait = Number(res.headers.get('Retry-After'));
        if (res.status !== 503 || !(wait > 0 && wait <= MAX_BUSY_WAIT_S) || attempt >= BUSY_RETRIES) break;
        record(route, performance.now() - started, res.status);
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      record(route, performance.now() - started, res.status);
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) this.cookies.set(name.trim(), value.join('='));
      }
      if (!expected.includes(res.status)) {
        errors.push(`${route} ${path}: ${res.status} ${new TextDecoder().decode(bytes.subarray(0, 200))}`);
        return null;
      }
      return { status: res.status, headers: res.headers, bytes };
    } catch (error) {
      record(route, performance.now() - started, 0);
      errors.push(`${route} ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

const json = <T>(answer: Answer) => JSON.parse(new TextDecoder().decode(answer.bytes)) as T;

/** The size a downloaded file (PNG, JPEG or WebP) says it has, or what is wrong with it. */
function imageSize(bytes: Uint8Array): string {
  try {
    const { width, height } = inspectImage(bytes);
    return `${width}x${height}`;
  } catch (error) {
    return `not an image: ${error instanceof Error ? error.message : String(error)}`;
  }
}

type Upload = { visitor: Visitor; path: string; size: number };
type Conversion = { visitor: Visitor; requestId: string };
const uploads: Upload[] = [];
const conversions: Conversion[] = [];
const visitors: Visitor[] = [];
const conversionMs: number[] = [];

async function createAndProcess(
  v: Visitor,
  upload: { path: string; originalFilename: string; width: number; height: number },
  format: { platform: string; format: string; width: number; height: number },
) {
  const ratio = format.width / format.height;
  const width = Math.min(upload.width, upload.height * ratio);
  const crop = {
    x: (upload.width - width) / 2,
    y: (upload.height - width / ratio) / 2,
    width,
    height: width / ratio,
    zoom: 1,
  };
  const created = await v.call('POST /api/image-requests', '/api/image-requests', [201], {
    method: 'POST',
    json: { originalFilename: upload.originalFilename, originalPath: upload.path, ...format, cropDetails: crop },
  });
  if (!created) return null;
  const { id } = json<{ id: string }>(created);
  return (await v.call('POST /api/process-image/:id', `/api/process-image/${id}`, [200], { method: 'POST' }))
    ? id
    : null;
}

async function remaining(v: Visitor, expected: string) {
  const answer = await v.call('GET /api/check-rate-limits', '/api/check-rate-limits', [200]);
  const value = answer?.headers.get('X-RateLimit-Remaining');
  if (answer && value !== expected)
    errors.push(`check-rate-limits for ${v.ip}: remaining ${value}, expected ${expected}`);
}

/** One person's visit, start to finish. */
async function visit(baseUrl: string, photo: Uint8Array, index: number) {
  const v = new Visitor(baseUrl);
  visitors.push(v);
  const form = new FormData();
  form.append('image', new File([photo as Uint8Array<ArrayBuffer>], 'team-photo.jpg', { type: 'image/jpeg' }));
  const uploaded = await v.call('POST /api/upload', '/api/upload', [201], { method: 'POST', body: form });
  if (!uploaded) return;
  const upload = json<{ path: string; originalFilename: string; width: number; height: number; size: number }>(
    uploaded,
  );
  uploads.push({ visitor: v, path: upload.path, size: upload.size });
  await think();

  const first = await createAndProcess(v, upload, { platform: 'linkedin', format: 'banner', width: 1584, height: 396 });
  if (!first) return;
  await think();
  await remaining(v, '1');
  const download = await v.call('GET /api/download/:id', `/api/download/${first}`, [200]);
  if (download && imageSize(download.bytes) !== '1584x396')
    errors.push(`download ${first}: ${imageSize(download.bytes)}`);
  await remaining(v, '0');
  await think();

  const second = await createAndProcess(v, upload, {
    platform: 'instagram',
    format: 'post square',
    width: 1080,
    height: 1080,
  });
  if (second) await v.call('GET /api/download/:id (needs payment)', `/api/download/${second}`, [402]);
  await v.call('GET /api/download/:id (again, free)', `/api/download/${first}`, [200]);

  if (index % BANNER_EVERY !== 0) return;
  await think();
  const started = performance.now();
  if (
    !(await v.call('POST /api/banner-convert/:id', `/api/banner-convert/${first}`, [202], {
      method: 'POST',
      json: { sourceFormatId: SOURCE, targetFormatIds: TARGETS, useAi: true },
    }))
  )
    return;
  conversions.push({ visitor: v, requestId: first });
  for (;;) {
    const status = await v.call('GET /api/conversions/:id', `/api/conversions/${first}`, [200]);
    if (!status) return;
    const results = Object.values(json<{ results: Record<string, string> }>(status).results);
    if (results.every((r) => r !== 'processing')) break;
    if (performance.now() - started > CONVERSION_TIMEOUT_MS)
      return void errors.push(`conversion ${first} still processing after ${CONVERSION_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  conversionMs.push(performance.now() - started);
  await v.call('GET /api/download-zip/:id', `/api/download-zip/${first}?formats=${TARGETS.join(',')}`, [200]);
}

type BatchRun = { ms: number; files: number; folders: number; wrongSizes: number };
const batchRuns: BatchRun[] = [];

/** An Unlimited customer's batch: 10 photos × 10 formats, followed to the ZIP. */
async function batchVisit(baseUrl: string, photo: Uint8Array) {
  const v = new Visitor(baseUrl);
  const name = `batch${runTag}x${visitorCount}`;
  const ok = (answer: Answer | null): answer is Answer => answer !== null;
  if (
    !ok(
      await v.call('POST /api/register (batch)', '/api/register', [201], {
        method: 'POST',
        json: { username: name, email: `${name}@example.com`, password: `${name}-password` },
      }),
    )
  )
    return;
  const intent = await v.call('POST /api/create-unlimited-access', '/api/create-unlimited-access', [200], {
    method: 'POST',
  });
  if (!intent) return;
  const { clientSecret, paymentIntentId } = json<{ clientSecret: string; paymentIntentId: string }>(intent);
  await v.call('POST /api/local-payments/confirm', '/api/local-payments/confirm', [200], {
    method: 'POST',
    json: { clientSecret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  await v.call('POST /api/payment-success', '/api/payment-success', [200], {
    method: 'POST',
    json: { paymentIntentId },
  });
  const started = performance.now();
  const requestIds: string[] = [];
  for (let i = 0; i < BATCH_PHOTOS; i++) {
    const form = new FormData();
    form.append('image', new File([photo as Uint8Array<ArrayBuffer>], `product-${i + 1}.jpg`, { type: 'image/jpeg' }));
    const uploaded = await v.call('POST /api/upload (batch)', '/api/upload', [201], { method: 'POST', body: form });
    if (!uploaded) return;
    const upload = json<{ path: string; originalFilename: string; width: number; height: number }>(uploaded);
    const created = await v.call('POST /api/image-requests (batch)', '/api/image-requests', [201], {
      method: 'POST',
      json: {
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width: upload.width, height: upload.width / 4, zoom: 1 },
        purpose: 'fan-out',
      },
    });
    if (!created) return;
    requestIds.push(json<{ id: string }>(created).id);
  }
  const batch = await v.call('POST /api/batches', '/api/batches', [202], {
    method: 'POST',
    json: { requestIds, formats: BATCH_FORMATS.map((f) => f.id) },
  });
  if (!batch) return;
  const { id } = json<{ id: string }>(batch);
  for (;;) {
    const status = await v.call('GET /api/batches/:id', `/api/batches/${id}`, [200]);
    if (!status) return;
    const { totals } = json<{ totals: { processing: number; failed: number } }>(status);
    if (totals.processing === 0) {
      if (totals.failed > 0) errors.push(`batch ${id}: ${totals.failed} conversions failed`);
      break;
    }
    if (performance.now() - started > BATCH_TIMEOUT_MS)
      return void errors.push(`batch ${id} still processing after ${BATCH_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const zip = await v.call('GET /api/batches/:id/zip', `/api/batches/${id}/zip`, [200]);
  if (!zip) return;
  // The pictures, and checks.txt: the server's check of each (every one ready for its platform).
  const { 'checks.txt': checks, ...files } = unzipSync(zip.bytes);
  const names = Object.keys(files);
  const ready = checks ? (new TextDecoder().decode(checks).match(/\n {2}Ready for /g) ?? []).length : 0;
  if (ready !== names.length) errors.push(`batch ZIP: checks.txt says ${ready} of ${names.length} files are ready`);
  let wrongSizes = 0;
  for (const [file, bytes] of Object.entries(files)) {
    const format = BATCH_FORMATS.find((f) => file.includes(`-${f.width}x${f.height}.`));
    if (!format || imageSize(bytes) !== `${format.width}x${format.height}`) wrongSizes++;
  }
  batchRuns.push({
    ms: performance.now() - started,
    files: names.length,
    folders: new Set(names.map((n) => n.split('/')[0])).size,
    wrongSizes,
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ms = (value: number) => `${Math.round(value)}`;

async function main() {
  // A real photo at the size the browser sends after its own normalisation of larger pictures.
  const source = readFileSync(
    join(import.meta.dirname, '../test/fixtures/corpus/wallpaper-3840x2400-progressive-444.jpg'),
  );
  const photo = new Uint8Array(await sharp(source).resize(1600, 1000).jpeg({ quality: 88 }).toBuffer());

  const { baseUrl, pid, stop } = process.env.LOAD_URL
    ? { baseUrl: process.env.LOAD_URL, pid: undefined, stop: () => undefined }
    : await startWranglerDev(PORT, { logFile: LOG_FILE });
  console.log(
    `load: ${CONCURRENCY} concurrent visitors for ${SECONDS} s, pausing ${THINK_MS} ms on average between steps, against ${baseUrl} (photo 1600×1000, ${(photo.length / 1024).toFixed(0)} KB)`,
  );
  let exitCode = 0;
  try {
    const startedAt = performance.now();
    const deadline = startedAt + SECONDS * 1000;
    let started = 0;
    await Promise.all([
      ...Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) await visit(baseUrl, photo, started++);
      }),
      ...Array.from({ length: BATCHES }, () => batchVisit(baseUrl, photo)),
    ]);
    const elapsed = (performance.now() - startedAt) / 1000;

    console.log(
      `\n${visitors.length} visits, ${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(1)} requests/s\n`,
    );
    console.log(['route'.padEnd(40), 'count', '  p50', '  p95', '  p99', '  max', 'statuses'].join('  '));
    for (const [route, values] of [...latencies].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...values].sort((a, b) => a - b);
      const byStatus = [...(statuses.get(route) ?? [])].map(([s, n]) => `${s}×${n}`).join(' ');
      console.log(
        [
          route.padEnd(40),
          String(sorted.length).padStart(5),
          ...[50, 95, 99].map((p) => ms(percentile(sorted, p)).padStart(5)),
          ms(sorted.at(-1) ?? 0).padStart(5),
          byStatus,
        ].join('  '),
      );
    }
    if (conversionMs.length) {
      const sorted = [...conversionMs].sort((a, b) => a - b);
      console.log(
        `\nbanner conversion through the queue (3 targets, request to all complete): n=${sorted.length} p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms, max ${ms(sorted.at(-1) ?? 0)} ms`,
      );
    }

    for (const run of batchRuns) {
      const conversions = BATCH_PHOTOS * BATCH_FORMATS.length;
      console.log(
        `batch (${BATCH_PHOTOS} photos × ${BATCH_FORMATS.length} formats, first upload to ZIP ready): ${(run.ms / 1000).toFixed(1)} s, ${(conversions / (run.ms / 1000)).toFixed(1)} conversions/s beside the visitors; ZIP ${run.files} files in ${run.folders} folders`,
      );
    }

    // Afterwards: nothing lost, nothing left half-done, counters exact.
    const checks: string[] = [];
    if (batchRuns.length !== BATCHES) checks.push(`${BATCHES - batchRuns.length} of ${BATCHES} batches did not finish`);
    for (const run of batchRuns) {
      const expected = BATCH_PHOTOS * BATCH_FORMATS.length;
      if (run.files !== expected || run.folders !== BATCH_PHOTOS || run.wrongSizes > 0)
        checks.push(
          `batch ZIP: ${run.files} files (expected ${expected}) in ${run.folders} folders, ${run.wrongSizes} of the wrong size`,
        );
    }
    for (const upload of uploads) {
      const answer = await upload.visitor.call('check: GET /uploads/:name', upload.path, [200]);
      if (answer && answer.bytes.length !== upload.size)
        checks.push(`upload ${upload.path}: ${answer.bytes.length} bytes, stored ${upload.size}`);
    }
    for (const conversion of conversions) {
      const answer = await conversion.visitor.call(
        'check: GET /api/conversions/:id',
        `/api/conversions/${conversion.requestId}`,
        [200],
      );
      const results = answer ? json<{ results: Record<string, string> }>(answer).results : {};
      if (Object.keys(results).length !== TARGETS.length || Object.values(results).some((r) => r !== 'complete'))
        checks.push(`conversion ${conversion.requestId}: ${JSON.stringify(results)}`);
    }
    for (const visitor of visitors) await remaining(visitor, '0');
    const free = statuses.get('GET /api/download/:id')?.get(200) ?? 0;
    const paid = statuses.get('GET /api/download/:id (needs payment)')?.get(402) ?? 0;
    console.log(
      `\nchecks: ${uploads.length} uploads retrievable byte for byte; ${conversions.length} conversions complete; ${visitors.length} visitors each used exactly 1 free download (${free} first downloads answered 200, ${paid} second images answered 402)`,
    );
    errors.push(...checks);
    // The held polls' cost, on the server the load leaves behind (its CPU is read from its processes).
    if (pid !== undefined && process.env.LOAD_HELD_POLLS !== '0')
      errors.push(...(await measureHeldPolls(baseUrl, pid)));
    if (errors.length > 0) {
      exitCode = 1;
      console.log(`\n${errors.length} errors:`);
      for (const error of errors.slice(0, 30)) console.log(`  ${error}`);
    } else {
      console.log('errors: 0');
    }
  } finally {
    stop();
  }
  process.exit(exitCode);
}

await main();
