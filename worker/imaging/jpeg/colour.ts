/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/** Upsampling (libjpeg's "fancy" triangle filter) and YCbCr to RGB conversion, one band at a time. */
import type { Component, Frame, Taps } from './frame';

/** Converts band m's image rows to RGB in `out`; needs strips m - 1, m and m + 1 of each component. */
export function convertBand(frame: Frame, m: number, out: Uint8ClampedArray, adobeTransform: number) {
  const { width, height, components, maxH, maxV, upsample, rows } = frame;
  const y0 = m * 8 * maxV;
  const y1 = Math.min(height, y0 + 8 * maxV);
  const rgb =
    components.length === 3 &&
    (adobeTransform === 0 || (components[0]?.id === 82 && components[1]?.id === 71 && components[2]?.id === 66));

  // Component c's sample row r (clamped to the component), from the ring of strips.
  const sampleRow = (c: Component, r: number): [Uint8Array, number] => {
    const row = r < 0 ? 0 : r >= c.height ? c.height - 1 : r;
    const band = (row / (8 * c.v)) | 0;
    return [c.strips[band % 3] as Uint8Array, (row - band * 8 * c.v) * c.stride * 8];
  };

  for (let y = y0; y < y1; y++) {
    for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci] as Component;
      const target = rows[ci] as Float32Array;
      const { lo, hi, w } = upsample[ci] as Taps;
      const ratioV = maxV / c.v;
      if (ratioV === 1 && maxH === c.h) {
        const [s, o] = sampleRow(c, y);
        for (let x = 0; x < width; x++) target[x] = s[o + x] as number;
        continue;
      }
      const at = (y + 0.5) / ratioV - 0.5;
      const f = Math.floor(at);
      const wy = at - f;
      const [s0, o0] = sampleRow(c, f);
      const [s1, o1] = sampleRow(c, f + 1);
      for (let x = 0; x < width; x++) {
        const a = (s0[o0 + (lo[x] as number)] as number) * (1 - wy) + (s1[o1 + (lo[x] as number)] as number) * wy;
        const b = (s0[o0 + (hi[x] as number)] as number) * (1 - wy) + (s1[o1 + (hi[x] as number)] as number) * wy;
        target[x] = a + (b - a) * (w[x] as number);
      }
    }
    let o = y * width * 3;
    if (components.length === 1) {
      const g = rows[0] as Float32Array;
      for (let x = 0; x < width; x++, o += 3) {
        const v = g[x] as number;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      }
    } else if (rgb) {
      const [r, g, b] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = 0; x < width; x++, o += 3) {
        out[o] = r[x] as number;
        out[o + 1] = g[x] as number;
        out[o + 2] = b[x] as number;
      }
    } else {
      const [yy, cb, cr] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = 0; x < width; x++, o += 3) {
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
