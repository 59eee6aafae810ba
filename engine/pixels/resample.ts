/**
 * Crop, orient and resize in one streaming pass, the way libvips does it:
 *
 *   stored pixels ─(EXIF orientation, read through an index map: no rotated copy)─►
 *   box pre-shrink by an integer factor to about twice the target ─►
 *   lanczos3 on each axis (premultiplied where there is alpha) ─► exact target size
 *
 * Only a few rows are alive at a time (a ring of pre-shrunk or resampled rows), so the memory is
 * the target plus a small working set, whatever the source's size.
 *
 * The arithmetic runs in WebAssembly with 128-bit SIMD (simd/assembly/kernels.ts). An opaque
 * picture (every JPEG) is resampled in 16-bit fixed point, vertical pass first, as libvips reduces
 * 8-bit images; one with transparency in floating point on premultiplied RGBA (one pixel one
 * f32x4). This file plans the work (the filter taps, which rows are needed), reads the picture row
 * by row into the module's memory and copies finished rows out. The module's memory holds rows
 * only (a few megabytes for the largest format), never a picture.
 *
 * Edges: taps beyond the picture repeat its edge (no dark or transparent fringe on a crop that
 * touches the border); where the crop itself reaches outside the picture (zoom below 1), the
 * output's alpha is the share of each output pixel that covers the picture, so the border is
 * transparent and antialiased.
 */
import { usesTransparency, type CropRect, type Picture, type Raster } from './raster';
import { uprightSize } from '../input/exif';
import { withBuffers, type Kernels } from '../codecs/simd/kernels';

export interface ResampleInput {
  /** Pixels as stored in the file (before orientation). */
  source: Picture;
  orientation: number;
  /** In upright pixels; may reach outside the picture. */
  crop: CropRect;
  width: number;
  height: number;
  /**
   * Floating point whatever the picture: the copies the face and text detectors (view.ts) and the
   * saliency analysis read, whose thresholds were set and measured on it. A borderline box moves
   * with a level's rounding (a sleeve's four buttons read as a word at 0.65 in fixed point, below
   * the 0.6 cut in floats).
   */
  precise?: boolean;
}

const SUPPORT = 3;
/**
 * A pixel's cover above this is whole: a crop whose edge lies on the picture's edge can leave
 * its last pixel 0.99999… covered in floating point, which rounds to an alpha of 255 all the same.
 */
const WHOLE = 1 - 1e-6;

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -SUPPORT || x >= SUPPORT) return 0;
  const px = Math.PI * x;
  return (SUPPORT * Math.sin(px) * Math.sin(px / SUPPORT)) / (px * px);
}

/**
 * Lanczos3 taps from `inSize` samples to `outSize`, where output i is centred at `centre(i)`, laid
 * out for the SIMD loops: output i reads `count[i]` consecutive samples from `first[i]`, with
 * weights at `weight[i * taps ..]` (zero past its count). Taps beyond the edge are clamped onto
 * the edge sample, their weights merged, so every output's taps stay consecutive.
 */
interface Weights {
  taps: number;
  first: Int32Array;
  count: Int32Array;
  weight: Float32Array;
}

function buildWeights(outSize: number, inSize: number, scale: number, centre: (i: number) => number): Weights {
  const filterScale = Math.max(1, scale);
  const support = SUPPORT * filterScale;
  const taps = Math.min(inSize, Math.ceil(2 * support) + 1);
  const first = new Int32Array(outSize);
  const count = new Int32Array(outSize);
  const weight = new Float32Array(outSize * taps);
  const clamp = (j: number) => (j < 0 ? 0 : j >= inSize ? inSize - 1 : j);
  for (let i = 0; i < outSize; i++) {
    const c = centre(i);
    const lo = Math.ceil(c - support);
    const hi = Math.floor(c + support);
    const start = clamp(lo);
    const base = i * taps;
    let sum = 0;
    let last = start;
    for (let j = lo; j <= hi; j++) {
      const w = lanczos3((j - c) / filterScale);
      if (w === 0) continue;
      const at = clamp(j);
      weight[base + at - start] = (weight[base + at - start] as number) + w;
      last = at;
      sum += w;
    }
    if (sum === 0) {
      // No tap within reach (a crop far outside the picture): the nearest sample, wholly.
      first[i] = clamp(Math.round(c));
      count[i] = 1;
      weight[base] = 1;
      continue;
    }
    for (let t = 0; t <= last - start; t++) weight[base + t] = (weight[base + t] as number) / sum;
    first[i] = start;
    count[i] = last - start + 1;
  }
  // The most samples an output reads: under `taps` where the filter's width (2 × support) is not a
  // whole number of samples, as at most reductions (a 1.94 × reduction: 13 taps, at most 12 read).
  // The layout is cut to it, so the kernels spend no dot products on weights of zero (the
  // horizontal pass of 2004default's banner 7 → 6 pairs an output), the same sums.
  let span = 1;
  for (let i = 0; i < outSize; i++) span = Math.max(span, count[i] as number);
  if (span === taps) return { taps, first, count, weight };
  const packed = new Float32Array(outSize * span);
  for (let i = 0; i < outSize; i++) packed.set(weight.subarray(i * taps, i * taps + span), i * span);
  return { taps: span, first, count, weight: packed };
}

/** Share of [a, b) that lies in [0, limit). */
function coverage(a: number, b: number, limit: number): number {
  const overlap = Math.min(b, limit) - Math.max(a, 0);
  return overlap <= 0 ? 0 : Math.min(1, overlap / (b - a));
}

/** Byte offset of upright (0, 0) and the byte steps for +1 upright x and +1 upright y. */
function orientationSteps(orientation: number, w: number, h: number, px: number): [number, number, number] {
  const row = w * px;
  switch (orientation) {
    case 2:
      return [(w - 1) * px, -px, row];
    case 3:
      return [((h - 1) * w + w - 1) * px, -px, -row];
    case 4:
      return [(h - 1) * row, px, -row];
    case 5:
      return [0, row, px];
    case 6:
      return [(h - 1) * row, -row, px];
    case 7:
      return [((h - 1) * w + w - 1) * px, -row, -px];
    case 8:
      return [(w - 1) * px, row, -px];
    default:
      return [0, px, row];
  }
}

/** What both pipelines read: the region of the picture, its pre-shrink and the filter taps. */
interface Plan {
  tw: number;
  th: number;
  crop: CropRect;
  sy: number;
  uh: number;
  src: Uint8Array | Uint8ClampedArray;
  channels: 3 | 4;
  /** Byte offset of upright (0, 0) and the byte steps for +1 upright x and +1 upright y. */
  origin: number;
  stepX: number;
  stepY: number;
  rx0: number;
  ry0: number;
  ry1: number;
  /** Upright source pixels a row reads, and the pre-shrunk row's pixels and rows. */
  n: number;
  pw: number;
  kx: number;
  ky: number;
  /** Source pixels in the last box of a row (the row's end may cut it short). */
  lastW: number;
  hw: Weights;
  vw: Weights;
  coverX: Float32Array;
  /** The crop covers the picture whole across every output column. */
  wholeColumns: boolean;
  /** Every pixel of the source is opaque (RGB, or RGBA known so). */
  opaque: boolean;
}

export function resampleCrop({ source, orientation, crop, width: tw, height: th, precise }: ResampleInput): Raster {
  const out = new Uint8ClampedArray(tw * th * 4);
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const sx = crop.width / tw;
  const sy = crop.height / th;

  // Integer box pre-shrink to about twice the target, then lanczos3 for the rest. Each axis has
  // its own factor, as in libvips: whatever the crop's shape, a filter never spans more than about
  // 25 samples, which bounds the ring of rows (and the kernels' memory) for any request.
  const kx = Math.max(1, Math.floor(sx / 2));
  const ky = Math.max(1, Math.floor(sy / 2));
  const marginX = Math.ceil((SUPPORT * Math.max(1, sx / kx) + 2) * kx);
  const marginY = Math.ceil((SUPPORT * Math.max(1, sy / ky) + 2) * ky);
  const rx0 = Math.min(uw, Math.max(0, Math.floor(crop.x) - marginX));
  const rx1 = Math.min(uw, Math.max(0, Math.ceil(crop.x + crop.width) + marginX));
  const ry0 = Math.min(uh, Math.max(0, Math.floor(crop.y) - marginY));
  const ry1 = Math.min(uh, Math.max(0, Math.ceil(crop.y + crop.height) + marginY));
  if (rx1 <= rx0 || ry1 <= ry0) return { width: tw, height: th, data: out }; // the crop misses the picture

  const n = rx1 - rx0;
  const pw = Math.ceil(n / kx);
  const ph = Math.ceil((ry1 - ry0) / ky);
  const channels = source.channels;
  const [origin, stepX, stepY] = orientationSteps(orientation, source.width, source.height, channels);
  const coverX = new Float32Array(tw);
  for (let ox = 0; ox < tw; ox++) coverX[ox] = coverage(crop.x + ox * sx, crop.x + (ox + 1) * sx, uw);
  const plan: Plan = {
    tw,
    th,
    crop,
    sy,
    uh,
    src: source.data,
    channels,
    origin,
    stepX,
    stepY,
    rx0,
    ry0,
    ry1,
    n,
    pw,
    kx,
    ky,
    lastW: rx1 - (rx0 + (pw - 1) * kx),
    hw: buildWeights(tw, pw, sx / kx, (ox) => (crop.x + (ox + 0.5) * sx - rx0) / kx - 0.5),
    vw: buildWeights(th, ph, sy / ky, (oy) => (crop.y + (oy + 0.5) * sy - ry0) / ky - 0.5),
    coverX,
    wholeColumns: coverX.every((c) => c > WHOLE),
    // An opaque picture (RGB, or an output known opaque, which its preview is made from) has nothing
    // to premultiply: it takes the fixed-point path, the others the floating-point one.
    opaque: channels === 3 || source.opaque === true,
  };
  return (plan.opaque && !precise ? resampleFixed : resampleFloat)(plan, out);
}

/** Copies upright source row `uy` (pixels rx0 .. rx0 + n) to `to` in the kernels' memory. */
function copyRow(p: Plan, uy: number, bytes: Uint8Array, to: number): void {
  const offset = p.origin + uy * p.stepY + p.rx0 * p.stepX;
  if (p.stepX === p.channels) bytes.set(p.src.subarray(offset, offset + p.n * p.channels), to);
  else gatherRow(p.src, offset, p.stepX, p.channels, p.n, bytes, to);
}

/**
 * Every output row the crop reaches, top to bottom: the input rows its vertical taps read (`rowAt`,
 * each made once in its ring slot) and their weights laid out for the kernels, the row made at
 * `outRow` by `makeRow` (given how much of each of its pixels covers the picture vertically), and
 * copied into the output; a row outside the picture stays transparent. True when every row covers
 * the picture whole.
 */
function outputRows(
  p: Plan,
  out: Uint8ClampedArray,
  taps: {
    bytes: Uint8Array;
    rowPtrs: Int32Array;
    rowWeights: Int16Array | Float32Array;
    weights: ArrayLike<number>;
    rowAt: (py: number) => number;
    outRow: number;
  },
  makeRow: (count: number, coverY: number) => void,
): boolean {
  const { tw, th, vw } = p;
  let whole = true;
  for (let oy = 0; oy < th; oy++) {
    const coverY = coverage(p.crop.y + oy * p.sy, p.crop.y + (oy + 1) * p.sy, p.uh);
    if (coverY <= WHOLE) whole = false;
    if (coverY === 0) continue;
    const count = vw.count[oy] as number;
    const first = vw.first[oy] as number;
    for (let t = 0; t < count; t++) {
      taps.rowPtrs[t] = taps.rowAt(first + t);
      taps.rowWeights[t] = taps.weights[oy * vw.taps + t] as number;
    }
    makeRow(count, coverY);
    out.set(taps.bytes.subarray(taps.outRow, taps.outRow + tw * 4), oy * tw * 4);
  }
  return whole;
}

/**
 * Opaque pictures in 16-bit fixed point, vertical pass first, as libvips reduces 8-bit images: the
 * vertical pass runs on the rows' bytes eight samples a step, the horizontal one two taps a dot
 * product, and no pixel is widened to floats (a box pre-shrink is summed in floats and rounded to
 * bytes, as libvips' shrink gives bytes). Within a level of the floating-point path (the kernels'
 * tests), in 55 to 70 % of its time (docs/decisions/0010-shrink-on-load.md).
 */
function resampleFixed(p: Plan, out: Uint8ClampedArray): Raster {
  const { tw, th, pw, channels, kx, ky, hw, vw } = p;
  const ring = vw.taps; // rows a vertical tap can reach at once
  const pairs = Math.ceil(hw.taps / 2);
  const boxed = kx * ky > 1;
  const rowBytes = pw * channels + 16; // + slack: eight bytes are read at a time, RGB stored as four
  const {
    kernels: K,
    at,
    buffer,
  } = withBuffers({
    srcRow: boxed ? p.n * channels + 4 : 0,
    pre: boxed ? pw * 16 : 0,
    slots: ring * rowBytes,
    rowPtrs: ring * 4,
    rowWeights: ring * 2,
    // + slack: the last outputs' zero-weight taps, and RGB's pairs read as 16 bytes.
    mid: (pw + 2 * pairs + 4) * channels * 2 + 16,
    hFirst: tw * 4,
    hWeight: tw * pairs * 4,
    coverX: tw * 4,
    outRow: tw * 4,
  });
  const bytes = new Uint8Array(buffer);
  new Int32Array(buffer, at.hFirst, tw).set(hw.first);
  new Int16Array(buffer, at.hWeight, tw * pairs * 2).set(fixedWeights(hw, pairs * 2));
  new Float32Array(buffer, at.coverX, tw).set(p.coverX);
  const rowPtrs = new Int32Array(buffer, at.rowPtrs, ring);
  const rowWeights = new Int16Array(buffer, at.rowWeights, ring);

  // Pre-shrunk row py as bytes, in its ring slot.
  const slotOf = new Int32Array(ring).fill(-1);
  const shrunkRow = (py: number): number => {
    const slot = py % ring;
    const address = at.slots + slot * rowBytes;
    if (slotOf[slot] === py) return address;
    slotOf[slot] = py;
    const y0 = p.ry0 + py * ky;
    if (!boxed) {
      copyRow(p, y0, bytes, address);
      return address;
    }
    const rows = { y0, y1: Math.min(p.ry1, y0 + ky), copy: (uy: number) => copyRow(p, uy, bytes, at.srcRow) };
    boxedRow(K, at, rows, { n: p.n, channels, k: kx, pw, lastW: p.lastW }, address);
    return address;
  };

  const taps = { bytes, rowPtrs, rowWeights, weights: fixedWeights(vw, vw.taps), rowAt: shrunkRow, outRow: at.outRow };
  const wholeRows = outputRows(p, out, taps, (count, coverY) => {
    K.vpassFixed(at.rowPtrs, at.rowWeights, count, pw * channels, at.mid);
    const whole = p.wholeColumns && coverY > WHOLE;
    K.hpassFixed(at.mid, tw, pairs, at.hFirst, at.hWeight, channels, at.coverX, coverY, whole, at.outRow);
  });
  return { width: tw, height: th, data: out, opaque: p.wholeColumns && wholeRows };
}

/**
 * The taps' weights in Q14 (16384 = 1), `stride` a output (zero past its taps), each output's
 * rounding remainder given to its largest weight so a flat area keeps its value exactly.
 */
function fixedWeights(w: Weights, stride: number): Int16Array {
  const outputs = w.first.length;
  const fixed = new Int16Array(outputs * stride);
  for (let i = 0; i < outputs; i++) {
    let sum = 0;
    let largest = 0;
    for (let t = 0; t < w.taps; t++) {
      const value = w.weight[i * w.taps + t] as number;
      const q = Math.round(value * 16384);
      fixed[i * stride + t] = q;
      sum += q;
      if (value > (w.weight[i * w.taps + largest] as number)) largest = t;
    }
    fixed[i * stride + largest] = (fixed[i * stride + largest] as number) + 16384 - sum;
  }
  return fixed;
}

/**
 * Pictures with transparency (and any asked `precise`), in floating point, horizontal pass first:
 * one premultiplied RGBA pixel is one f32x4, so a tap is one multiply-add for all four channels;
 * rows are unpremultiplied on the way out.
 */
function resampleFloat(p: Plan, out: Uint8ClampedArray): Raster {
  const { tw, th, pw, channels, kx, ky, hw, vw } = p;
  const ring = vw.taps; // rows a vertical tap can reach at once
  const {
    kernels: K,
    at,
    buffer,
  } = withBuffers({
    srcRow: p.n * channels + 4, // + slack: a 3-byte pixel is read as 4 bytes
    pre: (pw + hw.taps) * 16, // + slack: the last outputs' zero-weight taps read past the row
    hFirst: tw * 4,
    hWeight: hw.weight.byteLength,
    rows: ring * tw * 16,
    rowPtrs: ring * 4,
    rowWeights: ring * 4,
    acc: tw * 16,
    coverX: tw * 4,
    outRow: tw * 4,
  });
  const bytes = new Uint8Array(buffer);
  new Float32Array(buffer, at.pre + pw * 16, hw.taps * 4).fill(0);
  new Int32Array(buffer, at.hFirst, tw).set(hw.first);
  new Float32Array(buffer, at.hWeight, hw.weight.length).set(hw.weight);
  new Float32Array(buffer, at.coverX, tw).set(p.coverX);
  const rowPtrs = new Int32Array(buffer, at.rowPtrs, ring);
  const rowWeights = new Float32Array(buffer, at.rowWeights, ring);

  // Pre-shrunk row py, horizontally resampled into its ring slot.
  const slotOf = new Int32Array(ring).fill(-1);
  const horizontalRow = (py: number): number => {
    const slot = py % ring;
    const address = at.rows + slot * tw * 16;
    if (slotOf[slot] === py) return address;
    slotOf[slot] = py;
    const y0 = p.ry0 + py * ky;
    const y1 = Math.min(p.ry1, y0 + ky);
    for (let uy = y0; uy < y1; uy++) {
      copyRow(p, uy, bytes, at.srcRow);
      K.boxRow(at.srcRow, p.n, channels, kx, at.pre, uy === y0, p.opaque);
    }
    if (kx * ky > 1) K.scaleRow(at.pre, pw, 1 / ((y1 - y0) * kx), 1 / ((y1 - y0) * p.lastW));
    K.hpass(at.pre, tw, hw.taps, at.hFirst, at.hWeight, address);
    return address;
  };

  const taps = { bytes, rowPtrs, rowWeights, weights: vw.weight, rowAt: horizontalRow, outRow: at.outRow };
  const wholeRows = outputRows(p, out, taps, (count, coverY) => {
    K.vpass(at.rowPtrs, at.rowWeights, count, tw, at.acc);
    K.emit(at.acc, tw, at.coverX, coverY, at.outRow);
  });
  return { width: tw, height: th, data: out, opaque: p.opaque && p.wholeColumns && wholeRows };
}

/**
 * One upright row of a picture stored turned (EXIF orientation 5 to 8: a column of the stored
 * pixels), `n` pixels `step` bytes apart, copied to `out` at `o`: a loop for each pixel size, each
 * byte a plain load and store. With one loop over the channels inside, a 12 MP phone photo's 118
 * formats spent 28 % of their time here (now 19 %; copying blocks of rows, or 32 bits a pixel
 * through a DataView, was no faster).
 */
function gatherRow(
  src: Uint8Array | Uint8ClampedArray,
  offset: number,
  step: number,
  channels: 3 | 4,
  n: number,
  out: Uint8Array,
  o: number,
): void {
  let s = offset;
  if (channels === 3) {
    for (let x = 0; x < n; x++, s += step, o += 3) {
      out[o] = src[s] as number;
      out[o + 1] = src[s + 1] as number;
      out[o + 2] = src[s + 2] as number;
    }
    return;
  }
  for (let x = 0; x < n; x++, s += step, o += 4) {
    out[o] = src[s] as number;
    out[o + 1] = src[s + 1] as number;
    out[o + 2] = src[s + 2] as number;
    out[o + 3] = src[s + 3] as number;
  }
}

/**
 * One pre-shrunk row of an opaque picture as bytes at `to`: rows y0 .. y1 (each copied to the
 * kernels' `srcRow` by `copy`) summed in groups of `k` pixels (the last `lastW`), the means rounded.
 */
function boxedRow(
  K: Kernels,
  at: { srcRow: number; pre: number },
  rows: { y0: number; y1: number; copy: (y: number) => void },
  shape: { n: number; channels: 3 | 4; k: number; pw: number; lastW: number },
  to: number,
): void {
  const { y0, y1 } = rows;
  for (let y = y0; y < y1; y++) {
    rows.copy(y);
    K.boxRow(at.srcRow, shape.n, shape.channels, shape.k, at.pre, y === y0, true);
  }
  K.scaleRow(at.pre, shape.pw, 1 / ((y1 - y0) * shape.k), 1 / ((y1 - y0) * shape.lastW));
  K.narrowRow(at.pre, shape.pw, shape.channels, to);
}

/**
 * An opaque picture box-averaged by an integer factor in its stored orientation, as the resampler's
 * pre-shrink averages: ceil(width / factor) by ceil(height / factor), the last row and column the
 * average of what they have. A decoded view made coarser for renders that need less (view.ts).
 */
export function boxShrink(source: Picture, factor: number): Picture {
  const { width: w, height: h, channels } = source;
  const pw = Math.ceil(w / factor);
  const ph = Math.ceil(h / factor);
  const data = new Uint8Array(pw * ph * channels);
  const { kernels: K, at, buffer } = withBuffers({ srcRow: w * channels + 4, pre: pw * 16, outRow: pw * channels + 4 });
  const bytes = new Uint8Array(buffer);
  const shape = { n: w, channels, k: factor, pw, lastW: w - (pw - 1) * factor };
  const row = w * channels;
  const copy = (y: number) => bytes.set(source.data.subarray(y * row, (y + 1) * row), at.srcRow);
  for (let py = 0; py < ph; py++) {
    const y0 = py * factor;
    boxedRow(K, at, { y0, y1: Math.min(h, y0 + factor), copy }, shape, at.outRow);
    data.set(bytes.subarray(at.outRow, at.outRow + pw * channels), py * pw * channels);
  }
  return { width: pw, height: ph, channels, data, opaque: true };
}

/** Composites onto an opaque background colour in place (for platforms that refuse transparency). */
export function flatten(raster: Raster, background: readonly [number, number, number] = [255, 255, 255]): Raster {
  const data = raster.data;
  const [br, bg, bb] = background;
  // Most outputs are opaque already (known, or found by a scan that reads a pixel at a time).
  if (usesTransparency(raster)) {
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3] as number;
      if (alpha === 255) continue;
      const a = alpha / 255;
      data[i] = (data[i] as number) * a + br * (1 - a);
      data[i + 1] = (data[i + 1] as number) * a + bg * (1 - a);
      data[i + 2] = (data[i + 2] as number) * a + bb * (1 - a);
      data[i + 3] = 255;
    }
  }
  raster.opaque = true;
  return raster;
}
