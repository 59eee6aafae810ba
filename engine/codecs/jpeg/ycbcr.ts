/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/**
 * Upsampling (libjpeg's "fancy" triangle filter) and YCbCr to RGB conversion, one band at a time,
 * by the SIMD kernels (../simd/assembly/kernels.ts).
 */
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

  // The kernels write one row of RGB into the workspace; it is copied out from there.
  const { kernels, rgb: rgbRow } = frame.workspace;
  const rgbBytes = rgbRow.subarray(0, across * 3);

  // Where component c's sample row r (clamped to the component) starts in the kernels' memory,
  // from the ring of strips (an address, not a pair: a pair a row was garbage).
  const sampleRow = (c: Component, r: number): number => {
    const row = r < 0 ? 0 : r >= c.height ? c.height - 1 : r;
    const band = (row / (c.size * c.v)) | 0;
    return (c.strips[band % 3] as Uint8Array).byteOffset + (row - band * c.size * c.v) * c.stride * c.size;
  };

  // YCbCr with every component at the image's resolution (4:4:4, or any sampling decoded at a
  // reduced scale, where the inverse DCT did the upsampling), or subsampled 2:1 across (4:2:2) or
  // both ways (4:2:0) and upsampled as libjpeg does (its integer "fancy" filter, fancyRow): in
  // libjpeg's fixed point, by the SIMD kernels, as libjpeg-turbo's own output.
  // (libjpeg replicates a row of 2 samples or fewer instead.)
  const fancy = (c: Component) =>
    (c.ratioH === 1 && c.ratioV === 1) || (c.ratioH === 2 && c.width > 2 && (c.ratioV === 1 || c.ratioV === 2));
  if (components.length === 3 && !rgb && components.every(fancy)) {
    const at = (c: Component, ci: number, y: number): number => {
      if (c.ratioH === 1) return sampleRow(c, y) + x0;
      const out = (rows[ci] as Float32Array).byteOffset; // as bytes here
      const k = c.ratioV === 2 ? y >> 1 : y;
      const far = c.ratioV === 2 ? sampleRow(c, y & 1 ? k + 1 : k - 1) : 0;
      kernels.fancyRow(sampleRow(c, k), far, c.width, x0, across, out);
      return out;
    };
    const [cy, cb, cr] = components as [Component, Component, Component];
    for (let y = y0; y < y1; y++) {
      kernels.ycc(at(cy, 0, y), at(cb, 1, y), at(cr, 2, y), across, rgbRow.byteOffset);
      out.set(rgbBytes, (y - region.y0) * across * 3);
    }
    return;
  }

  for (let y = y0; y < y1; y++) {
    // Each component's row at the image's resolution, by the SIMD kernels.
    for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci] as Component;
      const target = (rows[ci] as Float32Array).byteOffset + x0 * 4;
      const ratioV = c.ratioV;
      if (ratioV === 1 && c.ratioH === 1) {
        kernels.widen(sampleRow(c, y) + x0, across, target);
        continue;
      }
      const { lo, hi, w } = upsample[ci] as Taps;
      const at = (y + 0.5) / ratioV - 0.5;
      const f = Math.floor(at);
      const tap = x0 * 4;
      kernels.upsample(
        sampleRow(c, f),
        sampleRow(c, f + 1),
        at - f,
        lo.byteOffset + tap,
        hi.byteOffset + tap,
        w.byteOffset + tap,
        across,
        target,
      );
    }
    if (components.length === 3 && !rgb) {
      const [yy, cb, cr] = rows as [Float32Array, Float32Array, Float32Array];
      kernels.yccFloat(
        yy.byteOffset + x0 * 4,
        cb.byteOffset + x0 * 4,
        cr.byteOffset + x0 * 4,
        across,
        rgbRow.byteOffset,
      );
      out.set(rgbBytes, (y - region.y0) * across * 3);
      continue;
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
    } else {
      // Stored as RGB (Adobe's transform 0, or components named R, G and B).
      const [r, g, b] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = x0; x < x1; x++, o += 3) {
        out[o] = r[x] as number;
        out[o + 1] = g[x] as number;
        out[o + 2] = b[x] as number;
      }
    }
  }
}
