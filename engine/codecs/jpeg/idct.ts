/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/**
 * Inverse DCT, as libjpeg computes it so pixels match libjpeg-turbo's default to within rounding:
 * the full 8×8 (jidctint.c) and the reduced 4×4 and 2×2 (jidctred.c) in the SIMD kernels, with
 * the band-limited blocks of a progressive file decoded at half scale (libjpeg 9's jpeg_idct_4x4 of
 * their 4×4 lowest coefficients); here the eighth scale (the DC coefficient alone) and the
 * band-limited blocks at a quarter.
 */
import type { Component, Workspace } from './frame';

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/** One block to its average (eighth scale): the DC coefficient alone, as libjpeg's jpeg_idct_1x1. */
function idctBlock1(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number) {
  out[o] = clamp((((coef[c0] as number) * (quant[0] as number) + 4) >> 3) + 128);
}

/** A band-limited block (its 2×2 lowest coefficients) to 2×2 samples: libjpeg 9's jpeg_idct_2x2. */
function idctLow2(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const a = (coef[c0] as number) * (quant[0] as number) + (128 << 3) + (1 << 2);
  const b = (coef[c0 + 2] as number) * (quant[8] as number);
  const c = (coef[c0 + 1] as number) * (quant[1] as number);
  const d = (coef[c0 + 3] as number) * (quant[9] as number);
  const t0 = a + b;
  const t2 = a - b;
  const t1 = c + d;
  const t3 = c - d;
  out[o] = clamp((t0 + t1) >> 3);
  out[o + 1] = clamp((t0 - t1) >> 3);
  out[o + stride] = clamp((t2 + t3) >> 3);
  out[o + stride + 1] = clamp((t2 - t3) >> 3);
}

/**
 * Inverse DCT of one band of a component into its strip (ring slot m % 3), at the frame's scale
 * (8, 4, 2 or 1 samples a block side), block columns `from` to `to` (exclusive) only: the columns
 * the region being decoded reads.
 */
export function idctBand(
  c: Component,
  m: number,
  quant: Int32Array,
  size: number,
  from: number,
  to: number,
  ws: Workspace,
) {
  const { band } = c;
  const strip = c.strips[m % 3] as Uint8Array;
  const stride = c.stride * size;
  // Band-limited blocks at half scale have their own kernel; at a quarter they are four numbers.
  const simd = size > 1 && (!c.keep || size === 4);
  if (simd) ws.quant.set(quant);
  for (let v = 0; v < c.v; v++) {
    const row = v * size * stride;
    if (simd) {
      // One row of blocks, in the kernels' memory, all at once.
      const coef = band.byteOffset + (v * c.stride + from) * c.blockStride * 2;
      const { kernels } = ws;
      const idct = c.keep ? kernels.idctLow4 : size === 8 ? kernels.idct8 : size === 4 ? kernels.idct4 : kernels.idct2;
      idct(coef, c.blockStride * 2, to - from, ws.quant.byteOffset, strip.byteOffset + row + from * size, stride);
      continue;
    }
    for (let col = from; col < to; col++) {
      const b = (v * c.stride + col) * c.blockStride;
      const o = row + col * size;
      if (c.keep && size === 2) idctLow2(band, b, quant, strip, o, stride);
      else idctBlock1(band, b, quant, strip, o);
    }
  }
}
