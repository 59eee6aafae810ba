/**
 * npm run bench: the image engine side by side with sharp (libvips) on real photos, single thread.
 *   (a) one format from a crop (LinkedIn banner, centred, zoom 1.25), decode included (of the part
 *       and scale the format needs, as the API does it: a JPEG's from the access points its
 *       upload's detection left, and also from the top of the file); the best of seven turns each,
 *       after one not counted
 *   (b) every catalogue format from one upload, as the queue makes them (from the same access points): in decodeOrder (the finest
 *       scale first, then the largest), in batches of four that share a decode where it costs none
 *       of their resolution; once for the peak memory (collections forced between renders), once
 *       timed (none forced)
 * sharp is called as its users call it (bench/sharp-reference.ts). Prints times, the engine/sharp ratios, file sizes side by side, the engine's peak memory (JS heap + array buffers + WASM
 * memories, above the baseline before the image, plus the kernels' WASM memory) and output sizes against plain PNG encodes.
 * Targets: ratio <= 1.0 on (a) (the 24 MP PNG 1.5) and on (b); peak < 100 MB for the largest accepted image.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { findFormatByName, PLATFORM_FORMATS, type PlatformFormat } from '../shared/formats';
import {
  codecs,
  admitImage,
  ANALYSIS_SIZE,
  centredCrop,
  cropInView,
  detectSide,
  decodeOrder,
  fitCrop,
  ImageError,
  inspectImage,
  PictureViews,
  renderFormat,
  type CropRect,
  type DecodeNeed,
  type Encoded,
} from '@social-resizer/engine';
import { DEFAULT_QUALITY } from '@social-resizer/engine/plan/output';
import { gc, PeakMemory } from './memory';
import { fetchPhotos, largestAccepted, phonePhoto, type Photo } from './photos';
import { megabytes, sharpOutput, sizeDifference } from './sharp-reference';

sharp.concurrency(1);
sharp.cache(false);

const banner = findFormatByName('linkedin', 'banner') as PlatformFormat;

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

interface Row {
  photo: string;
  mp: string;
  oneEngine: number;
  /** (a) without the upload's access points: a JPEG's region read from the top of its file. */
  oneTop: number;
  oneSharp: number;
  allEngine: number;
  allSharp: number;
  peakMb: number;
  banner: FileFacts;
  bannerSharpBytes: number;
  /** Bytes of every format's file, ours and sharp's. */
  allBytes: number;
  allSharpBytes: number;
  /** How many formats Auto made of each type. */
  types: Record<string, number>;
  capped: Array<{ key: string; cap: number; size: number; type: string; quality: number | null }>;
}

async function benchPhoto(photo: Photo, warmTurns: number): Promise<Row | string> {
  const bytes = new Uint8Array(readFileSync(photo.path));
  const info = inspectImage(bytes);
  const picture = { width: info.uprightWidth, height: info.uprightHeight };
  try {
    admitImage(info);
  } catch (error) {
    if (error instanceof ImageError) return `${photo.name} (${photo.note}): refused as the API would: ${error.message}`;
    throw error;
  }
  const crop = centredCrop(picture, banner, 1.25);
  // A baseline JPEG's access points, as the API's renders read them from the upload
  // (docs/decisions/0025-jpeg-access-points.md): made by the whole decode its detection reads, which
  // the app asks for as soon as an upload ends. (a) is also timed without them, from the top of the file.
  const accessPoints = await detectionPoints(bytes, picture);

  // (a) one format, decode included, as one request does it: the best of ONE_RUNS, the engine and
  // sharp taking turns (as the API bench and the decoder bench take their best), so one photo's
  // figure is not whichever side the machine happened to slow down in a single run. A first turn
  // of each warms up and is not counted: a Worker's isolate serves request after request, its code
  // compiled and tiered up by then (a photo's first turn ran 1.5-3 times its later ones). The
  // process's first photo has FIRST_WARM_TURNS: the engine's code and sharp's take four turns to be
  // tiered up (2004default: 134, 79, 81, 74, then 37-46 ms; sharp 132, 107, 49, 100, then
  // 34-45), which left it three or four warm turns of seven.
  const memory = new PeakMemory();
  await memory.start();
  const renderOne = (points = accessPoints) =>
    time(async () => {
      // As a render reads its upload's file: inspected as a file checked at upload (no PNG checksums again).
      const view = await new PictureViews(bytes, inspectImage(bytes, { checked: true }), codecs, {
        accessPoints: points,
      }).viewFor(needOf(crop, banner));
      memory.sample();
      return renderFormat(view.picture, info.orientation, cropInView(view, crop), banner, AUTO);
    });
  const [single] = await renderOne();
  // sharp makes the type and quality Auto chose (sharp has no Auto).
  const sharpOne = () => time(() => sharpOutput(bytes, picture, crop, banner, facts(single.file)));
  const [oneFile] = await sharpOne();
  for (let turn = 1; turn < warmTurns; turn++) {
    await renderOne();
    await renderOne(null);
    await sharpOne();
  }
  let oneEngine = Infinity;
  let oneTop = Infinity;
  let oneSharp = Infinity;
  // The two engine turns in either order by turns: the second of two ran slower (2004default, which
  // has no access points, the same work twice: 45-48 against 58-61 ms).
  const engine = async (points: Uint8Array | null) => {
    gc();
    return (await renderOne(points))[1];
  };
  for (let run = 0; run < ONE_RUNS; run++) {
    let engineMs: number;
    let topMs: number;
    if (run % 2 === 0) {
      engineMs = await engine(accessPoints);
      topMs = await engine(null);
    } else {
      topMs = await engine(null);
      engineMs = await engine(accessPoints);
    }
    const [, sharpMs] = await sharpOne();
    oneEngine = Math.min(oneEngine, engineMs);
    oneTop = Math.min(oneTop, topMs);
    oneSharp = Math.min(oneSharp, sharpMs);
  }

  // (b) every format from one upload, as the queue does it, twice. First for the memory figure: what
  // (a) left is garbage the isolate would collect before failing an allocation, so it is collected
  // first, and so is each render's before the next (the peak is then what one render really needs).
  // Then timed, as a warm isolate runs a batch (as (a) counts warm turns): no collection forced
  // between renders, no memory sampler. Each collection forced handed the next render fresh memory
  // to fault in, and the first run compiled the encoders' paths: astronaut.png's 118 formats took
  // 3.5 s as the first run with collections forced, 2.5-2.7 s warm with them, 2.1-2.2 s warm
  // without (the logo's 6.1-6.2 and 5.3-5.6 s). sharp's side has neither.
  const needFor = (format: PlatformFormat) => needOf(fitCrop(crop, picture, format), format);
  const queued = [...PLATFORM_FORMATS].sort((a, b) => decodeOrder(needFor(a), needFor(b)));
  // What each file was (type, quality, size), not its bytes: holding 74 files would count as engine memory.
  const files = new Map<number, FileFacts>();
  const fanOut = async (measure: PeakMemory | null): Promise<number> => {
    let ms = 0;
    for (let first = 0; first < queued.length; first += QUEUE_BATCH) {
      const batch = queued.slice(first, first + QUEUE_BATCH);
      const views = new PictureViews(bytes, info, codecs, { accessPoints });
      for (const [i, format] of batch.entries()) {
        if (measure) gc();
        const formatCrop = fitCrop(crop, picture, format);
        const companions = batch.slice(i + 1).map(needFor);
        const [view, viewMs] = await time(() => views.viewFor(needOf(formatCrop, format), companions));
        if (measure) {
          measure.sample();
          gc(); // the decode's garbage (pieces of the file, inflated data) is not the render's to count
        }
        const [rendered, renderMs] = await time(() =>
          renderFormat(view.picture, info.orientation, cropInView(view, formatCrop), format, AUTO),
        );
        files.set(format.id, facts(rendered.file));
        ms += viewMs + renderMs;
        measure?.sample();
      }
    }
    return ms;
  };
  await fanOut(memory);
  const peakMb = memory.stop();
  gc();
  const allEngine = await fanOut(null);

  // sharp's side, after the engine's memory is measured: each format from the file as sharp's users
  // call it (bench/sharp-reference.ts), in the type and quality Auto chose (sharp has no Auto).
  let allSharpBytes = 0;
  const [, allSharp] = await time(async () => {
    for (const format of PLATFORM_FORMATS) {
      const file = await sharpOutput(bytes, picture, fitCrop(crop, picture, format), format, files.get(format.id)!);
      allSharpBytes += file.length;
    }
  });
  const capped = PLATFORM_FORMATS.filter((f) => f.maxBytes !== null).map((f) => {
    const file = files.get(f.id) as FileFacts;
    return { key: f.key, cap: f.maxBytes as number, size: file.size, type: file.type, quality: file.quality };
  });

  return {
    photo: `${photo.name} (${photo.note})`,
    mp: ((info.width * info.height) / 1e6).toFixed(1),
    oneEngine,
    oneTop,
    oneSharp,
    allEngine,
    allSharp,
    peakMb,
    banner: facts(single.file),
    bannerSharpBytes: oneFile.length,
    allBytes: [...files.values()].reduce((sum, f) => sum + f.size, 0),
    allSharpBytes,
    types: [...files.values()].reduce<Record<string, number>>((n, f) => ({ ...n, [f.type]: (n[f.type] ?? 0) + 1 }), {}),
    capped,
  };
}

/** One line: every capped format within its cap, and the qualities used. */
function capSummary(capped: Row['capped']): string {
  const within = capped.filter((c) => c.size <= c.cap).length;
  const qualities = capped.map((c) => c.quality).filter((q): q is number => q !== null);
  const lowered = capped.filter((c) => c.quality !== null && c.quality < DEFAULT_QUALITY);
  const headroom = Math.min(...capped.map((c) => 1 - c.size / c.cap));
  const range = qualities.length ? `JPEG/WebP quality ${Math.min(...qualities)}-${Math.max(...qualities)}` : 'all PNG';
  const where = lowered.map((c) => `${c.key} (q${c.quality})`).join(', ');
  return `capped formats: ${within}/${capped.length} within their caps (least headroom ${(headroom * 100).toFixed(0)} %), ${range}${where ? `, lowered for ${where}` : ''}`;
}

type FileFacts = { type: Encoded['type']; quality: number | null; size: number };
const facts = (file: Encoded): FileFacts => ({ type: file.type, quality: file.quality, size: file.bytes.length });

const AUTO = { output: { type: 'auto', quality: DEFAULT_QUALITY }, encoders: codecs } as const;

/** The access points the upload's detection leaves (worker/services/conversions/picture.ts detect): none but a baseline JPEG's. */
async function detectionPoints(bytes: Uint8Array, picture: { width: number; height: number }) {
  const views = new PictureViews(bytes, inspectImage(bytes, { checked: true }), codecs);
  await views.whole(Math.max(detectSide(picture.width, picture.height), 2 * ANALYSIS_SIZE));
  const points = views.accessPoints;
  views.letGo();
  return points;
}

/**
 * Turns of (a), the best of which is printed: seven, as a photo's code paths take three or four
 * turns to be compiled and tiered up (astronaut.png's banner: 79, 37, 21, then 13-17 ms), and three
 * printed whichever warm-up or noise they met (the same photo 0.88 in one run, 1.08 in the next).
 */
const ONE_RUNS = 7;
/** Turns not counted before the process's first photo's (see benchPhoto). */
const FIRST_WARM_TURNS = 4;

/** The queue's max_batch_size (wrangler.toml). */
const QUEUE_BATCH = 4;

const needOf = (crop: CropRect, format: PlatformFormat): DecodeNeed => ({
  crop,
  width: format.width,
  height: format.height,
});

/**
 * Each section's module is imported when it runs: Lighthouse, Playwright and the comparison
 * encoders loaded beside the photos' turns slowed the engine's (a) by about 5 % (Kleiber 54-56 →
 * 58-59 ms, 2004default 37 → 38-40) and sharp's not at all. A Worker's isolate holds the app alone.
 */
async function main() {
  // `npm run bench -- lighthouse`: every public page's Lighthouse performance on a phone (needs `npm run build`).
  if (process.argv.includes('lighthouse')) return (await import('./lighthouse')).benchLighthouse();
  // `npm run bench -- detection`: intelligent resizing on the evaluation set (bench/eval) only (also last in the full run).
  if (process.argv.includes('detection')) return (await import('./detection')).benchDetection();
  // `npm run bench -- isolate`: one isolate's memory under concurrent heavy visitors (needs `npm run build`).
  if (process.argv.includes('isolate')) return (await import('./isolate')).benchIsolate();
  // `npm run bench -- costs`: what each flow costs on Cloudflare, counted in the worker (needs `npm run build`).
  if (process.argv.includes('costs')) return (await import('./costs')).benchCosts();
  // `npm run bench -- band`: the band test of extensions against the blurred backdrop (bench/band.ts; also last in the full run).
  if (process.argv.includes('band')) return (await import('./band')).benchBand();
  // BENCH_ONLY=name,name limits the run to photos whose names contain one of them.
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const chosen = (p: Photo) => !only || only.some((name) => p.name.includes(name));
  const fetched = fetchPhotos();
  if (fetched.length === 0) throw new Error('no photos: apt-get download failed for every package');
  const real = fetched.filter(chosen);
  // `npm run bench -- content-aware` runs only the content-aware part; `-- api` only the API path.
  if (process.argv.includes('content-aware')) return (await import('./content-aware')).benchContentAware(real);
  // `npm run bench -- quality`: the quality preview in Chromium, through the built app (bench/quality-preview.ts).
  if (process.argv.includes('quality'))
    return (await import('./quality-preview')).benchQualityPreview(real.filter((p) => /\.jpg$/.test(p.name)));
  // `npm run bench -- encoders`: the JPEG and WebP encoders against sharp only.
  if (process.argv.includes('encoders')) return (await import('./encoders')).benchEncoders(real);
  // `npm run bench -- decoder`: the JPEG decoder by step against libjpeg-turbo only.
  if (process.argv.includes('decoder')) return (await import('./decoder')).benchDecoder(real);
  // `npm run bench -- browser`: what a person waits for in Chromium, through the built app (bench/browser.ts).
  if (process.argv.includes('browser'))
    return (await import('./browser')).benchBrowser([
      ...(await phonePhoto(fetched)),
      ...real.filter((p) => /^(2004default|Kleiber)/.test(p.name)),
    ]);
  const largest = (await largestAccepted(fetched)).filter(chosen);
  if (process.argv.includes('api'))
    return (await import('./api')).benchApi(
      [...real, ...largest].filter((p) => /\.(jpg|webp)$/.test(p.name) && !p.name.startsWith('kleiber-')),
    );
  const photos = [...real, ...largest];
  console.log(
    `Image engine vs sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), single thread, ${PLATFORM_FORMATS.length} formats, Node ${process.version}\n`,
  );
  const rows: Row[] = [];
  for (const photo of photos) {
    const result = await benchPhoto(photo, rows.length === 0 ? FIRST_WARM_TURNS : 1);
    if (typeof result === 'string') {
      console.log(result);
      continue;
    }
    rows.push(result);
    const r = result;
    console.log(
      [
        `${r.photo}: ${r.mp} MP`,
        `  (a) one format:  engine ${r.oneEngine.toFixed(0)} ms (from the top of the file ${r.oneTop.toFixed(0)} ms), sharp ${r.oneSharp.toFixed(0)} ms, ratio ${(r.oneEngine / r.oneSharp).toFixed(2)} (${(r.oneTop / r.oneSharp).toFixed(2)}); files ${(r.banner.size / 1024).toFixed(0)} KB and ${(r.bannerSharpBytes / 1024).toFixed(0)} KB`,
        `  (b) all formats: engine ${(r.allEngine / 1000).toFixed(2)} s, sharp ${(r.allSharp / 1000).toFixed(2)} s, ratio ${(r.allEngine / r.allSharp).toFixed(2)}; files ${megabytes(r.allBytes)} and ${megabytes(r.allSharpBytes)} (ours ${sizeDifference(r.allBytes, r.allSharpBytes)})`,
        `  engine peak memory: ${r.peakMb.toFixed(1)} MB`,
        `  Auto gave ${Object.entries(r.types)
          .map(([type, n]) => `${n} ${type.toUpperCase()}`)
          .join(', ')}; the banner ${r.banner.type.toUpperCase()} ${(r.banner.size / 1024).toFixed(0)} KB`,
        `  ${capSummary(r.capped)}`,
      ].join('\n'),
    );
  }
  if (rows.length > 0) {
    // The 24 MP PNG's first format has a target of its own (node:zlib's inflate alone is about sharp's whole render).
    const worst = (of: Row[], ratio: (r: Row) => number) => {
      const r = of.reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
      return `${ratio(r).toFixed(2)} (${r.photo.split(' ')[0]})`;
    };
    const png24 = (r: Row) => r.photo.startsWith('kleiber-24mp-') && r.photo.includes('.png');
    const others = rows.filter((r) => !png24(r));
    const parts = [
      others.length
        ? `worst (a) ratio ${worst(others, (r) => r.oneEngine / r.oneSharp)} (target <= 1.0; from the top of the file ${worst(others, (r) => r.oneTop / r.oneSharp)})`
        : '',
      rows.some(png24)
        ? `24 MP PNG (a) ${worst(rows.filter(png24), (r) => r.oneEngine / r.oneSharp)} (target <= 1.5)`
        : '',
      `worst (b) ratio ${worst(rows, (r) => r.allEngine / r.allSharp)} (target <= 1.0)`,
      `highest peak ${Math.max(...rows.map((r) => r.peakMb)).toFixed(1)} MB (target < 100 MB)`,
    ];
    console.log(`\nSummary: ${parts.filter(Boolean).join(', ')}`);
  }
  // BENCH_ONLY naming only generated photos (the largest accepted) stops here.
  if (real.length === 0) return;
  const { benchCaps, benchEncoders } = await import('./encoders');
  await benchEncoders(real);
  await (await import('./decoder')).benchDecoder(real);
  const noisiest = real.find((p) => p.name === '2004default.jpg') ?? real[0];
  if (noisiest) await benchCaps(noisiest);
  await (await import('./content-aware')).benchContentAware(real);
  console.log('');
  await (await import('./detection')).benchDetection();
  console.log('');
  await (await import('./band')).benchBand();
}

await main();
