/**
 * The band test's three measures of an extension against the photo that was really there
 * (bench/band.ts; the unit tests use them too):
 * - texture: the band's gradient energy, as the mean gradient magnitude of luma (steps to the next
 *   pixel across and down), over the truth's in the same band (this measure gives today's blurred
 *   backdrop the 0.07 an outside check of it found; squared steps would give it 0.00);
 * - colour error: the mean absolute difference of red, green and blue over the band, after both are
 *   blurred (three box blurs, close to a Gaussian of σ 7.5 px, so a texture in the right colours is not punished for
 *   not being the same texture);
 * - seam: the strongest mean step between two rows (columns for a seam at the side) within SEAM_REACH
 *   of each seam, over the photo's own mean step between rows (columns) in the part that was kept.
 */
import type { Raster } from '@social-resizer/engine';

/** The part kept: [x0, x1) × [y0, y1) of the output; everything else is the band. */
export interface Kept {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Three box blurs of this radius: close to a Gaussian of σ 7.5 pixels. */
const BOX_RADIUS = 7;
export const SEAM_REACH = 4;

const inKept = (k: Kept, x: number, y: number) => x >= k.x0 && x < k.x1 && y >= k.y0 && y < k.y1;

function luma(r: Raster): Float32Array {
  const out = new Float32Array(r.width * r.height);
  for (let i = 0; i < out.length; i++)
    out[i] =
      0.299 * (r.data[i * 4] as number) + 0.587 * (r.data[i * 4 + 1] as number) + 0.114 * (r.data[i * 4 + 2] as number);
  return out;
}

/** Mean gradient magnitude of luma (steps to the next pixel across and down) over the band's pixels. */
export function texture(r: Raster, kept: Kept): number {
  const l = luma(r);
  const { width: w, height: h } = r;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < h - 1; y++)
    for (let x = 0; x < w - 1; x++) {
      if (inKept(kept, x, y) || inKept(kept, x + 1, y) || inKept(kept, x, y + 1)) continue;
      const i = y * w + x;
      const gx = (l[i + 1] as number) - (l[i] as number);
      const gy = (l[i + w] as number) - (l[i] as number);
      sum += Math.sqrt(gx * gx + gy * gy);
      n += 1;
    }
  return n > 0 ? sum / n : 0;
}

/** One channel blurred by three box blurs of BOX_RADIUS (close to a Gaussian of σ 7.5), edges repeated. */
function blurred(r: Raster, channel: number): Float32Array {
  const { width: w, height: h } = r;
  let plane: Float32Array = new Float32Array(w * h);
  for (let i = 0; i < plane.length; i++) plane[i] = r.data[i * 4 + channel] as number;
  for (let pass = 0; pass < 3; pass++) plane = boxAlong(boxAlong(plane, w, h, 1, w), w, h, w, 1);
  return plane;
}

/** A running-sum box blur of BOX_RADIUS along lines of `length` steps of `stride`, lines `next` apart. */
function boxAlong(plane: Float32Array, w: number, h: number, stride: number, next: number): Float32Array {
  const out = new Float32Array(plane.length);
  const [length, lines] = stride === 1 ? [w, h] : [h, w];
  const r = BOX_RADIUS;
  const line = new Float32Array(length + 2 * r + 1);
  for (let l = 0; l < lines; l++) {
    const base = l * next;
    // The line with its ends repeated r + 1 times, so the running sum needs no bounds.
    for (let i = 0; i < line.length; i++)
      line[i] = plane[base + Math.min(length - 1, Math.max(0, i - r)) * stride] as number;
    let sum = 0;
    for (let i = 0; i <= 2 * r; i++) sum += line[i] as number;
    for (let i = 0; i < length; i++) {
      out[base + i * stride] = sum / (2 * r + 1);
      sum += (line[i + 2 * r + 1] as number) - (line[i] as number);
    }
  }
  return out;
}

/** Mean absolute difference of red, green and blue over the band, both blurred first. */
export function colourError(made: Raster, truth: Raster, kept: Kept): number {
  let sum = 0;
  let n = 0;
  for (let c = 0; c < 3; c++) {
    const a = blurred(made, c);
    const b = blurred(truth, c);
    for (let y = 0; y < made.height; y++)
      for (let x = 0; x < made.width; x++) {
        if (inKept(kept, x, y)) continue;
        const i = y * made.width + x;
        sum += Math.abs((a[i] as number) - (b[i] as number));
        n += 1;
      }
  }
  return n > 0 ? sum / n : 0;
}

/** Mean absolute RGB step between line i and i + 1 (rows when `rows`, else columns), over [from, to) along it. */
function step(r: Raster, rows: boolean, i: number, from: number, to: number): number {
  let sum = 0;
  for (let j = from; j < to; j++) {
    const a = rows ? (i * r.width + j) * 4 : (j * r.width + i) * 4;
    const b = rows ? a + r.width * 4 : a + 4;
    for (let c = 0; c < 3; c++) sum += Math.abs((r.data[a + c] as number) - (r.data[b + c] as number));
  }
  return sum / (3 * (to - from));
}

/**
 * The strongest step within SEAM_REACH of any seam over the kept photo's own mean step in the same
 * direction (rows for the top and bottom seams, columns for the sides).
 */
export function seamRatio(r: Raster, kept: Kept): number {
  const seams: Array<{ rows: boolean; at: number }> = [];
  if (kept.y0 > 0) seams.push({ rows: true, at: kept.y0 });
  if (kept.y1 < r.height) seams.push({ rows: true, at: kept.y1 });
  if (kept.x0 > 0) seams.push({ rows: false, at: kept.x0 });
  if (kept.x1 < r.width) seams.push({ rows: false, at: kept.x1 });
  let worst = 0;
  for (const seam of seams) {
    const [from, to] = seam.rows ? [kept.x0, kept.x1] : [kept.y0, kept.y1];
    const [lo, hi] = seam.rows ? [kept.y0, kept.y1] : [kept.x0, kept.x1];
    let own = 0;
    for (let i = lo; i < hi - 1; i++) own += step(r, seam.rows, i, from, to);
    own /= Math.max(1, hi - 1 - lo);
    const limit = seam.rows ? r.height : r.width;
    let strongest = 0;
    for (let i = Math.max(0, seam.at - SEAM_REACH); i < Math.min(limit - 1, seam.at + SEAM_REACH); i++)
      strongest = Math.max(strongest, step(r, seam.rows, i, from, to));
    worst = Math.max(worst, strongest / Math.max(own, 1e-6));
  }
  return worst;
}
