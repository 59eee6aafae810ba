/**
 * What the engine admits, judged from the file's header before any decode, by the memory the
 * decode will take: a production isolate has 128 MB and the engine must stay under 100 MB at peak.
 * The figures behind each estimate are measured by `npm run bench` (see README, "Image limits").
 */
import { ImageError } from './errors';
import type { ImageInfo } from './image-info';

const MiB = 1024 * 1024;

/**
 * The budget admission plans for, a little under the 100 MB the engine must stay under: the
 * estimates below are fitted to the benchmark's measured peaks (which include garbage not yet
 * collected), with that margin on top.
 */
export const PEAK_BUDGET_BYTES = 98 * MiB;
/**
 * What one render holds above the decoded picture: the RGBA output, the encoder's working memory,
 * the file, the preview and garbage between them. Measured: PNG up to 37 MB (2752×2064, streamed
 * by strips); JPEG 42.3 MB at most (1080×1920 encoded whole, MozJPEG's heap included; larger
 * outputs are encoded in strips, 19.7 MB for 2064×2752); WebP 22.5 MB for the largest format
 * that offers it (docs/decisions/0009-output-types-and-encoders.md). The plan keeps 60 MB: the
 * difference is headroom for garbage an isolate has not collected yet.
 */
export const WORKING_BYTES = 60 * MiB;
/**
 * The most a decoded picture, or the part of one a render decodes, may take: decode-plan.ts coarsens a
 * JPEG's scale until the part fits (38 MiB: 13.3 MP of RGB).
 */
export const DECODED_BUDGET_BYTES = PEAK_BUDGET_BYTES - WORKING_BYTES;
/**
 * A JPEG or non-interlaced PNG is admitted when the whole picture at half scale fits the budget:
 * every format is then made from at least half the picture's resolution (JPEG 53 MP, a 48 MP phone
 * photo being 8064×6048; PNG 39.8 MP).
 */
const LEAST_SCALE = 2;
/** A buffered JPEG decode measured up to 12 % above its coefficients plus its result (spent bands, rows). */
const BUFFERED_DECODE_OVERHEAD = 1.12;
/** Emscripten codecs reserve this much up front. */
const WASM_BASE_BYTES = 16 * MiB;
/** Hard cap on either side whatever the memory says (the largest WebP is 16383). */
export const MAX_SIDE = 16383;

/**
 * Bytes held at the peak of decoding, and by the decoded picture afterwards (which the working set
 * of every render then comes on top of).
 */
export function estimateDecodeBytes(info: ImageInfo): { peak: number; decoded: number } {
  const pixels = info.width * info.height;
  if (info.type === 'png') {
    // RGBA: the whole picture (Adam7), or the part a render plans, at most the budget (plus a row).
    const rgba = info.interlaced ? pixels * 4 : Math.min(pixels * 4, DECODED_BUDGET_BYTES);
    return { peak: rgba + info.width * 4 + 2 * MiB, decoded: rgba };
  }
  if (info.type === 'jpeg') {
    // Our decoder: RGB result (the part a render plans, at most the budget) plus small strips. A
    // buffered decode also holds 2 bytes for each coefficient of the whole picture (padded to whole
    // MCUs) until the bands are converted, and is planned as if its result were the whole picture:
    // with a smaller part the coefficients, garbage once converted, measured a peak 16 % over plan.
    const rgb = info.buffered ? pixels * 3 : Math.min(pixels * 3, DECODED_BUDGET_BYTES);
    const padding = (1 + 16 / info.width) * (1 + 16 / info.height);
    const coefficients = info.buffered ? pixels * info.coefficientsPerPixel * 2 * padding : 0;
    return { peak: (rgb + coefficients) * (info.buffered ? BUFFERED_DECODE_OVERHEAD : 1) + 2 * MiB, decoded: rgb };
  }
  // libwebp writes RGBA into its own heap, which jSquash then copies out; the instance's memory is
  // garbage afterwards but may not be collected before the renders start, so it counts throughout.
  const rgba = pixels * 4;
  const held = Math.max(WASM_BASE_BYTES, rgba + 2 * MiB) + rgba;
  return { peak: held, decoded: held };
}

/** The engine's peak for this image: its decode, or the decoded picture and one render. */
export function estimatePeakBytes(info: ImageInfo): number {
  const { peak, decoded } = estimateDecodeBytes(info);
  return Math.max(peak, decoded + WORKING_BYTES);
}

/** JPEGs and non-interlaced PNGs decode in part and reduced (decode-plan.ts); WebP and Adam7 PNG whole. */
export function decodesInPart(info: ImageInfo): boolean {
  return info.type === 'jpeg' || (info.type === 'png' && !info.interlaced);
}

function fits(info: ImageInfo): boolean {
  if (info.width > MAX_SIDE || info.height > MAX_SIDE) return false;
  const channels = info.type === 'jpeg' ? 3 : 4;
  if (decodesInPart(info) && (info.width * info.height * channels) / LEAST_SCALE ** 2 > DECODED_BUDGET_BYTES)
    return false;
  return estimatePeakBytes(info) <= PEAK_BUDGET_BYTES;
}

/** The largest image of the same kind and shape that fits, for the refusal message. */
export function largestAdmitted(info: ImageInfo): { width: number; height: number } {
  const aspect = info.uprightWidth / info.uprightHeight;
  let low = 1;
  let high = MAX_SIDE;
  while (low < high) {
    const height = Math.ceil((low + high) / 2);
    const width = Math.max(1, Math.floor(height * aspect));
    if (fits({ ...info, width, height })) low = height;
    else high = height - 1;
  }
  return { width: Math.max(1, Math.floor(low * aspect)), height: low };
}

export function admitImage(info: ImageInfo): void {
  if (fits(info)) return;
  const limit = largestAdmitted(info);
  const mp = (n: number) => (n / 1e6).toFixed(1);
  throw new ImageError(
    'too-large',
    `The image is ${info.uprightWidth}×${info.uprightHeight} pixels (${mp(info.uprightWidth * info.uprightHeight)} MP); the largest ${info.progressive ? 'progressive JPEG' : info.type.toUpperCase()} of this shape we can process is ${limit.width}×${limit.height} (${mp(limit.width * limit.height)} MP). Please resize it and upload it again.`,
  );
}
