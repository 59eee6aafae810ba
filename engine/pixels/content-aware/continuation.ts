import type { Raster } from '../raster';
import { boxBlur, Field } from './maps';

/** The output rectangle the picture covers, in output pixels (it may reach past the output). */
export interface Placement {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cells of the small grid across the output's short side. */
const CELLS_ACROSS = 64;
/**
 * The box blur's radius as a share of the output's short side. Applied twice it weighs a tent
 * twice as wide, so each point of the continuation averages about 14 % of the short side around it:
 * a thin line weighs almost nothing there.
 */
const BLUR_SHARE = 0.07;

/** How much of [i, i + 1] lies inside [from, to]. */
export function overlap(i: number, from: number, to: number): number {
  return Math.min(1, Math.max(0, Math.min(i + 1, to) - Math.max(i, from)));
}

/**
 * The picture continued past its edges, as a smooth field over the whole output: at each point
 * the average colour of a wide area of the picture around it (a normalized convolution of the
 * output as rendered: colour weighted by alpha, blurred, divided by the blurred alpha). Unlike the
 * picture's edge pixels, repeated outward, it carries no line or block of the edge into the
 * backdrop. Planes: red, green, blue (0..255) and opacity (0..1: how much of the picture nearby is
 * opaque rather than its own transparency; 0 where no picture is near).
 */
export function continuation(output: Raster, placed: Placement): Field {
  const { data } = output;
  // Sizes as small integers (see Level, patch-match.ts).
  const width = output.width | 0;
  const height = output.height | 0;
  const cell = Math.max(1, Math.round(Math.min(width, height) / CELLS_ACROSS));
  const w = Math.ceil(width / cell);
  const h = Math.ceil(height / cell);
  // Per cell: colour × alpha, alpha, and the share the picture's rectangle covers.
  const [red, green, blue, alpha, covered] = [0, 1, 2, 3, 4].map(() => new Float32Array(w * h)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const cover = Float32Array.from({ length: width }, (_, x) => overlap(x, placed.x0, placed.x1));
  for (let y = 0; y < height; y++) {
    const coverY = overlap(y, placed.y0, placed.y1);
    if (coverY === 0) continue;
    const row = Math.floor(y / cell) * w;
    for (let x = 0; x < width; x++) {
      const share = (cover[x] as number) * coverY;
      if (share === 0) continue;
      const o = (y * width + x) * 4;
      const a = (data[o + 3] as number) / 255;
      const c = row + Math.floor(x / cell);
      red[c] = (red[c] as number) + (data[o] as number) * a;
      green[c] = (green[c] as number) + (data[o + 1] as number) * a;
      blue[c] = (blue[c] as number) + (data[o + 2] as number) * a;
      alpha[c] = (alpha[c] as number) + a;
      covered[c] = (covered[c] as number) + share;
    }
  }
  const radius = Math.max(1, Math.round((BLUR_SHARE * Math.min(width, height)) / cell));
  const blur = (plane: Float32Array) => boxBlur(boxBlur(plane, w, h, radius), w, h, radius);
  const [r, g, b, weight, reach] = [blur(red), blur(green), blur(blue), blur(alpha), blur(covered)];
  for (let i = 0; i < w * h; i++) {
    const wi = weight[i] as number;
    const known = wi > 1e-3 && (reach[i] as number) > 1e-3;
    r[i] = known ? (r[i] as number) / wi : 0;
    g[i] = known ? (g[i] as number) / wi : 0;
    b[i] = known ? (b[i] as number) / wi : 0;
    weight[i] = known ? Math.min(1, wi / (reach[i] as number)) : 0;
  }
  return new Field([r, g, b, weight], w, h, width, height);
}
