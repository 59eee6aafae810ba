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
import type { CropRect, Picture, Raster } from './raster';
import { uprightSize } from './exif';

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
  const [origin, stepX, stepY] = orientationSteps(orientation, source.width, source.height, source.channels);
  const src = source.data;
  // An opaque source keeps 3 lanes (its alpha is 255 wherever a tap lands); others premultiply.
  const opaque = source.channels === 3;
  const L = opaque ? 3 : 4;

  // One pre-shrunk row: premultiplied RGB (0..255 scale) and alpha, box-averaged over k×k.
  const preRow = new Float32Array(pw * L);
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
        if (opaque) {
          for (; ux < x1; ux++, offset += stepX) {
            r += src[offset] as number;
            g += src[offset + 1] as number;
            b += src[offset + 2] as number;
          }
        } else {
          for (; ux < x1; ux++, offset += stepX) {
            const alpha = src[offset + 3] as number;
            if (alpha === 255) {
              r += src[offset] as number;
              g += src[offset + 1] as number;
              b += src[offset + 2] as number;
              a += 255;
            } else if (alpha > 0) {
              const f = alpha / 255;
              r += (src[offset] as number) * f;
              g += (src[offset + 1] as number) * f;
              b += (src[offset + 2] as number) * f;
              a += alpha;
            }
          }
        }
        const o = px * L;
        preRow[o] = (preRow[o] as number) + r;
        preRow[o + 1] = (preRow[o + 1] as number) + g;
        preRow[o + 2] = (preRow[o + 2] as number) + b;
        if (!opaque) preRow[o + 3] = (preRow[o + 3] as number) + a;
      }
    }
    const lastW = rx1 - (rx0 + (pw - 1) * k);
    const rows = y1 - y0;
    if (k === 1) return;
    for (let px = 0; px < pw; px++) {
      const n = rows * (px === pw - 1 ? lastW : k);
      for (let o = px * L, end = o + L; o < end; o++) preRow[o] = (preRow[o] as number) / n;
    }
  };

  const hw = buildWeights(tw, pw, sx / k, (ox) => (crop.x + (ox + 0.5) * sx - rx0) / k - 0.5);
  const vw = buildWeights(th, ph, sy / k, (oy) => (crop.y + (oy + 0.5) * sy - ry0) / k - 0.5);

  // Horizontally resampled rows, kept while some output row still needs them (spent rows are
  // reused, so a render allocates only as many as the vertical filter has taps).
  const cache = new Map<number, Float32Array>();
  const spare: Float32Array[] = [];
  const { start: hStart, index: hIndex, weight: hWeight } = hw;
  const horizontalRow = (py: number): Float32Array => {
    const cached = cache.get(py);
    if (cached) return cached;
    computePreRow(py);
    const row = spare.pop() ?? new Float32Array(tw * L);
    for (let ox = 0; ox < tw; ox++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const end = hStart[ox + 1] as number;
      if (opaque) {
        for (let t = hStart[ox] as number; t < end; t++) {
          const w = hWeight[t] as number;
          const o = (hIndex[t] as number) * 3;
          r += (preRow[o] as number) * w;
          g += (preRow[o + 1] as number) * w;
          b += (preRow[o + 2] as number) * w;
        }
      } else {
        for (let t = hStart[ox] as number; t < end; t++) {
          const w = hWeight[t] as number;
          const o = (hIndex[t] as number) * 4;
          r += (preRow[o] as number) * w;
          g += (preRow[o + 1] as number) * w;
          b += (preRow[o + 2] as number) * w;
          a += (preRow[o + 3] as number) * w;
        }
      }
      const o = ox * L;
      row[o] = r;
      row[o + 1] = g;
      row[o + 2] = b;
      if (!opaque) row[o + 3] = a;
    }
    cache.set(py, row);
    return row;
  };

  const coverX = new Float32Array(tw);
  for (let ox = 0; ox < tw; ox++) coverX[ox] = coverage(crop.x + ox * sx, crop.x + (ox + 1) * sx, uw);

  const acc = new Float32Array(tw * L);
  for (let oy = 0; oy < th; oy++) {
    const coverY = coverage(crop.y + oy * sy, crop.y + (oy + 1) * sy, uh);
    const first = vw.start[oy] as number;
    const last = vw.start[oy + 1] as number;
    let lowest = Infinity;
    for (let t = first; t < last; t++) lowest = Math.min(lowest, vw.index[t] ?? 0);
    for (const [key, row] of cache) {
      if (key >= lowest) continue;
      cache.delete(key);
      spare.push(row);
    }
    acc.fill(0);
    if (coverY > 0) {
      for (let t = first; t < last; t++) {
        const w = vw.weight[t] as number;
        const row = horizontalRow(vw.index[t] as number);
        for (let i = 0; i < acc.length; i++) acc[i] = (acc[i] as number) + (row[i] as number) * w;
      }
    }
    const base = oy * tw * 4;
    for (let ox = 0; ox < tw; ox++) {
      const i = ox * L;
      const o = base + ox * 4;
      const cover = (coverX[ox] as number) * coverY;
      if (cover === 0) continue; // stays transparent black
      if (opaque) {
        out[o] = acc[i] as number;
        out[o + 1] = acc[i + 1] as number;
        out[o + 2] = acc[i + 2] as number;
        out[o + 3] = 255 * cover;
        continue;
      }
      const alpha = acc[i + 3] as number;
      if (alpha <= 0.5) continue;
      const unpremultiply = 255 / alpha;
      out[o] = (acc[i] as number) * unpremultiply;
      out[o + 1] = (acc[i + 1] as number) * unpremultiply;
      out[o + 2] = (acc[i + 2] as number) * unpremultiply;
      out[o + 3] = Math.min(255, alpha) * cover;
    }
  }
  return { width: tw, height: th, data: out };
}

/** Composites onto an opaque background colour in place (for platforms that refuse transparency). */
export function flatten(raster: Raster, background: readonly [number, number, number] = [255, 255, 255]): Raster {
  const data = raster.data;
  const [br, bg, bb] = background;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] as number;
    if (alpha === 255) continue;
    const a = alpha / 255;
    data[i] = (data[i] as number) * a + br * (1 - a);
    data[i + 1] = (data[i + 1] as number) * a + bg * (1 - a);
    data[i + 2] = (data[i + 2] as number) * a + bb * (1 - a);
    data[i + 3] = 255;
  }
  return raster;
}
