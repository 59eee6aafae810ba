/**
 * What the engine admits, judged from the file's header before any decode, by the memory the
 * work on it will take: any run of renders of an admitted picture fits the isolate's budget alone
 * (memory.ts ISOLATE_BUDGET_BYTES, which every step makes room in). The figures behind each
 * estimate are measured by `npm run bench` (docs/engine.md, "Image limits").
 */
import { ImageError } from '../errors';
import type { ImageInfo } from './image-info';
import { coefficientBytes } from '../codecs/jpeg/frame';
import { ISOLATE_BUDGET_BYTES } from '../memory';
import { EXTENSION_WORKING_BYTES } from '../pixels/content-aware/extension-plan';
import { MAX_OUTPUT_PIXELS, type OutputType } from '../plan/output';

const MiB = 1024 * 1024;

/**
 * What one render holds above the decoded picture, a pixel of its output: the RGBA output, the
 * encoder's working memory, the file, the preview and garbage between them. Measured: PNG up to
 * 37 MB at 2752×2064 (streamed by strips), JPEG 38.8 MB at most (2064×2752, the encoder's
 * coefficients included; 14.5 MB for 1080×1920), WebP 22.5 MB for the largest format that offers
 * it, 1.5 MP (docs/decisions/0009-output-types-and-encoders.md).
 */
export const WORKING_PER_PIXEL: Record<OutputType, number> = { jpeg: 7, png: 7, webp: 15 };
/**
 * jSquash's WebP encoder's memory before it grows, an instance for each output
 * (codecs/webp/encode.ts). With 8 bytes a pixel, for the RGBA output it reads and the growth, it
 * holds an opaque output: 1080 × 1350 of noise at quality 100 held 24.8 MiB (planned 29.1), a
 * 512 × 512 sticker 17 (planned 5.8 before, now 20).
 */
const WEBP_ENCODER_BYTES = 16 * MiB;
/**
 * What one render holds above its decoded picture: its output's working bytes and 2 MiB of small
 * buffers. An extension (pixels/content-aware/extension-plan.ts, a slab of at most 3.2 MiB) runs on the
 * RGBA output and lets its slab go before the encoder starts, so it counts beside the output alone:
 * it decides only for small outputs (under about 1 MP).
 */
export function renderWorkingBytes(pixels: number, type: OutputType): number {
  const encoder = type === 'webp' ? WEBP_ENCODER_BYTES + pixels * 8 : 0;
  return Math.max(pixels * WORKING_PER_PIXEL[type], pixels * 4 + EXTENSION_WORKING_BYTES, encoder) + 2 * MiB;
}
/** The largest render: the largest output (a catalogue format or a custom size) as JPEG or PNG. */
export const MAX_WORKING_BYTES = renderWorkingBytes(MAX_OUTPUT_PIXELS, 'jpeg');
/**
 * The most a decoded picture, or the part of one a render decodes, may take beside the largest
 * render: decode-plan.ts coarsens the scale until the part fits (about 38 MiB: 13 MP of RGB).
 */
export const DECODED_BUDGET_BYTES = ISOLATE_BUDGET_BYTES - MAX_WORKING_BYTES;
/**
 * A picture is admitted when the whole of it at half scale fits the budget, with what its decoder
 * holds beside it: every format is then made from at least half the picture's resolution (baseline
 * JPEG 56 MP, a 48 MP phone photo being 8064×6048; progressive 43 MP; opaque PNG 56 MP, PNG with
 * alpha 42 MP, Adam7 19.8 MP; an opaque lossy WebP 46 MP with a 5 MB file:
 * docs/engine.md, "Image limits").
 */
const LEAST_SCALE = 2;
/** A buffered JPEG decode measured up to 12 % above its coefficients plus its result (spent bands, rows). */
const BUFFERED_DECODE_OVERHEAD = 1.12;
/** Inflated chunks an Adam7 decode, read to its end, leaves uncollected beside its sums (measured, 24 and 29 MP at 1/2). */
const ADAM7_STREAM_BYTES = 40 * MiB;
/** Our libwebp build's memory before it grows (webp/codec/build.sh: 1 MB and its stack), with a margin. */
const WEBP_BASE_BYTES = 2 * MiB;
/** Hard cap on either side whatever the memory says (the largest WebP is 16383). */
export const MAX_SIDE = 16383;

/**
 * Bytes held at the peak of decoding `part` bytes of picture (its RGB or RGBA) at `scale`, and
 * afterwards with the decoded picture (which the working set of every render then comes on top of).
 */
export function decodeBytes(info: ImageInfo, part: number, scale: number): { peak: number; decoded: number } {
  // PNG: the part, and the row being unfiltered (and the one above). An Adam7 file is inflated to
  // its end at any scale: the inflated chunks not yet collected measured up to ADAM7_STREAM_BYTES;
  // reduced, it adds the high bytes of its cells' 16-bit sums (the part's size again: the low bytes
  // are the part).
  if (info.type === 'png') {
    const sums = info.interlaced ? ADAM7_STREAM_BYTES + (scale > 1 ? part : 0) : 0;
    return { peak: part + sums + info.width * 12 + 2 * MiB, decoded: part };
  }
  if (info.type === 'jpeg') {
    // Our decoder: the RGB part plus small strips. A buffered decode is still planned as if it held
    // the coefficients of the whole picture (jpeg/frame.ts) and its result were the whole picture at
    // its scale, as it did before 2026-11-30; it now holds one band of them (jpeg/decode.ts). The
    // plan is kept so that what is admitted, and at what scale each format is made, stay as they
    // were (docs/engine.md, "Image limits").
    if (!info.buffered) return { peak: part + 2 * MiB, decoded: part };
    const whole = Math.ceil(info.width / scale) * Math.ceil(info.height / scale) * 3;
    const coefficients = coefficientBytes(info.width, info.height, info.sampling, scale, info.progressive);
    return { peak: (Math.max(part, whole) + coefficients) * BUFFERED_DECODE_OVERHEAD + 2 * MiB, decoded: part };
  }
  // libwebp (webp/decode.ts): the part, beside what its instance holds (decodeOverheadBytes). A
  // lossless picture is a view of that memory; a lossy one's rows are copied out of it, which is
  // then garbage, still counted while the picture lives: V8 frees an instance's memory only some
  // collections later.
  const held = part + decodeOverheadBytes(info);
  return { peak: held, decoded: held };
}

/**
 * Whether decoding `part` bytes at `scale` keeps a run in the isolate's budget: the file beside the
 * decode's peak (the file is let go once decoded: view.ts), and the decoded part beside the largest render.
 */
export function decodeFits(info: ImageInfo, part: number, scale: number): boolean {
  const { peak, decoded } = decodeBytes(info, part, scale);
  return info.fileBytes + peak <= ISOLATE_BUDGET_BYTES && decoded + MAX_WORKING_BYTES <= ISOLATE_BUDGET_BYTES;
}

/** The whole picture decoded at full scale, the part (but a buffered JPEG's) capped at the budget. */
export function estimateDecodeBytes(info: ImageInfo): { peak: number; decoded: number } {
  const whole = info.width * info.height * decodedChannels(info);
  return decodeBytes(info, info.buffered ? whole : Math.min(whole, DECODED_BUDGET_BYTES), 1);
}

/**
 * What a decode holds besides its part, for as long as the picture lives: for a WebP, the memory of
 * its libwebp instance (the file, a few rows, for alpha an alpha plane of a byte a pixel, for a
 * lossless file the whole picture as ARGB, and the pixels themselves); nothing for our JPEG and PNG
 * decoders.
 */
export function decodeOverheadBytes(info: ImageInfo): number {
  if (info.type !== 'webp') return 0;
  const pixels = info.width * info.height;
  const whole = info.lossless ? pixels * 4 : info.hasAlpha ? pixels : 0;
  return WEBP_BASE_BYTES + info.fileBytes + whole + info.width * 64;
}

/**
 * Bytes a decoded pixel takes: JPEG, opaque WebP and opaque PNG as RGB (an interlaced PNG's passes
 * sum into an RGBA result: png/decode.ts), the rest RGBA.
 */
export function decodedChannels(info: ImageInfo): 3 | 4 {
  if (info.type === 'jpeg') return 3;
  if (info.type === 'webp') return info.hasAlpha ? 4 : 3;
  return info.hasAlpha || info.interlaced ? 4 : 3;
}

function fits(info: ImageInfo): boolean {
  if (info.width > MAX_SIDE || info.height > MAX_SIDE) return false;
  const halfScale = Math.ceil(info.width / LEAST_SCALE) * Math.ceil(info.height / LEAST_SCALE) * decodedChannels(info);
  return decodeFits(info, halfScale, LEAST_SCALE);
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
  // The file itself is what does not fit beside its decode (an Adam7 PNG of tens of MB): no
  // smaller picture of the same file would, so the message names the file, not a size.
  if (limit.width * limit.height < 1e6)
    throw new ImageError(
      'too-large',
      `This ${info.interlaced ? 'interlaced PNG' : info.type.toUpperCase()} file (${mp(info.fileBytes)} MB) is too large to process. Please save it as a JPEG${info.interlaced ? ' or a PNG without interlacing' : ''}, or smaller, and upload it again.`,
    );
  throw new ImageError(
    'too-large',
    `The image is ${info.uprightWidth}×${info.uprightHeight} pixels (${mp(info.uprightWidth * info.uprightHeight)} MP); the largest ${info.progressive ? 'progressive JPEG' : info.type.toUpperCase()} of this shape we can process is ${limit.width}×${limit.height} (${mp(limit.width * limit.height)} MP). Please resize it and upload it again.`,
  );
}
