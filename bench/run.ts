/**
 * npm run bench: the image engine side by side with sharp (libvips) on real photos, single thread.
 *   (a) one format from a crop (LinkedIn banner, centred, zoom 1.25), decode included
 *   (b) every catalogue format from one upload (decode once, render all)
 * Prints times, the engine/sharp ratios, the engine's peak memory (JS heap + array buffers + WASM
 * memories, above the baseline before the image, plus the kernels' WASM memory) and output sizes against plain PNG encodes.
 * Targets: ratio <= 1.5 on (b); peak < 100 MB for the largest accepted image.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { findFormatByName, PLATFORM_FORMATS, type PlatformFormat } from '../shared/formats';
import {
  admitImage,
  centredCrop,
  decodeImage,
  fitCrop,
  ImageError,
  inspectImage,
  renderFormat,
  type CropRect,
} from '../worker/imaging';
import { nodeCodecs } from '../test/imaging/node-codecs';
import { kernelMemoryBytes } from '../worker/imaging/simd/kernels';
import { benchContentAware } from './content-aware';
import { fetchPhotos, largestAccepted, type Photo } from './photos';

sharp.concurrency(1);
sharp.cache(false);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MB = 1024 * 1024;

/** Samples heap + external memory every millisecond while work awaits, and at explicit points. */
class PeakMemory {
  private peak = 0;
  private base = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private current() {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  }
  /**
   * Collects garbage (and lets native buffers of earlier sharp runs go) before taking the baseline.
   * The kernels' WebAssembly memory, grown by earlier runs and never shrunk, counts as the engine's.
   */
  async start() {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    this.base = this.current() - kernelMemoryBytes();
    this.peak = this.base;
    this.timer = setInterval(() => this.sample(), 1);
  }
  sample() {
    this.peak = Math.max(this.peak, this.current());
  }
  stop(): number {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    return (this.peak - this.base) / MB;
  }
}

const banner = findFormatByName('linkedin', 'banner') as PlatformFormat;

function sharpRegion(crop: CropRect, picture: { width: number; height: number }) {
  const left = Math.max(0, Math.round(crop.x));
  const top = Math.max(0, Math.round(crop.y));
  return {
    left,
    top,
    width: Math.min(picture.width - left, Math.round(crop.width)),
    height: Math.min(picture.height - top, Math.round(crop.height)),
  };
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

interface Row {
  photo: string;
  mp: string;
  oneEngine: number;
  oneSharp: number;
  allEngine: number;
  allSharp: number;
  peakMb: number;
  bannerBytes: number;
  plainBytes: number;
  sharpBestBytes: number;
}

async function benchPhoto(photo: Photo): Promise<Row | string> {
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

  // (a) one format, decode included, as one request does it.
  const memory = new PeakMemory();
  await memory.start();
  const [single, oneEngine] = await time(async () => {
    const raster = await decodeImage(bytes, inspectImage(bytes), nodeCodecs);
    memory.sample();
    return renderFormat(raster, info.orientation, crop, banner);
  });

  // (b) every format from one upload: decode once, then render each. What (a) left is garbage
  // the isolate would collect before failing an allocation, so it is collected here first; so is
  // each render's before the next (the memory figure is then the peak one render really needs).
  // The forced collections are not timed: sharp's side has none.
  gc();
  const [raster, decodeMs] = await time(() => decodeImage(bytes, info, nodeCodecs));
  let allEngine = decodeMs;
  memory.sample();
  for (const format of PLATFORM_FORMATS) {
    gc();
    const [, renderMs] = await time(() =>
      renderFormat(raster, info.orientation, fitCrop(crop, picture, format), format),
    );
    allEngine += renderMs;
    memory.sample();
  }
  const peakMb = memory.stop();

  // sharp's side, after the engine's memory is measured.
  const [, oneSharp] = await time(() =>
    sharp(bytes)
      .rotate()
      .extract(sharpRegion(crop, picture))
      .resize(banner.width, banner.height, { kernel: 'lanczos3', fit: 'fill' })
      .png()
      .toBuffer(),
  );
  const [, allSharp] = await time(async () => {
    const { data, info: raw } = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const format of PLATFORM_FORMATS) {
      const region = sharpRegion(fitCrop(crop, picture, format), picture);
      let pipeline = sharp(data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
        .extract(region)
        .resize(format.width, format.height, { kernel: 'lanczos3', fit: 'fill' });
      if (format.opaque) pipeline = pipeline.flatten({ background: '#ffffff' }).removeAlpha();
      await pipeline.png().toBuffer();
    }
  });

  // Sizes of the banner: ours, a plain encode (zlib 6, no filter choice), and sharp's best effort.
  const rawBanner = await sharp(single.png).raw().toBuffer({ resolveWithObject: true });
  const asRaw = {
    raw: { width: rawBanner.info.width, height: rawBanner.info.height, channels: rawBanner.info.channels },
  } as const;
  const plain = await sharp(rawBanner.data, asRaw).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  // Lossless only: sharp's `effort`, `quality` and `colours` switch to a quantised (lossy) palette.
  const best = await sharp(rawBanner.data, asRaw).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();

  return {
    photo: `${photo.name} (${photo.note})`,
    mp: ((info.width * info.height) / 1e6).toFixed(1),
    oneEngine,
    oneSharp,
    allEngine,
    allSharp,
    peakMb,
    bannerBytes: single.png.length,
    plainBytes: plain.length,
    sharpBestBytes: best.length,
  };
}

async function main() {
  const real = fetchPhotos();
  if (real.length === 0) throw new Error('no photos: apt-get download failed for every package');
  // `npm run bench -- content-aware` runs only the content-aware part.
  if (process.argv.includes('content-aware')) return benchContentAware(real);
  const photos = [...real, ...(await largestAccepted(real))];
  console.log(
    `Image engine vs sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), single thread, ${PLATFORM_FORMATS.length} formats, Node ${process.version}\n`,
  );
  const rows: Row[] = [];
  for (const photo of photos) {
    const result = await benchPhoto(photo);
    if (typeof result === 'string') {
      console.log(result);
      continue;
    }
    rows.push(result);
    const r = result;
    console.log(
      [
        `${r.photo}: ${r.mp} MP`,
        `  (a) one format:  engine ${r.oneEngine.toFixed(0)} ms, sharp ${r.oneSharp.toFixed(0)} ms, ratio ${(r.oneEngine / r.oneSharp).toFixed(2)}`,
        `  (b) all formats: engine ${(r.allEngine / 1000).toFixed(2)} s, sharp ${(r.allSharp / 1000).toFixed(2)} s, ratio ${(r.allEngine / r.allSharp).toFixed(2)}`,
        `  engine peak memory: ${r.peakMb.toFixed(1)} MB`,
        `  banner PNG: ours ${(r.bannerBytes / 1024).toFixed(0)} KB, plain encode ${(r.plainBytes / 1024).toFixed(0)} KB (${((1 - r.bannerBytes / r.plainBytes) * 100).toFixed(1)} % smaller), sharp's smallest lossless ${(r.sharpBestBytes / 1024).toFixed(0)} KB`,
      ].join('\n'),
    );
  }
  if (rows.length > 0) {
    const worstAll = Math.max(...rows.map((r) => r.allEngine / r.allSharp));
    const worstPeak = Math.max(...rows.map((r) => r.peakMb));
    console.log(
      `\nSummary: worst (b) ratio ${worstAll.toFixed(2)} (target <= 1.5), highest peak ${worstPeak.toFixed(1)} MB (target < 100 MB)`,
    );
  }
  await benchContentAware(real);
}

await main();
