/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/** Inverse DCT: libjpeg's accurate integer one (jidctint.c), so pixels match libjpeg-turbo's default to within rounding. */
import type { Component } from './frame';

const CONST_BITS = 13;
const PASS1_BITS = 2;
const FIX_0_298631336 = 2446;
const FIX_0_390180644 = 3196;
const FIX_0_541196100 = 4433;
const FIX_0_765366865 = 6270;
const FIX_0_899976223 = 7373;
const FIX_1_175875602 = 9633;
const FIX_1_501321110 = 12299;
const FIX_1_847759065 = 15137;
const FIX_1_961570560 = 16069;
const FIX_2_053119869 = 16819;
const FIX_2_562915447 = 20995;
const FIX_3_072711026 = 25172;

const workspace = new Int32Array(64);

/** One block: dequantise, inverse DCT, level shift and clamp into `out` at `o` with `stride`. */
function idctBlock(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const ws = workspace;
  for (let col = 0; col < 8; col++) {
    const i = c0 + col;
    const q = col;
    if (
      coef[i + 8] === 0 &&
      coef[i + 16] === 0 &&
      coef[i + 24] === 0 &&
      coef[i + 32] === 0 &&
      coef[i + 40] === 0 &&
      coef[i + 48] === 0 &&
      coef[i + 56] === 0
    ) {
      const dc = ((coef[i] as number) * (quant[q] as number)) << PASS1_BITS;
      for (let k = 0; k < 64; k += 8) ws[col + k] = dc;
      continue;
    }
    let z2 = (coef[i + 16] as number) * (quant[q + 16] as number);
    let z3 = (coef[i + 48] as number) * (quant[q + 48] as number);
    let z1 = (z2 + z3) * FIX_0_541196100;
    let tmp2 = z1 - z3 * FIX_1_847759065;
    let tmp3 = z1 + z2 * FIX_0_765366865;
    z2 = (coef[i] as number) * (quant[q] as number);
    z3 = (coef[i + 32] as number) * (quant[q + 32] as number);
    let tmp0 = (z2 + z3) * 8192;
    let tmp1 = (z2 - z3) * 8192;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;
    tmp0 = (coef[i + 56] as number) * (quant[q + 56] as number);
    tmp1 = (coef[i + 40] as number) * (quant[q + 40] as number);
    tmp2 = (coef[i + 24] as number) * (quant[q + 24] as number);
    tmp3 = (coef[i + 8] as number) * (quant[q + 8] as number);
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    let z4 = tmp1 + tmp3;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 *= FIX_0_298631336;
    tmp1 *= FIX_2_053119869;
    tmp2 *= FIX_3_072711026;
    tmp3 *= FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    const round = 1 << (CONST_BITS - PASS1_BITS - 1);
    ws[col] = (tmp10 + tmp3 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 56] = (tmp10 - tmp3 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 8] = (tmp11 + tmp2 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 48] = (tmp11 - tmp2 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 16] = (tmp12 + tmp1 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 40] = (tmp12 - tmp1 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 24] = (tmp13 + tmp0 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 32] = (tmp13 - tmp0 + round) >> (CONST_BITS - PASS1_BITS);
  }
  const shift = CONST_BITS + PASS1_BITS + 3;
  const round = (1 << (shift - 1)) + (128 << shift);
  for (let row = 0; row < 64; row += 8, o += stride) {
    if (
      ws[row + 1] === 0 &&
      ws[row + 2] === 0 &&
      ws[row + 3] === 0 &&
      ws[row + 4] === 0 &&
      ws[row + 5] === 0 &&
      ws[row + 6] === 0 &&
      ws[row + 7] === 0
    ) {
      const v = clamp(((ws[row] as number) + (1 << (PASS1_BITS + 2)) + (128 << (PASS1_BITS + 3))) >> (PASS1_BITS + 3));
      for (let k = 0; k < 8; k++) out[o + k] = v;
      continue;
    }
    let z2 = ws[row + 2] as number;
    let z3 = ws[row + 6] as number;
    let z1 = (z2 + z3) * FIX_0_541196100;
    let tmp2 = z1 - z3 * FIX_1_847759065;
    let tmp3 = z1 + z2 * FIX_0_765366865;
    let tmp0 = ((ws[row] as number) + (ws[row + 4] as number)) * 8192;
    let tmp1 = ((ws[row] as number) - (ws[row + 4] as number)) * 8192;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;
    tmp0 = ws[row + 7] as number;
    tmp1 = ws[row + 5] as number;
    tmp2 = ws[row + 3] as number;
    tmp3 = ws[row + 1] as number;
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    let z4 = tmp1 + tmp3;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 *= FIX_0_298631336;
    tmp1 *= FIX_2_053119869;
    tmp2 *= FIX_3_072711026;
    tmp3 *= FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    out[o] = clamp((tmp10 + tmp3 + round) >> shift);
    out[o + 7] = clamp((tmp10 - tmp3 + round) >> shift);
    out[o + 1] = clamp((tmp11 + tmp2 + round) >> shift);
    out[o + 6] = clamp((tmp11 - tmp2 + round) >> shift);
    out[o + 2] = clamp((tmp12 + tmp1 + round) >> shift);
    out[o + 5] = clamp((tmp12 - tmp1 + round) >> shift);
    out[o + 3] = clamp((tmp13 + tmp0 + round) >> shift);
    out[o + 4] = clamp((tmp13 - tmp0 + round) >> shift);
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

const FIX_0_211164243 = 1730;
const FIX_0_509795579 = 4176;
const FIX_0_601344887 = 4926;
const FIX_0_720959822 = 5906;
const FIX_0_850430095 = 6967;
const FIX_1_061594337 = 8697;
const FIX_1_272758580 = 10426;
const FIX_1_451774981 = 11893;
const FIX_2_172734803 = 17799;
const FIX_3_624509785 = 29692;

/**
 * One block to 4×4 samples (half scale): libjpeg's jpeg_idct_4x4 (jidctred.c), which computes only
 * the outputs it keeps, so the DCT itself does the downscale, with no aliasing of a decimation.
 */
function idctBlock4(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const ws = workspace;
  for (let col = 0; col < 8; col++) {
    if (col === 4) continue; // the second pass does not use column 4
    const i = c0 + col;
    if (
      coef[i + 8] === 0 &&
      coef[i + 16] === 0 &&
      coef[i + 24] === 0 &&
      coef[i + 40] === 0 &&
      coef[i + 48] === 0 &&
      coef[i + 56] === 0
    ) {
      const dc = ((coef[i] as number) * (quant[col] as number)) << PASS1_BITS;
      ws[col] = ws[col + 8] = ws[col + 16] = ws[col + 24] = dc;
      continue;
    }
    const d0 = ((coef[i] as number) * (quant[col] as number)) << (CONST_BITS + 1);
    const z2 = (coef[i + 16] as number) * (quant[col + 16] as number);
    const z3 = (coef[i + 48] as number) * (quant[col + 48] as number);
    const t2 = z2 * FIX_1_847759065 - z3 * FIX_0_765366865;
    const t10 = d0 + t2;
    const t12 = d0 - t2;
    const y1 = (coef[i + 56] as number) * (quant[col + 56] as number);
    const y2 = (coef[i + 40] as number) * (quant[col + 40] as number);
    const y3 = (coef[i + 24] as number) * (quant[col + 24] as number);
    const y4 = (coef[i + 8] as number) * (quant[col + 8] as number);
    const t0 = -y1 * FIX_0_211164243 + y2 * FIX_1_451774981 - y3 * FIX_2_172734803 + y4 * FIX_1_061594337;
    const t2b = -y1 * FIX_0_509795579 - y2 * FIX_0_601344887 + y3 * FIX_0_899976223 + y4 * FIX_2_562915447;
    const shift = CONST_BITS - PASS1_BITS + 1;
    const round = 1 << (shift - 1);
    ws[col] = (t10 + t2b + round) >> shift;
    ws[col + 24] = (t10 - t2b + round) >> shift;
    ws[col + 8] = (t12 + t0 + round) >> shift;
    ws[col + 16] = (t12 - t0 + round) >> shift;
  }
  const shift = CONST_BITS + PASS1_BITS + 3 + 1;
  const round = (1 << (shift - 1)) + (128 << shift);
  for (let row = 0; row < 32; row += 8, o += stride) {
    const d0 = (ws[row] as number) * (1 << (CONST_BITS + 1));
    const t2 = (ws[row + 2] as number) * FIX_1_847759065 - (ws[row + 6] as number) * FIX_0_765366865;
    const t10 = d0 + t2;
    const t12 = d0 - t2;
    const y1 = ws[row + 7] as number;
    const y2 = ws[row + 5] as number;
    const y3 = ws[row + 3] as number;
    const y4 = ws[row + 1] as number;
    const t0 = -y1 * FIX_0_211164243 + y2 * FIX_1_451774981 - y3 * FIX_2_172734803 + y4 * FIX_1_061594337;
    const t2b = -y1 * FIX_0_509795579 - y2 * FIX_0_601344887 + y3 * FIX_0_899976223 + y4 * FIX_2_562915447;
    out[o] = clamp((t10 + t2b + round) >> shift);
    out[o + 3] = clamp((t10 - t2b + round) >> shift);
    out[o + 1] = clamp((t12 + t0 + round) >> shift);
    out[o + 2] = clamp((t12 - t0 + round) >> shift);
  }
}

/** One block to 2×2 samples (quarter scale): libjpeg's jpeg_idct_2x2. */
function idctBlock2(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const ws = workspace;
  for (let col = 0; col < 8; col++) {
    if (col === 2 || col === 4 || col === 6) continue; // unused by the second pass
    const i = c0 + col;
    if (coef[i + 8] === 0 && coef[i + 24] === 0 && coef[i + 40] === 0 && coef[i + 56] === 0) {
      const dc = ((coef[i] as number) * (quant[col] as number)) << PASS1_BITS;
      ws[col] = ws[col + 8] = dc;
      continue;
    }
    const t10 = ((coef[i] as number) * (quant[col] as number)) << (CONST_BITS + 2);
    const t0 =
      -(coef[i + 56] as number) * (quant[col + 56] as number) * FIX_0_720959822 +
      (coef[i + 40] as number) * (quant[col + 40] as number) * FIX_0_850430095 -
      (coef[i + 24] as number) * (quant[col + 24] as number) * FIX_1_272758580 +
      (coef[i + 8] as number) * (quant[col + 8] as number) * FIX_3_624509785;
    const shift = CONST_BITS - PASS1_BITS + 2;
    const round = 1 << (shift - 1);
    ws[col] = (t10 + t0 + round) >> shift;
    ws[col + 8] = (t10 - t0 + round) >> shift;
  }
  const shift = CONST_BITS + PASS1_BITS + 3 + 2;
  const round = (1 << (shift - 1)) + (128 << shift);
  for (let row = 0; row < 16; row += 8, o += stride) {
    const t10 = (ws[row] as number) * (1 << (CONST_BITS + 2));
    const t0 =
      -(ws[row + 7] as number) * FIX_0_720959822 +
      (ws[row + 5] as number) * FIX_0_850430095 -
      (ws[row + 3] as number) * FIX_1_272758580 +
      (ws[row + 1] as number) * FIX_3_624509785;
    out[o] = clamp((t10 + t0 + round) >> shift);
    out[o + 1] = clamp((t10 - t0 + round) >> shift);
  }
}

/** One block to its average (eighth scale): the DC coefficient alone, as libjpeg's jpeg_idct_1x1. */
function idctBlock1(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number) {
  out[o] = clamp((((coef[c0] as number) * (quant[0] as number) + 4) >> 3) + 128);
}

/**
 * A band-limited block (frame.ts: its 4×4 lowest coefficients, row by row) to 4×4 samples: libjpeg
 * 9's jpeg_idct_4x4 (jidctint.c), a 4-point inverse DCT of the coefficients a half-scale picture
 * holds, which are all a progressive decode at half scale keeps.
 */
function idctLow4(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const ws = workspace;
  for (let col = 0; col < 4; col++) {
    const i = c0 + col;
    const t0 = (coef[i] as number) * (quant[col] as number);
    const t2 = (coef[i + 8] as number) * (quant[col + 16] as number);
    const t10 = (t0 + t2) * (1 << PASS1_BITS);
    const t12 = (t0 - t2) * (1 << PASS1_BITS);
    const z2 = (coef[i + 4] as number) * (quant[col + 8] as number);
    const z3 = (coef[i + 12] as number) * (quant[col + 24] as number);
    const z1 = (z2 + z3) * FIX_0_541196100 + (1 << (CONST_BITS - PASS1_BITS - 1));
    const o0 = (z1 + z2 * FIX_0_765366865) >> (CONST_BITS - PASS1_BITS);
    const o2 = (z1 - z3 * FIX_1_847759065) >> (CONST_BITS - PASS1_BITS);
    ws[col] = t10 + o0;
    ws[col + 12] = t10 - o0;
    ws[col + 4] = t12 + o2;
    ws[col + 8] = t12 - o2;
  }
  const shift = CONST_BITS + PASS1_BITS + 3;
  for (let row = 0; row < 16; row += 4, o += stride) {
    const t0 = (ws[row] as number) + (128 << (PASS1_BITS + 3)) + (1 << (PASS1_BITS + 2));
    const t2 = ws[row + 2] as number;
    const t10 = (t0 + t2) * (1 << CONST_BITS);
    const t12 = (t0 - t2) * (1 << CONST_BITS);
    const z2 = ws[row + 1] as number;
    const z3 = ws[row + 3] as number;
    const z1 = (z2 + z3) * FIX_0_541196100;
    const o0 = z1 + z2 * FIX_0_765366865;
    const o2 = z1 - z3 * FIX_1_847759065;
    out[o] = clamp((t10 + o0) >> shift);
    out[o + 3] = clamp((t10 - o0) >> shift);
    out[o + 1] = clamp((t12 + o2) >> shift);
    out[o + 2] = clamp((t12 - o2) >> shift);
  }
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
export function idctBand(c: Component, m: number, quant: Int32Array, size: number, from: number, to: number) {
  const band = c.bands[m];
  const strip = c.strips[m % 3] as Uint8Array;
  const stride = c.stride * size;
  if (!band) {
    strip.fill(128); // never coded (the data ended early): mid grey, as libjpeg leaves it
    return;
  }
  for (let v = 0; v < c.v; v++) {
    const row = v * size * stride;
    for (let col = from; col < to; col++) {
      const b = (v * c.stride + col) * c.blockStride;
      const o = row + col * size;
      if (c.keep && size === 4) idctLow4(band, b, quant, strip, o, stride);
      else if (c.keep && size === 2) idctLow2(band, b, quant, strip, o, stride);
      else if (size === 8) idctBlock(band, b, quant, strip, o, stride);
      else if (size === 4) idctBlock4(band, b, quant, strip, o, stride);
      else if (size === 2) idctBlock2(band, b, quant, strip, o, stride);
      else idctBlock1(band, b, quant, strip, o);
    }
  }
}
