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

/** Inverse DCT of one band of a component into its strip (ring slot m % 3). */
export function idctBand(c: Component, m: number, quant: Int32Array) {
  const band = c.bands[m];
  const strip = c.strips[m % 3] as Uint8Array;
  const stride = c.stride * 8;
  if (!band) {
    strip.fill(128); // never coded (the data ended early): mid grey, as libjpeg leaves it
    return;
  }
  for (let v = 0; v < c.v; v++) {
    for (let col = 0; col < c.stride; col++)
      idctBlock(band, (v * c.stride + col) * 64, quant, strip, v * 8 * stride + col * 8, stride);
  }
}
