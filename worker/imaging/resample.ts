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
 * Edges: taps beyond the picture repeat its edge (no dark or transparent fringe on a crop that
 * touches the border); where the crop itself reaches outside the picture (zoom below 1), the
 * output's alpha is the share of each output pixel that covers the picture, so the border is
 * transparent and antialiased.
 */
import type { CropRect, Raster } from './raster';
import { uprightSize } from './exif';

export interface ResampleInput {
  /** Pixels as stored in the file (before orientation). */
  source: Raster;
  orientation: number;
  /** In upright pixels; may reach outside the picture. */
  crop: CropRect;
  width: number;
  height: number;
}

const SUPPORT = 3;

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (x <= -SUPPORT || x >= SUPPORT) return 0;
  const px = Math.PI * x;
  return (SUPPORT * Math.sin(px) * Math.sin(px / SUPPORT)) / (px * px);
}

interface Weights {
  /** For output i, its taps are index[start[i]..start[i+1]) with weight[...]. */
  start: Int32Array;
  index: Int32Array;
  weight: Float32Array;
}

/** Lanczos3 taps from `inSize` samples to `outSize`, where output i is centred at `centre(i)`. */
function buildWeights(outSize: number, inSize: number, scale: number, centre: (i: number) => number): Weights {
  const filterScale = Math.max(1, scale);
  const support = SUPPORT * filterScale;
  const start = new Int32Array(outSize + 1);
  const index: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < outSize; i++) {
    start[i] = index.length;
    const c = centre(i);
    const lo = Math.ceil(c - support);
    const hi = Math.floor(c + support);
    let sum = 0;
    const first = index.length;
    for (let j = lo; j <= hi; j++) {
      const w = lanczos3((j - c) / filterScale);
      if (w === 0) continue;
      const clamped = j < 0 ? 0 : j >= inSize ? inSize - 1 : j;
      index.push(clamped);
      weight.push(w);
      sum += w;
    }
    if (index.length === first) {
      index.push(Math.min(inSize - 1, Math.max(0, Math.round(c))));
      weight.push(1);
      sum = 1;
    }
    for (let k = first; k < weight.length; k++) weight[k] = (weight[k] ?? 0) / sum;
  }
  start[outSize] = index.length;
  return { start, index: Int32Array.from(index), weight: Float32Array.from(weight) };
}

/** Share of [a, b) that lies in [0, limit). */
function coverage(a: number, b: number, limit: number): number {
  const overlap = Math.min(b, limit) - Math.max(a, 0);
  return overlap <= 0 ? 0 : Math.min(1, overlap / (b - a));
}

/** Byte offset of upright (0, 0) and the byte steps for +1 upright x and +1 upright y. */
function orientationSteps(orientation: number, w: number, h: number): [number, number, number] {
  const row = w * 4;
  switch (orientation) {
    case 2:
      return [(w - 1) * 4, -4, row];
    case 3:
      return [((h - 1) * w + w - 1) * 4, -4, -row];
    case 4:
      return [(h - 1) * row, 4, -row];
    case 5:
      return [0, row, 4];
    case 6:
      return [(h - 1) * row, -row, 4];
    case 7:
      return [((h - 1) * w + w - 1) * 4, -row, -4];
    case 8:
      return [(w - 1) * 4, row, -4];
    default:
      return [0, 4, row];
  }
}

export function resampleCrop({ source, orientation, crop, width: tw, height: th }: ResampleInput): Raster {
  const out = new Uint8ClampedArray(tw * th * 4);
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const sx = crop.width / tw;
  const sy = crop.height / th;

  // Integer box pre-shrink to about twice the target, then lanczos3 for the rest.
  const k = Math.max(1, Math.floor(Math.min(sx, sy) / 2));
  const marginX = Math.ceil((SUPPORT * Math.max(1, sx / k) + 2) * k);
  const marginY = Math.ceil((SUPPORT * Math.max(1, sy / k) + 2) * k);
  const rx0 = Math.min(uw, Math.max(0, Math.floor(crop.x) - marginX));
  const rx1 = Math.min(uw, Math.max(0, Math.ceil(crop.x + crop.width) + marginX));
  const ry0 = Math.min(uh, Math.max(0, Math.floor(crop.y) - marginY));
  const ry1 = Math.min(uh, Math.max(0, Math.ceil(crop.y + crop.height) + marginY));
  if (rx1 <= rx0 || ry1 <= ry0) return { width: tw, height: th, data: out }; // the crop misses the picture

  const pw = Math.ceil((rx1 - rx0) / k);
  const ph = Math.ceil((ry1 - ry0) / k);
  const [origin, stepX, stepY] = orientationSteps(orientation, source.width, source.height);
  const src = source.data;

  // One pre-shrunk row: premultiplied RGB (0..255 scale) and alpha, box-averaged over k×k.
  const preRow = new Float32Array(pw * 4);
  const computePreRow = (py: number) => {
    preRow.fill(0);
    const y0 = ry0 + py * k;
    const y1 = Math.min(ry1, y0 + k);
    for (let uy = y0; uy < y1; uy++) {
      let offset = origin + uy * stepY + rx0 * stepX;
      for (let px = 0, ux = rx0; px < pw; px++) {
        const x1 = Math.min(rx1, ux + k);
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (; ux < x1; ux++, offset += stepX) {
          const alpha = src[offset + 3] ?? 0;
          if (alpha === 255) {
            r += src[offset] ?? 0;
            g += src[offset + 1] ?? 0;
            b += src[offset + 2] ?? 0;
            a += 255;
          } else if (alpha > 0) {
            const f = alpha / 255;
            r += (src[offset] ?? 0) * f;
            g += (src[offset + 1] ?? 0) * f;
            b += (src[offset + 2] ?? 0) * f;
            a += alpha;
          }
        }
        const o = px * 4;
        preRow[o] = (preRow[o] ?? 0) + r;
        preRow[o + 1] = (preRow[o + 1] ?? 0) + g;
        preRow[o + 2] = (preRow[o + 2] ?? 0) + b;
        preRow[o + 3] = (preRow[o + 3] ?? 0) + a;
      }
    }
    const lastW = rx1 - (rx0 + (pw - 1) * k);
    const rows = y1 - y0;
    for (let px = 0; px < pw; px++) {
      const n = rows * (px === pw - 1 ? lastW : k);
      const o = px * 4;
      preRow[o] = (preRow[o] ?? 0) / n;
      preRow[o + 1] = (preRow[o + 1] ?? 0) / n;
      preRow[o + 2] = (preRow[o + 2] ?? 0) / n;
      preRow[o + 3] = (preRow[o + 3] ?? 0) / n;
    }
  };

  const hw = buildWeights(tw, pw, sx / k, (ox) => (crop.x + (ox + 0.5) * sx - rx0) / k - 0.5);
  const vw = buildWeights(th, ph, sy / k, (oy) => (crop.y + (oy + 0.5) * sy - ry0) / k - 0.5);

  // Horizontally resampled rows, kept while some output row still needs them.
  const cache = new Map<number, Float32Array>();
  const horizontalRow = (py: number): Float32Array => {
    const cached = cache.get(py);
    if (cached) return cached;
    computePreRow(py);
    const row = new Float32Array(tw * 4);
    for (let ox = 0; ox < tw; ox++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let t = hw.start[ox] ?? 0, end = hw.start[ox + 1] ?? 0; t < end; t++) {
        const w = hw.weight[t] ?? 0;
        const o = (hw.index[t] ?? 0) * 4;
        r += (preRow[o] ?? 0) * w;
        g += (preRow[o + 1] ?? 0) * w;
        b += (preRow[o + 2] ?? 0) * w;
        a += (preRow[o + 3] ?? 0) * w;
      }
      const o = ox * 4;
      row[o] = r;
      row[o + 1] = g;
      row[o + 2] = b;
      row[o + 3] = a;
    }
    cache.set(py, row);
    return row;
  };

  const coverX = new Float32Array(tw);
  for (let ox = 0; ox < tw; ox++) coverX[ox] = coverage(crop.x + ox * sx, crop.x + (ox + 1) * sx, uw);

  const acc = new Float32Array(tw * 4);
  for (let oy = 0; oy < th; oy++) {
    const coverY = coverage(crop.y + oy * sy, crop.y + (oy + 1) * sy, uh);
    const first = vw.start[oy] ?? 0;
    const last = vw.start[oy + 1] ?? 0;
    let lowest = Infinity;
    for (let t = first; t < last; t++) lowest = Math.min(lowest, vw.index[t] ?? 0);
    for (const key of cache.keys()) if (key < lowest) cache.delete(key);
    acc.fill(0);
    if (coverY > 0) {
      for (let t = first; t < last; t++) {
        const w = vw.weight[t] ?? 0;
        const row = horizontalRow(vw.index[t] ?? 0);
        for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] ?? 0) + (row[i] ?? 0) * w;
      }
    }
    const base = oy * tw * 4;
    for (let ox = 0; ox < tw; ox++) {
      const i = ox * 4;
      const alpha = acc[i + 3] ?? 0;
      const cover = (coverX[ox] ?? 0) * coverY;
      if (alpha <= 0.5 || cover === 0) continue; // stays transparent black
      const unpremultiply = 255 / alpha;
      out[base + i] = (acc[i] ?? 0) * unpremultiply;
      out[base + i + 1] = (acc[i + 1] ?? 0) * unpremultiply;
      out[base + i + 2] = (acc[i + 2] ?? 0) * unpremultiply;
      out[base + i + 3] = Math.min(255, alpha) * cover;
    }
  }
  return { width: tw, height: th, data: out };
}

/** Composites onto an opaque background colour (for platforms that refuse transparency). */
export function flatten(raster: Raster, background: readonly [number, number, number] = [255, 255, 255]): Raster {
  const data = new Uint8ClampedArray(raster.data.length);
  const [br, bg, bb] = background;
  for (let i = 0; i < data.length; i += 4) {
    const a = (raster.data[i + 3] ?? 0) / 255;
    data[i] = (raster.data[i] ?? 0) * a + br * (1 - a);
    data[i + 1] = (raster.data[i + 1] ?? 0) * a + bg * (1 - a);
    data[i + 2] = (raster.data[i + 2] ?? 0) * a + bb * (1 - a);
    data[i + 3] = 255;
  }
  return { width: raster.width, height: raster.height, data };
}
