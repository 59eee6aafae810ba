/**
 * The file a render gives: its type (the user's choice, or Auto's), its encoding, and a platform's
 * file-size cap met by searching the quality (as imgproxy's max_bytes does), never by damaging a
 * photo's colours. PNG bit reduction is kept for PNG only, where PNG is what the user chose or
 * all the platform takes.
 */
import type { OutputType } from '../../shared/output';
import { encodeJpeg } from './jpeg/encode';
import { encodePng } from './png/encode';
import type { Raster } from './raster';
import { flatten } from './resample';
import { encodeWebp } from './webp/encode';

export interface EncoderModules {
  jpegEncoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
}

export interface Encoded {
  bytes: Uint8Array;
  type: OutputType;
  /** The JPEG or WebP quality used (lower than asked where a cap made it so); null for PNG. */
  quality: number | null;
  /** Colour bits dropped per channel to fit a PNG under a cap; 0 = lossless. */
  reducedBits: number;
}

export class FileSizeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The output cannot be made smaller than the platform's limit of ${(maxBytes / 1024 / 1024).toFixed(1)} MB.`);
    this.name = 'FileSizeError';
  }
}

/** The lowest quality the cap search goes to: below it a photo is too damaged to post. */
export const MIN_QUALITY = 20;

/** Any pixel not fully opaque. */
export function usesTransparency(raster: Raster): boolean {
  const d = raster.data;
  for (let i = 3; i < d.length; i += 4) if ((d[i] as number) !== 255) return true;
  return false;
}

/** Pixels read to judge an output: every pixel of a small one, evenly spread ones of a large one. */
const SAMPLE_PIXELS = 262_144;

/**
 * Flat graphics (logos, screenshots, illustrations): at most 256 colours, 16 colours covering half
 * the picture (flat fills and backgrounds), or a quarter of it with at most 8,192 colours in all
 * (a logo's anti-aliased drawing on its background: scikit-image's logo cropped to a banner has
 * 6,875 colours, the top 16 covering 35 %). A photograph has none of these, even one upscaled from
 * a small original: its colours are many and evenly spread (the test corpus' 240×160 photos: over
 * 14,000 colours, the top 16 a fifth; the benchmark photos: a hundredth).
 */
export function looksFlat(raster: Raster): boolean {
  const d = raster.data;
  const pixels = raster.width * raster.height;
  const step = Math.max(1, Math.floor(pixels / SAMPLE_PIXELS));
  // Colour counts in an open-addressed table (a Map cost 23 ms a call on the benchmark's outputs,
  // this 9): at least twice the samples in slots, keyed by colour + 1 so that 0 is an empty slot.
  const bits = Math.max(8, Math.ceil(Math.log2(2 * Math.ceil(pixels / step))));
  const slots = 1 << bits;
  const keys = new Int32Array(slots);
  const counts = new Uint32Array(slots);
  let colours = 0;
  let sampled = 0;
  for (let p = 0; p < pixels; p += step, sampled++) {
    const i = p * 4;
    const key = (((d[i] as number) << 16) | ((d[i + 1] as number) << 8) | (d[i + 2] as number)) + 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> (32 - bits);
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & (slots - 1);
    if (keys[slot] === 0) {
      keys[slot] = key;
      colours++;
    }
    counts[slot] = (counts[slot] as number) + 1;
  }
  if (colours <= 256) return true;
  // The 16 largest counts.
  const top = new Uint32Array(16);
  for (let slot = 0; slot < slots; slot++) {
    const n = counts[slot] as number;
    if (n <= (top[15] as number)) continue;
    let at = 15;
    while (at > 0 && (top[at - 1] as number) < n) {
      top[at] = top[at - 1] as number;
      at--;
    }
    top[at] = n;
  }
  const share = top.reduce((sum, n) => sum + n, 0) / sampled;
  return share >= 0.5 || (share >= 0.25 && colours <= 8192);
}

/**
 * Auto's pick among the types a platform accepts: PNG where the output uses transparency or is flat
 * graphics, JPEG for a photograph; the first accepted type when the pick is not accepted.
 */
export function autoType(raster: Raster, accepted: readonly OutputType[], opaque: boolean): OutputType {
  const graphic = (!opaque && usesTransparency(raster)) || looksFlat(raster);
  const pick: OutputType = graphic ? 'png' : 'jpeg';
  return accepted.includes(pick) ? pick : (accepted[0] ?? 'png');
}

/** Ordered 4×4 Bayer thresholds, centred on zero, for dithering when bits are dropped. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

/** Keeps 8 - bits of each colour channel, dithered so gradients do not band. Alpha is untouched. */
export function reduceBits(raster: Raster, bits: number): Raster {
  const step = 1 << bits;
  const data = new Uint8ClampedArray(raster.data.length);
  for (let y = 0, i = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++, i += 4) {
      const threshold = (BAYER[((y & 3) << 2) | (x & 3)] ?? 0) * step;
      for (let c = 0; c < 3; c++) {
        const v = (raster.data[i + c] ?? 0) + threshold;
        data[i + c] = Math.min(255, Math.max(0, Math.round(v / step) * step));
      }
      data[i + 3] = raster.data[i + 3] ?? 0;
    }
  }
  return { width: raster.width, height: raster.height, data };
}

/** The smallest PNG, then fewer colour bits (dithered) until it fits the cap. */
async function encodePngUnder(raster: Raster, alpha: 'drop' | 'auto', maxBytes: number | null): Promise<Encoded> {
  let bytes = await encodePng(raster, { alpha });
  let reducedBits = 0;
  if (maxBytes !== null && bytes.length > maxBytes) bytes = await encodePng(raster, { alpha, effort: 'small' });
  while (maxBytes !== null && bytes.length > maxBytes) {
    reducedBits += 1;
    if (reducedBits > 4) throw new FileSizeError(maxBytes);
    bytes = await encodePng(reduceBits(raster, reducedBits), { alpha, effort: 'small' });
  }
  return { bytes, type: 'png', quality: null, reducedBits };
}

/**
 * The highest quality up to `quality` whose file fits `maxBytes`: one encode when it fits at once,
 * else a bisection between MIN_QUALITY and the asked quality (at most 6 more encodes).
 */
async function encodeLossyUnder(
  encode: (quality: number) => Promise<Uint8Array>,
  type: 'jpeg' | 'webp',
  quality: number,
  maxBytes: number | null,
): Promise<Encoded> {
  const first = await encode(quality);
  if (maxBytes === null || first.length <= maxBytes) return { bytes: first, type, quality, reducedBits: 0 };
  let low = MIN_QUALITY;
  let high = quality - 1;
  let best: { bytes: Uint8Array; quality: number } | null = null;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const bytes = await encode(mid);
    if (bytes.length <= maxBytes) {
      best = { bytes, quality: mid };
      low = mid + 1;
    } else high = mid - 1;
  }
  if (!best) throw new FileSizeError(maxBytes);
  return { bytes: best.bytes, type, quality: best.quality, reducedBits: 0 };
}

export interface OutputRequest {
  type: OutputType;
  quality: number;
  /** The platform refuses transparency: no alpha channel at all. */
  opaque: boolean;
  maxBytes: number | null;
  /** The type came from Auto: a PNG over the cap may become a JPEG (where accepted) instead of losing bits. */
  auto?: { jpegAccepted: boolean };
}

/**
 * Encodes the output as asked. JPEG has no alpha: the pixels are flattened onto white first (in
 * place: the caller's preview then shows what the file holds).
 */
export async function encodeOutput(raster: Raster, request: OutputRequest, modules: EncoderModules): Promise<Encoded> {
  const { type, quality, maxBytes } = request;
  if (type === 'png') {
    const alpha = request.opaque ? 'drop' : 'auto';
    if (request.auto?.jpegAccepted && maxBytes !== null && !usesTransparency(raster)) {
      const png = await encodePng(raster, { alpha });
      if (png.length <= maxBytes) return { bytes: png, type: 'png', quality: null, reducedBits: 0 };
      return encodeOutput(raster, { ...request, type: 'jpeg', auto: undefined }, modules);
    }
    return encodePngUnder(raster, alpha, maxBytes);
  }
  if (type === 'jpeg') {
    if (usesTransparency(raster)) flatten(raster);
    return encodeLossyUnder((q) => encodeJpeg(raster, q, modules.jpegEncoder), 'jpeg', quality, maxBytes);
  }
  return encodeLossyUnder((q) => encodeWebp(raster, q, modules.webpEncoder), 'webp', quality, maxBytes);
}
