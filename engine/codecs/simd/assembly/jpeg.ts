/*
 * JPEG decoding (../../jpeg/idct.ts, ../../jpeg/ycbcr.ts): libjpeg's accurate integer inverse DCT
 * (jidctint.c) and its reduced 4×4 and 2×2 ones (jidctred.c), four columns (then four rows) at a time in
 * i32x4 lanes with the same constants and the same descaling, so every sample equals the scalar
 * code's (but for coefficients no 8-bit picture has, from damaged data, where 32-bit lanes wrap
 * and libjpeg's DC-only shortcut did not: damaged pixels either way); and YCbCr to RGB in
 * libjpeg's fixed point (jdcolor.c). Narrowing saturates, which is libjpeg's range limit.
 */
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
const FIX_0_211164243 = 1730;
const FIX_0_509795579 = 4176;
const FIX_0_601344887 = 4926;
const FIX_1_061594337 = 8697;
const FIX_1_451774981 = 11893;
const FIX_2_172734803 = 17799;
const FIX_0_720959822 = 5906;
const FIX_0_850430095 = 6967;
const FIX_1_272758580 = 10426;
const FIX_3_624509785 = 29692;

/** The transform's scratch: a block's first pass, transposed (column by column), and the second's rows. */
const WORKSPACE = memory.data(64 * 4 + 2 * 16 * 4, 16);
const ROWS_LEFT = WORKSPACE + 256;
const ROWS_RIGHT = ROWS_LEFT + 64;

// @ts-ignore: decorator
@inline
function mulc(v: v128, c: i32): v128 {
  return i32x4.mul(v, i32x4.splat(c));
}

/** Stores the transpose of the 4×4 matrix whose rows are a, b, c, d: its rows at dst, dst + step, … */
// @ts-ignore: decorator
@inline
function transposeStore(a: v128, b: v128, c: v128, d: v128, dst: usize, step: usize): void {
  const t0 = i32x4.shuffle(a, b, 0, 4, 1, 5);
  const t1 = i32x4.shuffle(a, b, 2, 6, 3, 7);
  const t2 = i32x4.shuffle(c, d, 0, 4, 1, 5);
  const t3 = i32x4.shuffle(c, d, 2, 6, 3, 7);
  v128.store(dst, i32x4.shuffle(t0, t2, 0, 1, 4, 5));
  v128.store(dst + step, i32x4.shuffle(t0, t2, 2, 3, 6, 7));
  v128.store(dst + 2 * step, i32x4.shuffle(t1, t3, 0, 1, 4, 5));
  v128.store(dst + 3 * step, i32x4.shuffle(t1, t3, 2, 3, 6, 7));
}

/**
 * One 8-point inverse DCT (jidctint.c) in each lane of x0..x7, descaled by `shift` after adding
 * `round`; outputs 0-3 and 4-7 stored transposed at dstA and dstB (see transposeStore).
 */
// @ts-ignore: decorator
@inline
function islow8(
  x0: v128, x1: v128, x2: v128, x3: v128, x4: v128, x5: v128, x6: v128, x7: v128,
  shift: i32, round: i32, dstA: usize, dstB: usize, step: usize,
): void {
  let z1 = mulc(i32x4.add(x2, x6), FIX_0_541196100);
  let tmp2 = i32x4.sub(z1, mulc(x6, FIX_1_847759065));
  let tmp3 = i32x4.add(z1, mulc(x2, FIX_0_765366865));
  let tmp0 = i32x4.shl(i32x4.add(x0, x4), CONST_BITS);
  let tmp1 = i32x4.shl(i32x4.sub(x0, x4), CONST_BITS);
  const r = i32x4.splat(round);
  const tmp10 = i32x4.add(i32x4.add(tmp0, tmp3), r);
  const tmp13 = i32x4.add(i32x4.sub(tmp0, tmp3), r);
  const tmp11 = i32x4.add(i32x4.add(tmp1, tmp2), r);
  const tmp12 = i32x4.add(i32x4.sub(tmp1, tmp2), r);
  z1 = i32x4.add(x7, x1);
  let z2 = i32x4.add(x5, x3);
  let z3 = i32x4.add(x7, x3);
  let z4 = i32x4.add(x5, x1);
  const z5 = mulc(i32x4.add(z3, z4), FIX_1_175875602);
  tmp0 = mulc(x7, FIX_0_298631336);
  tmp1 = mulc(x5, FIX_2_053119869);
  tmp2 = mulc(x3, FIX_3_072711026);
  tmp3 = mulc(x1, FIX_1_501321110);
  z1 = mulc(z1, -FIX_0_899976223);
  z2 = mulc(z2, -FIX_2_562915447);
  z3 = i32x4.add(mulc(z3, -FIX_1_961570560), z5);
  z4 = i32x4.add(mulc(z4, -FIX_0_390180644), z5);
  tmp0 = i32x4.add(tmp0, i32x4.add(z1, z3));
  tmp1 = i32x4.add(tmp1, i32x4.add(z2, z4));
  tmp2 = i32x4.add(tmp2, i32x4.add(z2, z3));
  tmp3 = i32x4.add(tmp3, i32x4.add(z1, z4));
  islowStore(tmp10, tmp11, tmp12, tmp13, tmp0, tmp1, tmp2, tmp3, shift, dstA, dstB, step);
}

/**
 * islow8's outputs from its even parts (tmp10..tmp13) and odd parts (tmp0..tmp3): their sums and
 * differences, descaled by `shift`; 0-3 stored transposed at dstA, 4-7 at dstB.
 */
// @ts-ignore: decorator
@inline
function islowStore(
  tmp10: v128, tmp11: v128, tmp12: v128, tmp13: v128, tmp0: v128, tmp1: v128, tmp2: v128, tmp3: v128,
  shift: i32, dstA: usize, dstB: usize, step: usize,
): void {
  transposeStore(
    i32x4.shr_s(i32x4.add(tmp10, tmp3), shift),
    i32x4.shr_s(i32x4.add(tmp11, tmp2), shift),
    i32x4.shr_s(i32x4.add(tmp12, tmp1), shift),
    i32x4.shr_s(i32x4.add(tmp13, tmp0), shift),
    dstA,
    step,
  );
  transposeStore(
    i32x4.shr_s(i32x4.sub(tmp13, tmp0), shift),
    i32x4.shr_s(i32x4.sub(tmp12, tmp1), shift),
    i32x4.shr_s(i32x4.sub(tmp11, tmp2), shift),
    i32x4.shr_s(i32x4.sub(tmp10, tmp3), shift),
    dstB,
    step,
  );
}

/**
 * islow8 with x4..x7 zero (a block whose coefficients are zero in rows 4-7, or a workspace row's
 * columns 4-7 where the block's columns 4-7 are zero): the same sums without their zero terms, so
 * the same 32-bit results.
 */
// @ts-ignore: decorator
@inline
function islow8Low(
  x0: v128, x1: v128, x2: v128, x3: v128,
  shift: i32, round: i32, dstA: usize, dstB: usize, step: usize,
): void {
  const z1 = mulc(x2, FIX_0_541196100);
  const tmp3 = i32x4.add(z1, mulc(x2, FIX_0_765366865));
  const even = i32x4.add(i32x4.shl(x0, CONST_BITS), i32x4.splat(round));
  const tmp10 = i32x4.add(even, tmp3);
  const tmp13 = i32x4.sub(even, tmp3);
  const tmp11 = i32x4.add(even, z1);
  const tmp12 = i32x4.sub(even, z1);
  const z5 = mulc(i32x4.add(x3, x1), FIX_1_175875602);
  const o1 = mulc(x1, -FIX_0_899976223);
  const o2 = mulc(x3, -FIX_2_562915447);
  const o3 = i32x4.add(mulc(x3, -FIX_1_961570560), z5);
  const o4 = i32x4.add(mulc(x1, -FIX_0_390180644), z5);
  const tmp0 = i32x4.add(o1, o3);
  const tmp1 = i32x4.add(o2, o4);
  const tmp2 = i32x4.add(mulc(x3, FIX_3_072711026), i32x4.add(o2, o3));
  const t3 = i32x4.add(mulc(x1, FIX_1_501321110), i32x4.add(o1, o4));
  islowStore(tmp10, tmp11, tmp12, tmp13, tmp0, tmp1, tmp2, t3, shift, dstA, dstB, step);
}

/** acQuarters' answers: AC coefficients in rows 0-3 (DC aside), in rows 4-7, in columns 4-7. */
const TOP = 1;
const BELOW = 2;
const RIGHT = 4;

/**
 * Where a block's AC coefficients (int16, natural order, at coef) are nonzero, as TOP | BELOW |
 * RIGHT. 0 where they are all zero: then every sample of the block's transform is one value, which
 * the transforms below compute alone (a smooth photo's blocks are half or more of them), with the
 * same 32-bit operations their lanes would do on it, so the samples are the same. Otherwise a
 * transform leaves a zero quarter's terms out (islow8Low, reduced4Low): the same sums, so the same
 * samples; a photo's blocks mostly end early in zigzag order, their lower rows and right columns zero.
 */
// @ts-ignore: decorator
@inline
function acQuarters(coef: usize): i32 {
  const ac0 = v128.and(v128.load(coef), i16x8(0, -1, -1, -1, -1, -1, -1, -1));
  const top = v128.or(v128.or(ac0, v128.load(coef, 16)), v128.or(v128.load(coef, 32), v128.load(coef, 48)));
  const low = v128.or(v128.or(v128.load(coef, 64), v128.load(coef, 80)), v128.or(v128.load(coef, 96), v128.load(coef, 112)));
  return (
    (v128.any_true(top) ? TOP : 0) |
    (v128.any_true(low) ? BELOW : 0) |
    (i64x2.extract_lane(v128.or(top, low), 1) != 0 ? RIGHT : 0)
  );
}

/** Four dequantised coefficients: row k, columns col..col + 3 of the block at coef (int16) with quant (int32). */
// @ts-ignore: decorator
@inline
function dequant(coef: usize, quant: usize, k: usize, col: usize): v128 {
  const i = k * 8 + col;
  return i32x4.mul(i32x4.extend_low_i16x8_s(v128.load64_zero(coef + (i << 1))), v128.load(quant + (i << 2)));
}

/**
 * Inverse DCT of `n` blocks (64 int16 coefficients in natural order, `step` bytes apart) with the
 * int32 quantisation table at `quant`, each into 8×8 samples: block i at out + 8 i, rows `stride` apart.
 */
export function idct8(coef: usize, step: usize, n: i32, quant: usize, out: usize, stride: usize): void {
  for (let b = 0; b < n; b++, coef += step, out += 8) {
    const where = acQuarters(coef);
    const below = (where & BELOW) != 0;
    const right = (where & RIGHT) != 0;
    if (where == 0) {
      // Both passes of islow8 with only x0 nonzero (row 0, column 0).
      const p = ((<i32>load<i16>(coef) * load<i32>(quant)) << CONST_BITS) + (1 << (CONST_BITS - PASS1_BITS - 1));
      const shift = CONST_BITS + PASS1_BITS + 3;
      const v = clampByte((((p >> (CONST_BITS - PASS1_BITS)) << CONST_BITS) + (1 << (shift - 1)) + (128 << shift)) >> shift);
      const row = i8x16.splat(<i8>v);
      for (let r: usize = 0; r < 8; r++) v128.store64_lane(out + r * stride, row, 0);
      continue;
    }
    // The columns (the right four only where they hold any), then the rows; a zero quarter's terms
    // left out (islow8Low): the same sums.
    const columns: usize = right ? 8 : 4;
    for (let col: usize = 0; col < columns; col += 4) {
      const dst = WORKSPACE + col * 32;
      const shift1 = CONST_BITS - PASS1_BITS;
      const round1 = 1 << (CONST_BITS - PASS1_BITS - 1);
      const x0 = dequant(coef, quant, 0, col);
      const x1 = dequant(coef, quant, 1, col);
      const x2 = dequant(coef, quant, 2, col);
      const x3 = dequant(coef, quant, 3, col);
      if (below)
        islow8(
          x0, x1, x2, x3, dequant(coef, quant, 4, col), dequant(coef, quant, 5, col), dequant(coef, quant, 6, col),
          dequant(coef, quant, 7, col), shift1, round1, dst, dst + 16, 32,
        );
      else islow8Low(x0, x1, x2, x3, shift1, round1, dst, dst + 16, 32);
    }
    const shift = CONST_BITS + PASS1_BITS + 3;
    const round = (1 << (shift - 1)) + (128 << shift);
    for (let row: usize = 0; row < 8; row += 4) {
      const w = WORKSPACE + row * 4;
      if (right)
        islow8(
          v128.load(w), v128.load(w, 32), v128.load(w, 64), v128.load(w, 96),
          v128.load(w, 128), v128.load(w, 160), v128.load(w, 192), v128.load(w, 224),
          shift, round, ROWS_LEFT, ROWS_RIGHT, 16,
        );
      else islow8Low(v128.load(w), v128.load(w, 32), v128.load(w, 64), v128.load(w, 96), shift, round, ROWS_LEFT, ROWS_RIGHT, 16);
      for (let r: usize = 0; r < 4; r++) {
        const words = i16x8.narrow_i32x4_s(v128.load(ROWS_LEFT + r * 16), v128.load(ROWS_RIGHT + r * 16));
        v128.store64_lane(out + (row + r) * stride, i8x16.narrow_i16x8_u(words, words), 0);
      }
    }
  }
}

/** The 4-point half of jidctred.c's jpeg_idct_4x4 in each lane: outputs 0-3 stored transposed at dst. */
// @ts-ignore: decorator
@inline
function reduced4(x0: v128, x1: v128, x2: v128, x3: v128, x5: v128, x6: v128, x7: v128, shift: i32, round: i32, dst: usize, step: usize): void {
  const r = i32x4.splat(round);
  const d0 = i32x4.add(i32x4.shl(x0, CONST_BITS + 1), r);
  const t2 = i32x4.sub(mulc(x2, FIX_1_847759065), mulc(x6, FIX_0_765366865));
  const t10 = i32x4.add(d0, t2);
  const t12 = i32x4.sub(d0, t2);
  const t0 = i32x4.add(
    i32x4.sub(mulc(x5, FIX_1_451774981), mulc(x7, FIX_0_211164243)),
    i32x4.sub(mulc(x1, FIX_1_061594337), mulc(x3, FIX_2_172734803)),
  );
  const t2b = i32x4.add(
    i32x4.sub(mulc(x3, FIX_0_899976223), i32x4.add(mulc(x7, FIX_0_509795579), mulc(x5, FIX_0_601344887))),
    mulc(x1, FIX_2_562915447),
  );
  reducedStore(t10, t12, t0, t2b, shift, dst, step);
}

/** reduced4's outputs from its even parts (t10, t12) and odd parts (t0, t2b), descaled, stored transposed at dst. */
// @ts-ignore: decorator
@inline
function reducedStore(t10: v128, t12: v128, t0: v128, t2b: v128, shift: i32, dst: usize, step: usize): void {
  transposeStore(
    i32x4.shr_s(i32x4.add(t10, t2b), shift),
    i32x4.shr_s(i32x4.add(t12, t0), shift),
    i32x4.shr_s(i32x4.sub(t12, t0), shift),
    i32x4.shr_s(i32x4.sub(t10, t2b), shift),
    dst,
    step,
  );
}

/** reduced4 with x5, x6 and x7 zero (see islow8Low). */
// @ts-ignore: decorator
@inline
function reduced4Low(x0: v128, x1: v128, x2: v128, x3: v128, shift: i32, round: i32, dst: usize, step: usize): void {
  const d0 = i32x4.add(i32x4.shl(x0, CONST_BITS + 1), i32x4.splat(round));
  const t2 = mulc(x2, FIX_1_847759065);
  const t10 = i32x4.add(d0, t2);
  const t12 = i32x4.sub(d0, t2);
  const t0 = i32x4.sub(mulc(x1, FIX_1_061594337), mulc(x3, FIX_2_172734803));
  const t2b = i32x4.add(mulc(x3, FIX_0_899976223), mulc(x1, FIX_2_562915447));
  reducedStore(t10, t12, t0, t2b, shift, dst, step);
}

/** The 4×4 samples at ROWS_LEFT (int32, a row each 16 bytes), clamped to bytes, as 4 rows `stride` apart at out. */
// @ts-ignore: decorator
@inline
function storeRows4(out: usize, stride: usize): void {
  for (let r: usize = 0; r < 4; r++) {
    const words = i16x8.narrow_i32x4_s(v128.load(ROWS_LEFT + r * 16), v128.load(ROWS_LEFT + r * 16));
    v128.store32_lane(out + r * stride, i8x16.narrow_i16x8_u(words, words), 0);
  }
}

/** As idct8, each block into 4×4 samples (half scale): libjpeg's jpeg_idct_4x4; block i at out + 4 i. */
export function idct4(coef: usize, step: usize, n: i32, quant: usize, out: usize, stride: usize): void {
  for (let b = 0; b < n; b++, coef += step, out += 4) {
    const where = acQuarters(coef);
    if (where == 0) {
      // Both passes of reduced4 with only x0 nonzero.
      const p = ((<i32>load<i16>(coef) * load<i32>(quant)) << (CONST_BITS + 1)) + (1 << (CONST_BITS - PASS1_BITS));
      const shift = CONST_BITS + PASS1_BITS + 3 + 1;
      const v = clampByte((((p >> (CONST_BITS - PASS1_BITS + 1)) << (CONST_BITS + 1)) + (1 << (shift - 1)) + (128 << shift)) >> shift);
      for (let r: usize = 0; r < 4; r++) store<u32>(out + r * stride, <u32>v * 0x01010101);
      continue;
    }
    // As idct8: the right columns only where they hold any, a zero quarter's terms left out.
    const columns: usize = (where & RIGHT) != 0 ? 8 : 4;
    for (let col: usize = 0; col < columns; col += 4) {
      const shift1 = CONST_BITS - PASS1_BITS + 1;
      const round1 = 1 << (CONST_BITS - PASS1_BITS);
      const x0 = dequant(coef, quant, 0, col);
      const x1 = dequant(coef, quant, 1, col);
      const x2 = dequant(coef, quant, 2, col);
      const x3 = dequant(coef, quant, 3, col);
      const dst = WORKSPACE + col * 16;
      if ((where & BELOW) != 0)
        reduced4(
          x0, x1, x2, x3, dequant(coef, quant, 5, col), dequant(coef, quant, 6, col), dequant(coef, quant, 7, col),
          shift1, round1, dst, 16,
        );
      else reduced4Low(x0, x1, x2, x3, shift1, round1, dst, 16);
    }
    const shift = CONST_BITS + PASS1_BITS + 3 + 1;
    const round = (1 << (shift - 1)) + (128 << shift);
    const w = WORKSPACE;
    if (columns == 8)
      reduced4(
        v128.load(w), v128.load(w, 16), v128.load(w, 32), v128.load(w, 48),
        v128.load(w, 80), v128.load(w, 96), v128.load(w, 112),
        shift, round, ROWS_LEFT, 16,
      );
    else reduced4Low(v128.load(w), v128.load(w, 16), v128.load(w, 32), v128.load(w, 48), shift, round, ROWS_LEFT, 16);
    storeRows4(out, stride);
  }
}

/**
 * A band-limited block (a progressive file decoded at half scale keeps each block's 4×4 lowest
 * coefficients, row by row, as int16, `step` bytes apart: ../../jpeg/frame.ts) into 4×4 samples:
 * libjpeg 9's jpeg_idct_4x4, a 4-point inverse DCT of those coefficients, with the int32 table at
 * `quant` (natural 8×8 order). Block i at out + 4 i, rows `stride` apart. Columns in lanes, then rows.
 */
export function idctLow4(coef: usize, step: usize, n: i32, quant: usize, out: usize, stride: usize): void {
  const q0 = v128.load(quant);
  const q1 = v128.load(quant, 32);
  const q2 = v128.load(quant, 64);
  const q3 = v128.load(quant, 96);
  const round = i32x4.splat(1 << (CONST_BITS - PASS1_BITS - 1));
  const bias = i32x4.splat((128 << (PASS1_BITS + 3)) + (1 << (PASS1_BITS + 2)));
  const w = WORKSPACE;
  for (let b = 0; b < n; b++, coef += step, out += 4) {
    const t0 = i32x4.mul(i32x4.extend_low_i16x8_s(v128.load64_zero(coef)), q0);
    const z2 = i32x4.mul(i32x4.extend_low_i16x8_s(v128.load64_zero(coef + 8)), q1);
    const t2 = i32x4.mul(i32x4.extend_low_i16x8_s(v128.load64_zero(coef + 16)), q2);
    const z3 = i32x4.mul(i32x4.extend_low_i16x8_s(v128.load64_zero(coef + 24)), q3);
    const t10 = i32x4.shl(i32x4.add(t0, t2), PASS1_BITS);
    const t12 = i32x4.shl(i32x4.sub(t0, t2), PASS1_BITS);
    const z1 = i32x4.add(mulc(i32x4.add(z2, z3), FIX_0_541196100), round);
    const o0 = i32x4.shr_s(i32x4.add(z1, mulc(z2, FIX_0_765366865)), CONST_BITS - PASS1_BITS);
    const o2 = i32x4.shr_s(i32x4.sub(z1, mulc(z3, FIX_1_847759065)), CONST_BITS - PASS1_BITS);
    // The workspace's rows (t10 + o0, t12 + o2, t12 - o2, t10 - o0), transposed: row r in lane r.
    transposeStore(i32x4.add(t10, o0), i32x4.add(t12, o2), i32x4.sub(t12, o2), i32x4.sub(t10, o0), w, 16);
    const u0 = i32x4.add(v128.load(w), bias);
    const u1 = v128.load(w, 16);
    const u2 = v128.load(w, 32);
    const u3 = v128.load(w, 48);
    const r10 = i32x4.shl(i32x4.add(u0, u2), CONST_BITS);
    const r12 = i32x4.shl(i32x4.sub(u0, u2), CONST_BITS);
    const y1 = mulc(i32x4.add(u1, u3), FIX_0_541196100);
    const p0 = i32x4.add(y1, mulc(u1, FIX_0_765366865));
    const p2 = i32x4.sub(y1, mulc(u3, FIX_1_847759065));
    const shift = CONST_BITS + PASS1_BITS + 3;
    transposeStore(
      i32x4.shr_s(i32x4.add(r10, p0), shift),
      i32x4.shr_s(i32x4.add(r12, p2), shift),
      i32x4.shr_s(i32x4.sub(r12, p2), shift),
      i32x4.shr_s(i32x4.sub(r10, p0), shift),
      ROWS_LEFT,
      16,
    );
    storeRows4(out, stride);
  }
}

/**
 * One row of `n` YCbCr samples at the image's resolution to RGB (3 bytes a pixel) at out, as
 * libjpeg's tables give them: R = Y + (91881 (Cr - 128) + 2^15) >> 16, B = Y + (116130 (Cb - 128)
 * + 2^15) >> 16, G = Y + (-22553 (Cb - 128) - 46802 (Cr - 128) + 2^15) >> 16. Eight pixels a step in
 * 16-bit lanes, libjpeg-turbo's SSE2 way: each product split into a whole part and a fraction that
 * fits 16 bits (1.402 = 1 + 0.402, 1.772 = 2 - 0.228, -0.714 = -1 + 0.286), the same values for
 * every Cb and Cr (the kernel tests check all 65,536 pairs). Reads up to 7 bytes past each input
 * and writes up to 24 past 3 n.
 */
export function ycc(y: usize, cb: usize, cr: usize, n: i32, out: usize): void {
  const mid = i16x8.splat(128);
  // (26345 v + 2^15) >> 16 is q15mulr(v, 13172) and (-14942 u + 2^15) >> 16 is q15mulr(u, -7471)
  // for every v and u of -128 to 127; G's two products are summed whole (a dot product).
  const rFraction = i16x8.splat(13172);
  const bFraction = i16x8.splat(-7471);
  const gWeights = i32x4.splat((18734 << 16) | (-22553 & 0xffff)); // (Cb, Cr) pairs
  const half = i32x4.splat(1 << 15);
  for (let x = 0; x < n; x += 8, y += 8, cb += 8, cr += 8, out += 24) {
    const l = i16x8.extend_low_i8x16_u(v128.load64_zero(y));
    const u = i16x8.sub(i16x8.extend_low_i8x16_u(v128.load64_zero(cb)), mid);
    const v = i16x8.sub(i16x8.extend_low_i8x16_u(v128.load64_zero(cr)), mid);
    const r = i16x8.add(i16x8.add(l, v), i16x8.q15mulr_sat_s(v, rFraction));
    const b = i16x8.add(i16x8.add(l, i16x8.add(u, u)), i16x8.q15mulr_sat_s(u, bFraction));
    const low = i32x4.dot_i16x8_s(i8x16.shuffle(u, v, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23), gWeights);
    const high = i32x4.dot_i16x8_s(i8x16.shuffle(u, v, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), gWeights);
    const fraction = i16x8.narrow_i32x4_s(i32x4.shr_s(i32x4.add(low, half), 16), i32x4.shr_s(i32x4.add(high, half), 16));
    const g = i16x8.add(i16x8.sub(l, v), fraction);
    const rg = i8x16.narrow_i16x8_u(r, g);
    const bb = i8x16.narrow_i16x8_u(b, b);
    v128.store(out, i8x16.shuffle(rg, bb, 0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 4, 12, 20, 5));
    const rest = i8x16.shuffle(rg, bb, 13, 21, 6, 14, 22, 7, 15, 23, 0, 0, 0, 0, 0, 0, 0, 0);
    store<u64>(out, i64x2.extract_lane(rest, 0), 16);
  }
}

/**
 * libjpeg's "fancy" upsampling of a component subsampled 2:1 across (jdsample.c
 * h2v1_fancy_upsample), or 2:1 both ways with `far` the chroma row beyond the nearer one (h2v2:
 * 3/4 of the nearer row and 1/4 of the farther, then across), in libjpeg's integer rounding: the
 * image row's samples x0 to x0 + count - 1 at out (bytes), from the `n` samples at `near` (far 0
 * for h2v1). The row's edges repeat their last sample, as libjpeg's do.
 */
export function fancyRow(near: usize, far: usize, n: i32, x0: i32, count: i32, out: usize): void {
  const last = n - 1;
  let i = 0;
  // Sample by sample up to an even column with a sample to its left, then 16 at a time (8 of the
  // chroma row's, each giving two) while the 9th to their right is in the row, then the rest.
  while (i < count && ((x0 + i) & 1 || x0 + i < 2)) fancyOne(near, far, last, x0 + i, out + <usize>i), i++;
  const three = i16x8.splat(3);
  if (far == 0) {
    const even = i16x8.splat(1);
    const odd = i16x8.splat(2);
    for (; i + 16 <= count && ((x0 + i) >> 1) + 8 <= last; i += 16) {
      const k = near + <usize>((x0 + i) >> 1);
      const mid = i16x8.mul(i16x8.extend_low_i8x16_u(v128.load64_zero(k)), three);
      const left = i16x8.add(mid, i16x8.extend_low_i8x16_u(v128.load64_zero(k - 1)));
      const right = i16x8.add(mid, i16x8.extend_low_i8x16_u(v128.load64_zero(k + 1)));
      storeInterleaved(i16x8.shr_u(i16x8.add(left, even), 2), i16x8.shr_u(i16x8.add(right, odd), 2), out + <usize>i);
    }
  } else {
    const even = i16x8.splat(8);
    const odd = i16x8.splat(7);
    for (; i + 16 <= count && ((x0 + i) >> 1) + 8 <= last; i += 16) {
      const k = <usize>((x0 + i) >> 1);
      const mid = i16x8.mul(columnSums(near, far, k), three);
      const left = i16x8.add(mid, columnSums(near, far, k - 1));
      const right = i16x8.add(mid, columnSums(near, far, k + 1));
      storeInterleaved(i16x8.shr_u(i16x8.add(left, even), 4), i16x8.shr_u(i16x8.add(right, odd), 4), out + <usize>i);
    }
  }
  for (; i < count; i++) fancyOne(near, far, last, x0 + i, out + <usize>i);
}

/** 3 near + far for the 8 samples from `at`, in 16-bit lanes. */
// @ts-ignore: decorator
@inline
function columnSums(near: usize, far: usize, at: usize): v128 {
  const three = i16x8.splat(3);
  return i16x8.add(
    i16x8.mul(i16x8.extend_low_i8x16_u(v128.load64_zero(near + at)), three),
    i16x8.extend_low_i8x16_u(v128.load64_zero(far + at)),
  );
}

/** Stores a0, b0, a1, b1, … a7, b7 (each 0 to 255) as 16 bytes at out. */
// @ts-ignore: decorator
@inline
function storeInterleaved(a: v128, b: v128, out: usize): void {
  const bytes = i8x16.narrow_i16x8_u(a, b);
  v128.store(out, i8x16.shuffle(bytes, bytes, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
}

/** fancyRow's image sample x, at out. */
// @ts-ignore: decorator
@inline
function fancyOne(near: usize, far: usize, last: i32, x: i32, out: usize): void {
  const k = x >> 1;
  const odd = x & 1;
  const side = odd ? min(k + 1, last) : max(k - 1, 0);
  if (far == 0) {
    store<u8>(out, (<i32>load<u8>(near + <usize>k) * 3 + <i32>load<u8>(near + <usize>side) + 1 + odd) >> 2);
  } else {
    const own = <i32>load<u8>(near + <usize>k) * 3 + <i32>load<u8>(far + <usize>k);
    const next = <i32>load<u8>(near + <usize>side) * 3 + <i32>load<u8>(far + <usize>side);
    store<u8>(out, (own * 3 + next + 8 - odd) >> 4);
  }
}

/**
 * Upsampling a subsampled component's row (../../jpeg/ycbcr.ts): out[x] for x < n is the linear
 * interpolation between rows s0 and s1 (weight wy on s1) at samples lo[x] and hi[x], weight w[x]
 * on hi (lo, hi int32; w and out f32). Reads up to 3 values past n in lo, hi and w.
 */
export function upsample(s0: usize, s1: usize, wy: f32, lo: usize, hi: usize, w: usize, n: i32, out: usize): void {
  const top = f32x4.splat(1 - wy);
  const bottom = f32x4.splat(wy);
  for (let i: usize = 0; i < (<usize>n << 2); i += 16) {
    const l = v128.load(lo + i);
    const h = v128.load(hi + i);
    const l0 = <usize>i32x4.extract_lane(l, 0);
    const l1 = <usize>i32x4.extract_lane(l, 1);
    const l2 = <usize>i32x4.extract_lane(l, 2);
    const l3 = <usize>i32x4.extract_lane(l, 3);
    const h0 = <usize>i32x4.extract_lane(h, 0);
    const h1 = <usize>i32x4.extract_lane(h, 1);
    const h2 = <usize>i32x4.extract_lane(h, 2);
    const h3 = <usize>i32x4.extract_lane(h, 3);
    const a = f32x4.add(
      f32x4.mul(f32x4(<f32>load<u8>(s0 + l0), <f32>load<u8>(s0 + l1), <f32>load<u8>(s0 + l2), <f32>load<u8>(s0 + l3)), top),
      f32x4.mul(f32x4(<f32>load<u8>(s1 + l0), <f32>load<u8>(s1 + l1), <f32>load<u8>(s1 + l2), <f32>load<u8>(s1 + l3)), bottom),
    );
    const b = f32x4.add(
      f32x4.mul(f32x4(<f32>load<u8>(s0 + h0), <f32>load<u8>(s0 + h1), <f32>load<u8>(s0 + h2), <f32>load<u8>(s0 + h3)), top),
      f32x4.mul(f32x4(<f32>load<u8>(s1 + h0), <f32>load<u8>(s1 + h1), <f32>load<u8>(s1 + h2), <f32>load<u8>(s1 + h3)), bottom),
    );
    v128.store(out + i, f32x4.add(a, f32x4.mul(f32x4.sub(b, a), v128.load(w + i))));
  }
}

/** `n` samples (bytes) to f32 at out. Reads up to 3 past n. */
export function widen(s: usize, n: i32, out: usize): void {
  for (let x: usize = 0; x < <usize>n; x += 4) {
    v128.store(out + (x << 2), f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(s + x)))));
  }
}

/**
 * One row of upsampled (f32) Y, Cb and Cr to RGB with the JFIF equations, rounded to nearest
 * (ties to even) and clamped. Reads up to 3 values past n and writes up to 16 bytes past 3 n.
 */
export function yccFloat(y: usize, cb: usize, cr: usize, n: i32, out: usize): void {
  const mid = f32x4.splat(128);
  for (let i: usize = 0; i < (<usize>n << 2); i += 16, out += 12) {
    const l = v128.load(y + i);
    const u = f32x4.sub(v128.load(cb + i), mid);
    const v = f32x4.sub(v128.load(cr + i), mid);
    const r = i32x4.trunc_sat_f32x4_s(f32x4.nearest(f32x4.add(l, f32x4.mul(v, f32x4.splat(1.402)))));
    const g = i32x4.trunc_sat_f32x4_s(
      f32x4.nearest(f32x4.sub(f32x4.sub(l, f32x4.mul(u, f32x4.splat(0.344136))), f32x4.mul(v, f32x4.splat(0.714136)))),
    );
    const b = i32x4.trunc_sat_f32x4_s(f32x4.nearest(f32x4.add(l, f32x4.mul(u, f32x4.splat(1.772)))));
    const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(r, g), i16x8.narrow_i32x4_s(b, b));
    v128.store(out, i8x16.shuffle(bytes, bytes, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15));
  }
}

/** As idct8, each block into 2×2 samples (quarter scale): libjpeg's jpeg_idct_2x2; block i at out + 2 i. */
export function idct2(coef: usize, step: usize, n: i32, quant: usize, out: usize, stride: usize): void {
  const round1 = i32x4.splat(1 << (CONST_BITS - PASS1_BITS + 1));
  const shift = CONST_BITS + PASS1_BITS + 3 + 2;
  const round2 = (1 << (shift - 1)) + (128 << shift);
  for (let b = 0; b < n; b++, coef += step, out += 2) {
    if (acQuarters(coef) == 0) {
      // Both passes below with only row 0, column 0 nonzero.
      const p = ((<i32>load<i16>(coef) * load<i32>(quant)) << (CONST_BITS + 2)) + (1 << (CONST_BITS - PASS1_BITS + 1));
      const v = clampByte((((p >> (CONST_BITS - PASS1_BITS + 2)) << (CONST_BITS + 2)) + round2) >> shift);
      store<u16>(out, <u16>(v * 0x0101));
      store<u16>(out + stride, <u16>(v * 0x0101));
      continue;
    }
    // Columns, four at a time: rows 0 and 1 of the workspace, row-major.
    for (let col: usize = 0; col < 8; col += 4) {
      const t10 = i32x4.add(i32x4.shl(dequant(coef, quant, 0, col), CONST_BITS + 2), round1);
      const t0 = i32x4.add(
        i32x4.sub(mulc(dequant(coef, quant, 5, col), FIX_0_850430095), mulc(dequant(coef, quant, 7, col), FIX_0_720959822)),
        i32x4.sub(mulc(dequant(coef, quant, 1, col), FIX_3_624509785), mulc(dequant(coef, quant, 3, col), FIX_1_272758580)),
      );
      v128.store(WORKSPACE + col * 4, i32x4.shr_s(i32x4.add(t10, t0), CONST_BITS - PASS1_BITS + 2));
      v128.store(WORKSPACE + 32 + col * 4, i32x4.shr_s(i32x4.sub(t10, t0), CONST_BITS - PASS1_BITS + 2));
    }
    for (let row: usize = 0; row < 2; row++) {
      const w = WORKSPACE + row * 32;
      const t10 = (load<i32>(w) << (CONST_BITS + 2)) + round2;
      const t0 =
        load<i32>(w, 20) * FIX_0_850430095 -
        load<i32>(w, 28) * FIX_0_720959822 +
        load<i32>(w, 4) * FIX_3_624509785 -
        load<i32>(w, 12) * FIX_1_272758580;
      const o = out + row * stride;
      store<u8>(o, <u8>clampByte((t10 + t0) >> shift));
      store<u8>(o, <u8>clampByte((t10 - t0) >> shift), 1);
    }
  }
}

// @ts-ignore: decorator
@inline
function clampByte(v: i32): i32 {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
