/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/** Upsampling (libjpeg's "fancy" triangle filter) and YCbCr to RGB conversion, one band at a time. */
import type { Component, Frame, Taps } from './frame';

/** The part of the frame a decode keeps: columns x0 to x1 and rows y0 to y1 (exclusive), at its scale. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Converts band m's image rows inside the region to RGB in `out` (the region's pixels, row by row);
 * needs strips m - 1, m and m + 1 of each component.
 */
export function convertBand(frame: Frame, m: number, region: Region, out: Uint8ClampedArray, adobeTransform: number) {
  const { height, size, components, maxV, upsample, rows } = frame;
  const y0 = Math.max(region.y0, m * size * maxV);
  const y1 = Math.min(height, region.y1, (m + 1) * size * maxV);
  const { x0, x1 } = region;
  const across = x1 - x0;
  const rgb =
    components.length === 3 &&
    (adobeTransform === 0 || (components[0]?.id === 82 && components[1]?.id === 71 && components[2]?.id === 66));

  // Component c's sample row r (clamped to the component), from the ring of strips.
  const sampleRow = (c: Component, r: number): [Uint8Array, number] => {
    const row = r < 0 ? 0 : r >= c.height ? c.height - 1 : r;
    const band = (row / (c.size * c.v)) | 0;
    return [c.strips[band % 3] as Uint8Array, (row - band * c.size * c.v) * c.stride * c.size];
  };

  // YCbCr with every component at the image's resolution (4:4:4, or any sampling decoded at a
  // reduced scale, where the inverse DCT did the upsampling): straight from the strips, in
  // libjpeg's fixed point.
  if (components.length === 3 && !rgb && components.every((c) => c.ratioH === 1 && c.ratioV === 1)) {
    const [cy, cb, cr] = components as [Component, Component, Component];
    for (let y = y0; y < y1; y++) {
      const [sy, oy] = sampleRow(cy, y);
      const [sb, ob] = sampleRow(cb, y);
      const [sr, or] = sampleRow(cr, y);
      yccRow(sy, oy, sb, ob, sr, or, x0, x1, out, (y - region.y0) * across * 3);
    }
    return;
  }

  for (let y = y0; y < y1; y++) {
    for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci] as Component;
      const target = rows[ci] as Float32Array;
      const { lo, hi, w } = upsample[ci] as Taps;
      const ratioV = c.ratioV;
      if (ratioV === 1 && c.ratioH === 1) {
        const [s, o] = sampleRow(c, y);
        for (let x = x0; x < x1; x++) target[x] = s[o + x] as number;
        continue;
      }
      const at = (y + 0.5) / ratioV - 0.5;
      const f = Math.floor(at);
      const wy = at - f;
      const [s0, o0] = sampleRow(c, f);
      const [s1, o1] = sampleRow(c, f + 1);
      for (let x = x0; x < x1; x++) {
        const a = (s0[o0 + (lo[x] as number)] as number) * (1 - wy) + (s1[o1 + (lo[x] as number)] as number) * wy;
        const b = (s0[o0 + (hi[x] as number)] as number) * (1 - wy) + (s1[o1 + (hi[x] as number)] as number) * wy;
        target[x] = a + (b - a) * (w[x] as number);
      }
    }
    let o = (y - region.y0) * across * 3;
    if (components.length === 1) {
      const g = rows[0] as Float32Array;
      for (let x = x0; x < x1; x++, o += 3) {
        const v = g[x] as number;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      }
    } else if (rgb) {
      const [r, g, b] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = x0; x < x1; x++, o += 3) {
        out[o] = r[x] as number;
        out[o + 1] = g[x] as number;
        out[o + 2] = b[x] as number;
      }
    } else {
      const [yy, cb, cr] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = x0; x < x1; x++, o += 3) {
        const l = yy[x] as number;
        const u = (cb[x] as number) - 128;
        const v = (cr[x] as number) - 128;
        out[o] = l + 1.402 * v;
        out[o + 1] = l - 0.344136 * u - 0.714136 * v;
        out[o + 2] = l + 1.772 * u;
      }
    }
  }
}

/** One row of YCbCr samples at the image's resolution to RGB. */
function yccRow(
  sy: Uint8Array,
  oy: number,
  sb: Uint8Array,
  ob: number,
  sr: Uint8Array,
  or: number,
  x0: number,
  x1: number,
  out: Uint8ClampedArray,
  o: number,
) {
  for (let x = x0; x < x1; x++, o += 3) {
    const l = sy[oy + x] as number;
    const u = sb[ob + x] as number;
    const v = sr[or + x] as number;
    out[o] = l + (CR_R[v] as number);
    out[o + 1] = l + (((CB_G[u] as number) + (CR_G[v] as number)) >> SCALEBITS);
    out[o + 2] = l + (CB_B[u] as number);
  }
}

/** libjpeg's YCbCr to RGB tables (jdcolor.c): R = Y + CR_R, G = Y + (CB_G + CR_G) >> 16, B = Y + CB_B. */
const SCALEBITS = 16;
const ONE_HALF = 1 << (SCALEBITS - 1);
const fix = (x: number) => Math.round(x * (1 << SCALEBITS));
const CR_R = new Int32Array(256);
const CB_B = new Int32Array(256);
const CR_G = new Int32Array(256);
const CB_G = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  const x = i - 128;
  CR_R[i] = (fix(1.402) * x + ONE_HALF) >> SCALEBITS;
  CB_B[i] = (fix(1.772) * x + ONE_HALF) >> SCALEBITS;
  CR_G[i] = -fix(0.714136286) * x;
  CB_G[i] = -fix(0.344136286) * x + ONE_HALF;
}
