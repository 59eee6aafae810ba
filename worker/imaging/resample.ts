/**
 * Crop, orient and resize in one streaming pass, the way libvips does it:
 *
 *   stored pixels ─(EXIF orientation, read through an index map: no rotated copy)─►
 *   box pre-shrink by an integer factor to about twice the target ─►
 *   lanczos3, horizontal then vertical, on premultiplied alpha ─► exact target size
 *
 * Only a few rows are alive at a time (a ring of horizontally resampled rows), so the memory is
 * the target plus a small working set, whatever the source's size.
 *
 * The arithmetic runs in WebAssembly with 128-bit SIMD (simd/assembly/kernels.ts): one
 * premultiplied RGBA pixel is one f32x4, so a tap costs one multiply-add for all four channels.
 * This file plans the work (the filter taps, which rows are needed), reads the picture row by row
 * into the module's memory and copies finished rows out. The module's memory holds rows only (a
 * few megabytes for the largest format), never a picture.
 *
 * Edges: taps beyond the picture repeat its edge (no dark or transparent fringe on a crop that
 * touches the border); where the crop itself reaches outside the picture (zoom below 1), the
 * output's alpha is the share of each output pixel that covers the picture, so the border is
 * transparent and antialiased.
 */
import { usesTransparency } from './auto-type';
import type { CropRect, Picture, Raster } from './raster';
import { uprightSize } from './exif';
import { withBuffers } from './simd/kernels';

export interface ResampleInput {
  /** Pixels as stored in the file (before orientation). */
  source: Picture;
  orientation: number;
  /** In upright pixels; may reach outside the picture. */
  crop: CropRect;
  width: number;
  height: number;
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
  return { taps, first, count, weight };
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

export function resampleCrop({ source, orientation, crop, width: tw, height: th }: ResampleInput): Raster {
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
  const src = source.data;

  const hw = buildWeights(tw, pw, sx / kx, (ox) => (crop.x + (ox + 0.5) * sx - rx0) / kx - 0.5);
  const vw = buildWeights(th, ph, sy / ky, (oy) => (crop.y + (oy + 0.5) * sy - ry0) / ky - 0.5);
  const ring = vw.taps; // rows a vertical tap can reach at once

  const {
    kernels: K,
    at,
    buffer,
  } = withBuffers({
    srcRow: n * channels + 4, // + slack: a 3-byte pixel is read as 4 bytes
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
  const coverX = new Float32Array(buffer, at.coverX, tw);
  for (let ox = 0; ox < tw; ox++) coverX[ox] = coverage(crop.x + ox * sx, crop.x + (ox + 1) * sx, uw);
  // An opaque picture (RGB, or an output known opaque, which its preview is made from) has nothing
  // to premultiply, and its rows that the crop covers whole nothing to unpremultiply or scale.
  const opaqueSource = channels === 3 || source.opaque === true;
  const opaqueRows = opaqueSource && coverX.every((c) => c > WHOLE);
  const rowPtrs = new Int32Array(buffer, at.rowPtrs, ring);
  const rowWeights = new Float32Array(buffer, at.rowWeights, ring);

  // Pre-shrunk row py, horizontally resampled into its ring slot.
  const slotOf = new Int32Array(ring).fill(-1);
  const contiguous = stepX === channels;
  const lastW = rx1 - (rx0 + (pw - 1) * kx);
  const horizontalRow = (py: number): number => {
    const slot = py % ring;
    const address = at.rows + slot * tw * 16;
    if (slotOf[slot] === py) return address;
    slotOf[slot] = py;
    const y0 = ry0 + py * ky;
    const y1 = Math.min(ry1, y0 + ky);
    for (let uy = y0; uy < y1; uy++) {
      const offset = origin + uy * stepY + rx0 * stepX;
      if (contiguous) bytes.set(src.subarray(offset, offset + n * channels), at.srcRow);
      else gatherRow(src, offset, stepX, channels, n, bytes, at.srcRow);
      K.boxRow(at.srcRow, n, channels, kx, at.pre, uy === y0, opaqueSource);
    }
    if (kx * ky > 1) K.scaleRow(at.pre, pw, 1 / ((y1 - y0) * kx), 1 / ((y1 - y0) * lastW));
    K.hpass(at.pre, tw, hw.taps, at.hFirst, at.hWeight, address);
    return address;
  };

  let opaque = opaqueRows;
  for (let oy = 0; oy < th; oy++) {
    const coverY = coverage(crop.y + oy * sy, crop.y + (oy + 1) * sy, uh);
    if (coverY <= WHOLE) opaque = false;
    if (coverY === 0) continue; // stays transparent
    const count = vw.count[oy] as number;
    const first = vw.first[oy] as number;
    for (let t = 0; t < count; t++) {
      rowPtrs[t] = horizontalRow(first + t);
      rowWeights[t] = vw.weight[oy * vw.taps + t] as number;
    }
    K.vpass(at.rowPtrs, at.rowWeights, count, tw, at.acc);
    if (opaqueRows && coverY > WHOLE) K.emitOpaque(at.acc, tw, at.outRow);
    else K.emit(at.acc, tw, at.coverX, coverY, at.outRow);
    out.set(bytes.subarray(at.outRow, at.outRow + tw * 4), oy * tw * 4);
  }
  return { width: tw, height: th, data: out, opaque };
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
