/**
 * A platform's file-size cap, met by searching the quality (as imgproxy's max_bytes does), never by
 * damaging a photo's colours; PNG loses colour bits (dithered) only where PNG is what the user
 * chose or all the platform takes (docs/decisions/0009-output-types-and-encoders.md).
 */
import { formatSize, type OutputType } from '../plan/output';
import { encodePng } from '../codecs/png/encode';
import type { Raster } from '../pixels/raster';

/**
 * A file no quality brings under its cap. `fits`: the other types the platform accepts that were
 * made under the cap when tried (encode.ts): the message suggests those and nothing else.
 */
export class FileSizeError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly fits: readonly OutputType[] = [],
  ) {
    const cap = formatSize(maxBytes, maxBytes);
    const names = fits.map((type) => type.toUpperCase());
    super(
      names.length > 0
        ? `The file cannot be made smaller than the platform's limit of ${cap} as asked: choose ${names.join(' or ')}, which ${names.length === 1 ? 'fits' : 'fit'}.`
        : `The file cannot be made smaller than the platform's limit of ${cap} in any type the platform accepts, even at the lowest quality.`,
    );
    this.name = 'FileSizeError';
  }
}

/** The lowest quality the cap search goes to: below it a photo is too damaged to post. */
export const MIN_QUALITY = 20;

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
export async function encodePngUnder(
  raster: Raster,
  alpha: 'drop' | 'auto',
  maxBytes: number | null,
): Promise<{ bytes: Uint8Array; reducedBits: number }> {
  let bytes = await encodePng(raster, { alpha });
  let reducedBits = 0;
  if (maxBytes !== null && bytes.length > maxBytes) bytes = await encodePng(raster, { alpha, effort: 'small' });
  while (maxBytes !== null && bytes.length > maxBytes) {
    reducedBits += 1;
    if (reducedBits > 4) throw new FileSizeError(maxBytes);
    bytes = await encodePng(reduceBits(raster, reducedBits), { alpha, effort: 'small' });
  }
  return { bytes, reducedBits };
}

/**
 * The highest quality up to `quality` whose file fits `maxBytes`: one encode when it fits at once,
 * else a bisection between MIN_QUALITY and the asked quality (at most 6 more encodes).
 */
export async function encodeLossyUnder(
  encode: (quality: number) => Promise<Uint8Array>,
  quality: number,
  maxBytes: number | null,
): Promise<{ bytes: Uint8Array; quality: number }> {
  const first = await encode(quality);
  if (maxBytes === null || first.length <= maxBytes) return { bytes: first, quality };
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
  return best;
}
