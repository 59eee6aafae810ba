/**
 * `npm run bench -- isolate`: one isolate, many people (docs/decisions/0019-isolate-memory-budget.md).
 * Concurrent heavy visitors through the server `npm start` runs, at 1, 4, 8 and 16 at once
 * (BENCH_LEVELS), each doing what a person with a large photo does, beside one Unlimited Access
 * customer's batch:
 *
 * - upload a photo in turn: a 48 MP phone JPEG, a 24 MP WebP, a 19 MP interlaced (Adam7) PNG of
 *   47 MB (refused with 413, as planned: REFUSED_AS_PLANNED), a 12 MP group photo, a 47 MB PNG;
 *   then a 51 MB file, which must be refused (413);
 * - the single tool's first result (process-image), the picture's detection;
 * - the banner adjuster to 12 banners with intelligent framing, the profile adjuster to 6 profile
 *   pictures, each followed by held polls until settled; the banners' ZIP, streamed;
 * - the batch: 10 photos × 10 formats, followed, then its ZIP.
 *
 * A 503 is waited out as its Retry-After says and asked again. Printed per level: the isolate's
 * peak memory as the engine's ledger counts it (sampled at every reservation) and as V8 reports it
 * through the inspector (live: heap used + backing stores; committed: heap committed + backing
 * stores), beside the budget; then 5xx answers, 503s waited out, targets lost, targets a second and
 * the isolate's live memory idle after the load. The same mix runs on the code before the budget
 * (BENCH_BEFORE, a git ref; built once into a worktree in the system's temporary folder) in the
 * same run, row beside row (BENCH_CODE=now or =before runs one of them). BENCH_ALLOCATIONS=1 adds
 * where the JavaScript heap was allocated (V8's sampling heap profiler), by function. BENCH_STEPS=1
 * runs instead one visitor at a time with a collection forced after each step, and prints the
 * garbage each step left.
 *
 * Needs `npm run build` first (the code before is built here).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BANNER_FORMATS, findFormatByName, PROFILE_FORMATS, type PlatformFormat } from '../shared/formats';
import { BATCH_FORMATS } from '../scripts/batch-formats';
import { startWranglerDev } from '../scripts/local-server';
import { Inspector } from './inspector';
import { CACHE, fetchPhotos, groupPhoto, largestAccepted } from './photos';

const MiB = 1024 * 1024;
const LEVELS = (process.env.BENCH_LEVELS ?? '1,4,8,16').split(',').map(Number);
/** The code before the isolate's memory budget (the trust round's last commit). */
const BEFORE = process.env.BENCH_BEFORE ?? '297f70b';
const GOAL = { ledger: 110 * MiB, live: 110 * MiB, committed: 128 * MiB, idle: 40 * MiB };
const SOURCE = findFormatByName('linkedin', 'banner')!;
const BANNERS = BANNER_FORMATS.filter((f) => f.platform !== SOURCE.platform).slice(0, 12);
const PROFILES = PROFILE_FORMATS.slice(0, 6);

/**
 * The photos of the mix admission refuses (413), as decision 0019 says under "Cost": an Adam7 PNG
 * whose file does not fit beside its decode. Any other 413 is an error.
 */
const REFUSED_AS_PLANNED = new Set(['kleiber-19mp-interlaced.png']);

/**
 * Addresses of their own in each run of the bench (by the minute of the hour it starts): the local
 * server keeps its state between runs, and an address's hourly allowances (rate limits) must not
 * be found spent by a rerun.
 */
const RERUN = Math.floor(Date.now() / 60_000) % 60;

type Upload = { id: string; path: string; originalFilename: string; width: number; height: number };
type Tally = {
  fiveXx: number;
  waited: number;
  targets: number;
  lost: number;
  refused413: number;
  /** Photos of REFUSED_AS_PLANNED refused (413). */
  refusedPhotos: string[];
  errors: string[];
};

/** A visitor of its own address and cookies; a 503 is waited out and asked again. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    readonly ip: string,
    private readonly tally: Tally,
  ) {}

  async call(
    path: string,
    init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers({ 'CF-Connecting-IP': this.ip, Origin: this.baseUrl, ...init.headers });
      if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      if (init.json !== undefined) headers.set('Content-Type', 'application/json');
      const res = await fetch(`${this.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      for (const line of res.headers.getSetCookie()) {
        const [name, ...value] = (line.split(';')[0] ?? '').split('=');
        if (name) this.cookies.set(name.trim(), value.join('='));
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.status === 503 && attempt < 30) {
        this.tally.waited += 1;
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('Retry-After') ?? 1) * 1000));
        continue;
      }
      if (res.status >= 500) {
        this.tally.fiveXx += 1;
        this.tally.errors.push(`${path}: ${res.status} ${new TextDecoder().decode(bytes.subarray(0, 160))}`);
      }
      return {
        status: res.status,
        headers: res.headers,
        bytes,
        json: <T>() => JSON.parse(new TextDecoder().decode(bytes)) as T,
      };
    }
  }

  async upload(name: string, file: Uint8Array): Promise<Upload | null> {
    const form = new FormData();
    form.append('image', new File([file as Uint8Array<ArrayBuffer>], name));
    const res = await this.call('/api/upload', { method: 'POST', body: form });
    if (res.status === 413 && REFUSED_AS_PLANNED.has(name)) {
      this.tally.refusedPhotos.push(name);
      return null;
    }
    if (res.status !== 201) {
      this.tally.errors.push(`upload ${name}: ${res.status}`);
      return null;
    }
    return res.json<Upload>();
  }

  async request(upload: Upload, format: PlatformFormat, purpose: 'single' | 'fan-out'): Promise<string | null> {
    const aspect = format.width / format.height;
    const width = Math.min(upload.width, upload.height * aspect);
    const res = await this.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: format.platform,
        format: format.format,
        width: format.width,
        height: format.height,
        formatId: format.id,
        cropDetails: {
          x: (upload.width - width) / 2,
          y: (upload.height - width / aspect) / 2,
          width,
          height: width / aspect,
          zoom: 1,
        },
        purpose,
      },
    });
    return res.status === 201 ? res.json<{ id: string }>().id : null;
  }

  /** Follows a request's targets with held polls, as the results page does, until none is processing. */
  async settle(id: string, expected: number): Promise<void> {
    let etag: string | null = null;
    const started = performance.now();
    for (;;) {
      const res = await this.call(`/api/conversions/${id}`, {
        headers: etag ? { 'If-None-Match': etag, Prefer: 'wait=8' } : {},
      });
      if (res.status !== 200 && res.status !== 304) return void this.tally.errors.push(`poll ${id}: ${res.status}`);
      etag = res.headers.get('ETag');
      if (res.status === 200) {
        const results = Object.values(res.json<{ results: Record<string, string> }>().results);
        if (results.length >= expected && results.every((s) => s !== 'processing')) {
          const complete = results.filter((s) => s === 'complete').length;
          this.tally.targets += complete;
          this.tally.lost += expected - complete;
          return;
        }
      }
      if (performance.now() - started > 600_000) return void (this.tally.lost += expected);
      if (!res.headers.has('Preference-Applied') && res.headers.has('Retry-After'))
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('Retry-After')) * 1000));
    }
  }
}

/** A tally with nothing counted yet. */
function emptyTally(): Tally {
  return { fiveXx: 0, waited: 0, targets: 0, lost: 0, refused413: 0, refusedPhotos: [], errors: [] };
}

/** Targets a refused call lost, and why. */
function lose(tally: Tally, why: string, targets: number): void {
  tally.errors.push(why);
  tally.lost += targets;
}

/**
 * One person's visit with a large photo. `after` is called once each step has ended (BENCH_STEPS:
 * the garbage each leaves).
 */
async function visit(
  baseUrl: string,
  index: number,
  run: string,
  photos: Array<[string, Uint8Array]>,
  tally: Tally,
  after: (step: string) => Promise<void> = async () => undefined,
) {
  const v = new Visitor(baseUrl, `10.${run}.${RERUN + (index >> 8)}.${(index & 255) + 1}`, tally);
  const [name, bytes] = photos[index % photos.length]!;
  const upload = await v.upload(name, bytes);
  await after('upload');
  if (!upload) return;
  const single = await v.request(upload, SOURCE, 'single');
  if (single) {
    const res = await v.call(`/api/process-image/${single}`, { method: 'POST' });
    if (res.status === 200) tally.targets += 1;
    else lose(tally, `process-image: ${res.status}`, 1);
  }
  await after('single tool: first result');
  const detection = await v.call(`/api/upload/${upload.id}/detection`);
  if (detection.status !== 200) tally.errors.push(`detection: ${detection.status}`);
  await after('detection');
  const banner = await v.request(upload, SOURCE, 'fan-out');
  if (banner) {
    const res = await v.call(`/api/banner-convert/${banner}`, {
      method: 'POST',
      json: { sourceFormatId: SOURCE.id, targetFormatIds: BANNERS.map((f) => f.id), useAi: true },
    });
    if (res.status === 202) {
      await v.settle(banner, BANNERS.length);
      await after(`${BANNERS.length} banners`);
      const zip = await v.call(`/api/download-zip/${banner}?formats=${BANNERS.map((f) => f.id).join(',')}`);
      if (zip.status !== 200) tally.errors.push(`zip: ${zip.status}`);
      await after("the banners' ZIP");
    } else lose(tally, `banner-convert: ${res.status}`, BANNERS.length);
  }
  const profile = await v.request(upload, PROFILES[0]!, 'fan-out');
  if (profile) {
    const res = await v.call(`/api/profile-convert/${profile}`, {
      method: 'POST',
      json: { sourceFormatId: null, targetFormatIds: PROFILES.map((f) => f.id) },
    });
    if (res.status === 202) await v.settle(profile, PROFILES.length);
    else lose(tally, `profile-convert: ${res.status}`, PROFILES.length);
    await after(`${PROFILES.length} profile pictures`);
  }
  // A file over the 50 MB limit: refused, never held.
  const form = new FormData();
  form.append('image', new File([new Uint8Array(51 * 1024 * 1024)], 'too-large.png'));
  const refused = await v.call('/api/upload', { method: 'POST', body: form });
  if (refused.status === 413) tally.refused413 += 1;
  else tally.errors.push(`51 MB upload: ${refused.status}`);
  await after('a 51 MB upload, refused');
}

/**
 * BENCH_STEPS=1: one visitor at a time, a photo of the mix each, with a full collection forced
 * through the inspector after each step. Prints the garbage each step left (what the collection
 * took: heap, and buffers and WebAssembly memories), and what the isolate held after it.
 */
async function stepGarbage(
  baseUrl: string,
  inspector: Inspector,
  run: string,
  photos: Array<[string, Uint8Array]>,
): Promise<void> {
  const tally = emptyTally();
  const poke = () => fetch(`${baseUrl}/api/health`);
  const one = (bytes: number) => (bytes / MiB).toFixed(1).padStart(6);
  await inspector.collect(poke);
  for (const [index, [name]] of photos.entries()) {
    await visit(baseUrl, index, run, photos, tally, async (step) => {
      const { before, after } = await inspector.collect(poke);
      console.log(
        [
          `          ${`${name}: ${step}`.padEnd(66)}`,
          one(before.usedSize - after.usedSize),
          one(before.backingStorageSize - after.backingStorageSize),
          `   ${one(after.usedSize)}`,
          one(after.backingStorageSize),
        ].join('  '),
      );
    });
  }
  for (const error of tally.errors.slice(0, 5)) console.log(`          ${error}`);
}

/** An Unlimited Access customer's batch of 10 photos × 10 formats, followed to its ZIP. */
async function batch(baseUrl: string, run: string, photo: Uint8Array, tally: Tally) {
  const v = new Visitor(baseUrl, `10.${run}.${RERUN + 100}.1`, tally);
  const name = `isolate${run}x${Date.now() % 100000}`;
  await v.call('/api/register', {
    method: 'POST',
    json: { username: name, email: `${name}@example.com`, password: `${name}-password` },
  });
  const intent = await v.call('/api/create-unlimited-access', { method: 'POST' });
  const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
  await v.call('/api/local-payments/confirm', {
    method: 'POST',
    json: { clientSecret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  await v.call('/api/payment-success', { method: 'POST', json: { paymentIntentId } });
  const requestIds: string[] = [];
  for (let i = 0; i < 10; i++) {
    const upload = await v.upload(`product-${i + 1}.jpg`, photo);
    const id = upload && (await v.request(upload, SOURCE, 'fan-out'));
    if (id) requestIds.push(id);
  }
  const created = await v.call('/api/batches', {
    method: 'POST',
    json: { requestIds, formats: BATCH_FORMATS.map((f) => f.id) },
  });
  if (created.status !== 202) return void tally.errors.push(`batch: ${created.status}`);
  const { id } = created.json<{ id: string }>();
  const expected = requestIds.length * BATCH_FORMATS.length;
  let etag: string | null = null;
  for (;;) {
    const res = await v.call(`/api/batches/${id}`, {
      headers: etag ? { 'If-None-Match': etag, Prefer: 'wait=8' } : {},
    });
    etag = res.headers.get('ETag');
    if (res.status === 200) {
      const { totals } = res.json<{ totals: { complete: number; failed: number; processing: number } }>();
      if (totals.processing === 0) {
        tally.targets += totals.complete;
        tally.lost += expected - totals.complete;
        break;
      }
    } else if (res.status !== 304) return void tally.errors.push(`batch poll: ${res.status}`);
  }
  const zip = await v.call(`/api/batches/${id}/zip`);
  if (zip.status !== 200) tally.errors.push(`batch zip: ${zip.status}`);
}

/** What one level of concurrency gave on one server. */
type Result = {
  ledger: number | null;
  live: number;
  committed: number;
  /** Of the committed peak, the JavaScript heap's part (the rest: buffers and WebAssembly memories). */
  heapAtCommitted: number;
  idleLive: number;
  /** Of the idle figure, buffers and WebAssembly memories. */
  idleBacking: number;
  /** Of those, what the ledger keeps on purpose between steps (memory.ts `keep`). */
  idleKept: number;
  seconds: number;
  tally: Tally;
  /** Where the JavaScript heap's bytes were allocated (BENCH_ALLOCATIONS=1). */
  sites?: Array<{ where: string; bytes: number }>;
};

async function runLevel(
  baseUrl: string,
  inspector: Inspector,
  visitors: number,
  run: string,
  photos: Array<[string, Uint8Array]>,
  batchPhoto: Uint8Array,
): Promise<Result> {
  const tally = emptyTally();
  await fetch(`${baseUrl}/api/dev/memory`, { method: 'DELETE', headers: { Origin: baseUrl } }).catch(() => undefined);
  const sampling = inspector.sample();
  const allocations = process.env.BENCH_ALLOCATIONS ? await inspector.allocations() : null;
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: visitors }, (_, i) => visit(baseUrl, i, run, photos, tally)),
    batch(baseUrl, run, batchPhoto, tally),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const peak = await sampling.stop();
  const sites = await allocations?.stop();
  const ledgerAnswer = await fetch(`${baseUrl}/api/dev/memory`).catch(() => null);
  const ledger = ledgerAnswer?.ok ? ((await ledgerAnswer.json()) as { peakBytes: number }).peakBytes : null;
  // Idle: what stays once the load is over (a few seconds for the last answers to go).
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idle = await inspector.heapUsage();
  // Of the idle buffers, what the ledger keeps on purpose (kernels, an encoder, a picture): the rest is garbage.
  const idleAnswer = await fetch(`${baseUrl}/api/dev/memory`).catch(() => null);
  const kept = idleAnswer?.ok ? ((await idleAnswer.json()) as { kept: { bytes: number }[] }).kept : [];
  return {
    ledger,
    live: peak.live,
    committed: peak.committed,
    heapAtCommitted: peak.heapAtCommitted,
    idleLive: idle.usedSize + idle.backingStorageSize,
    idleBacking: idle.backingStorageSize,
    idleKept: kept.reduce((sum, k) => sum + k.bytes, 0),
    seconds,
    tally,
    sites,
  };
}

/**
 * The checkout's packages for the code before, each linked, but the engine its own: a code with the
 * engine package (engine/) must build with its engine, not the checkout's.
 */
function linkModules(root: string, dir: string): void {
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== '@social-resizer') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  if (!existsSync(join(dir, 'engine'))) return;
  mkdirSync(join(dir, 'node_modules/@social-resizer'));
  symlinkSync(join(dir, 'engine'), join(dir, 'node_modules/@social-resizer/engine'));
}

/** The code before, built once beside the checkout (outside it: the type check and lint read `bench/`): its directory. */
function buildBefore(): string {
  const dir = join(tmpdir(), `social-resizer-before-${BEFORE}`);
  const root = join(import.meta.dirname, '..');
  if (!existsSync(join(dir, 'dist/social_resizer/wrangler.json'))) {
    if (!existsSync(dir))
      execFileSync('git', ['worktree', 'add', '--detach', dir, BEFORE], { cwd: root, stdio: 'ignore' });
    if (!existsSync(join(dir, 'node_modules'))) linkModules(root, dir);
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'ignore' });
  }
  execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

async function photosForTheMix(): Promise<{ photos: Array<[string, Uint8Array]>; batchPhoto: Uint8Array }> {
  const largest = await largestAccepted(fetchPhotos());
  const pick = (prefix: string) => {
    const photo = largest.find((p) => p.name.startsWith(prefix));
    if (!photo) throw new Error(`no ${prefix} photo (apt-get download failed?)`);
    return [photo.name, new Uint8Array(readFileSync(photo.path))] as [string, Uint8Array];
  };
  const group = await groupPhoto();
  // 47 MB: noise does not compress, so a PNG of it is as large as its pixels.
  const noise = join(CACHE, 'noise-47mb-4600x3400.png');
  if (!existsSync(noise)) {
    const raw = new Uint8Array(4600 * 3400 * 3);
    let seed = 1;
    for (let i = 0; i < raw.length; i++) raw[i] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    writeFileSync(
      noise,
      await sharp(raw, { raw: { width: 4600, height: 3400, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
  }
  // An interlaced PNG under the 50 MB upload limit (the engine bench's 24 MP one is 56 MB).
  const adam7 = join(CACHE, 'kleiber-19mp-5400x3600-interlaced.png');
  const kleiber = fetchPhotos().find((p) => p.name.startsWith('Kleiber'));
  if (!existsSync(adam7) && kleiber)
    writeFileSync(
      adam7,
      await sharp(kleiber.path).resize(5400, 3600, { fit: 'cover' }).png({ progressive: true }).toBuffer(),
    );
  const groupBytes = new Uint8Array(readFileSync(group));
  return {
    photos: [
      pick('phone-48mp'),
      pick('webp-24mp'),
      ['kleiber-19mp-interlaced.png', new Uint8Array(readFileSync(adam7))],
      ['group-12mp.jpg', groupBytes],
      ['noise-47mb.png', new Uint8Array(readFileSync(noise))],
    ],
    batchPhoto: groupBytes,
  };
}

const mib = (bytes: number | null) => (bytes === null ? '-' : `${(bytes / MiB).toFixed(0)} MiB`);

export async function benchIsolate(): Promise<void> {
  const { photos, batchPhoto } = await photosForTheMix();
  const before = process.env.BENCH_CODE === 'now' ? undefined : buildBefore();
  // Each code as `npm start` serves it (V8's heap limited to the isolate's 128 MB, as deployed:
  // scripts/local-server.ts), and the code now also as local workerd runs it by default, with no limit.
  const servers = [
    { name: `before (${BEFORE})`, cwd: before, port: 8802, inspectorPort: 9302, v8Flags: undefined },
    { name: 'now', cwd: undefined, port: 8801, inspectorPort: 9301, v8Flags: undefined },
    { name: 'now, V8 no limit', cwd: undefined, port: 8803, inspectorPort: 9303, v8Flags: '' },
  ].filter((s) => !process.env.BENCH_CODE || s.name.startsWith(process.env.BENCH_CODE));
  if (process.env.BENCH_STEPS) {
    console.log(
      `\nThe garbage each step of one visitor leaves: a full collection forced after each (MiB).` +
        `\n${'code, then photo: step'.padEnd(76)}  garbage: heap  buffers   held after: heap  buffers`,
    );
    for (const [s, server] of servers.entries()) {
      console.log(`  ${server.name}`);
      await onServer(server, (baseUrl, inspector) => stepGarbage(baseUrl, inspector, `${90 + s}`, photos));
    }
    return;
  }
  console.log(
    `\nOne isolate, many people: ${LEVELS.join(', ')} visitors at once, each with a large photo (${photos.map(([n]) => n).join(', ')}), beside a batch of 10 × 10.` +
      `\nGoals: ledger and live peak < ${mib(GOAL.live)}, committed < ${mib(GOAL.committed)}, 0 5xx, 0 lost, idle ≤ ${mib(GOAL.idle)}.\n`,
  );
  console.log(
    [
      'visitors',
      'code'.padEnd(20),
      'ledger',
      'live',
      'committed (of it heap)',
      '5xx',
      '503s',
      'lost',
      'targets/s',
      'idle live (of it buffers; kept)',
    ].join('  '),
  );
  for (const level of LEVELS) {
    for (const [s, server] of servers.entries()) {
      const result = await onServer(server, (baseUrl, inspector) =>
        runLevel(baseUrl, inspector, level, `${10 + level * 2 + s}`, photos, batchPhoto),
      );
      console.log(
        [
          String(level).padStart(8),
          server.name.padEnd(20),
          mib(result.ledger).padStart(6),
          mib(result.live).padStart(7),
          `${mib(result.committed)} (heap ${(result.heapAtCommitted / MiB).toFixed(0)})`.padStart(20),
          String(result.tally.fiveXx).padStart(3),
          String(result.tally.waited).padStart(4),
          String(result.tally.lost).padStart(4),
          (result.tally.targets / result.seconds).toFixed(2).padStart(9),
          `${mib(result.idleLive)} (buffers ${(result.idleBacking / MiB).toFixed(0)}; ${(result.idleKept / MiB).toFixed(0)})`.padStart(
            26,
          ),
        ].join('  '),
      );
      const refused = new Map<string, number>();
      for (const name of result.tally.refusedPhotos) refused.set(name, (refused.get(name) ?? 0) + 1);
      for (const [name, times] of refused)
        console.log(`          refused as too large (413), as planned: ${name} ×${times}`);
      for (const error of result.tally.errors.slice(0, 5)) console.log(`          ${error}`);
      if (result.sites)
        console.log(
          `          ${mib(result.sites.reduce((sum, site) => sum + site.bytes, 0))} allocated on the JavaScript heap in all, most in:`,
        );
      for (const { where, bytes } of result.sites?.slice(0, 15) ?? [])
        console.log(`          ${mib(bytes).padStart(8)} allocated in ${where}`);
    }
  }
}

/** A code's server, as the bench starts it. */
type BenchServer = { name: string; cwd?: string; port: number; inspectorPort: number; v8Flags?: string };

/** `work` on a server started for it (its address, and its isolate's inspector), stopped after. */
async function onServer<T>(
  server: BenchServer,
  work: (baseUrl: string, inspector: Inspector) => Promise<T>,
): Promise<T> {
  const running = await startWranglerDev(server.port, {
    inspectorPort: server.inspectorPort,
    cwd: server.cwd,
    v8Flags: server.v8Flags,
    logFile: join(CACHE, `isolate-${server.port}.log`),
  });
  const inspector = await Inspector.connect(server.inspectorPort);
  try {
    return await work(running.baseUrl, inspector);
  } finally {
    inspector.close();
    running.stop();
  }
}
