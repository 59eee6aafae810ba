/**
 * What the engine admits, judged from the file's header before any decode, by the memory the
 * decode will take: a production isolate has 128 MB and the engine must stay under 100 MB at peak.
 * The figures behind each estimate are measured by `npm run bench` (see README, "Image limits").
 */
import { ImageError } from './errors';
import type { ImageInfo } from './inspect';

const MiB = 1024 * 1024;

/** The engine's peak budget: decode, one output, its encoding. */
export const PEAK_BUDGET_BYTES = 100 * MiB;
/**
 * The biggest output (2752×2064) with its filtered rows, compressed PNG and preview: measured by
 * the benchmark as about 41 MB above the decoded picture, rounded up.
 */
export const WORKING_BYTES = 44 * MiB;
/** Emscripten codecs reserve this much up front. */
const WASM_BASE_BYTES = 16 * MiB;
/** Hard cap on either side whatever the memory says (the largest WebP is 16383). */
export const MAX_SIDE = 16383;

/** Bytes the decode of this image holds at its peak (decoder memory plus the RGBA result). */
export function estimateDecodeBytes(info: ImageInfo): number {
  const pixels = info.width * info.height;
  const rgba = pixels * 4;
  if (info.type === 'png') return rgba + 2 * MiB;
  // mozjpeg and libwebp write RGBA into their own heap, which jSquash then copies out.
  const coefficients = info.type === 'jpeg' && info.progressive ? pixels * info.coefficientsPerPixel * 2 : 0;
  const heap = Math.max(WASM_BASE_BYTES, rgba + coefficients + 2 * MiB);
  return heap + rgba;
}

/** The largest image of the same kind and shape that fits, for the refusal message. */
function largestAdmitted(info: ImageInfo): { width: number; height: number } {
  const aspect = info.uprightWidth / info.uprightHeight;
  let low = 1;
  let high = MAX_SIDE;
  while (low < high) {
    const height = Math.ceil((low + high) / 2);
    const width = Math.max(1, Math.floor(height * aspect));
    const fits = width <= MAX_SIDE && estimateDecodeBytes({ ...info, width, height }) + WORKING_BYTES <= PEAK_BUDGET_BYTES;
    if (fits) low = height;
    else high = height - 1;
  }
  return { width: Math.max(1, Math.floor(low * aspect)), height: low };
}

export function admitImage(info: ImageInfo): void {
  const tooBig = info.width > MAX_SIDE || info.height > MAX_SIDE || estimateDecodeBytes(info) + WORKING_BYTES > PEAK_BUDGET_BYTES;
  if (!tooBig) return;
  const limit = largestAdmitted(info);
  const mp = (n: number) => (n / 1e6).toFixed(1);
  throw new ImageError(
    'too-large',
    `The image is ${info.uprightWidth}×${info.uprightHeight} pixels (${mp(info.uprightWidth * info.uprightHeight)} MP); the largest ${info.progressive ? 'progressive JPEG' : info.type.toUpperCase()} of this shape we can process is ${limit.width}×${limit.height} (${mp(limit.width * limit.height)} MP). Please resize it and upload it again.`,
  );
}
