/**
 * PNG rows: for the encoder (../../png/encode.ts) colour types, the five filters with libpng's
 * choice, Adler-32; for the decoder (../../png/decode.ts) a filter reversed.
 */

/**
 * Packs one row of RGBA pixels into PNG colour type 0 (grey), 2 (RGB), 4 (grey + alpha) or
 * 6 (RGBA). `out` has 16 bytes of slack: vectors are stored whole.
 */
export function packRow(rgba: usize, width: i32, colorType: i32, out: usize): void {
  const end = rgba + (<usize>width << 2);
  let o = out;
  if (colorType == 6) {
    memory.copy(out, rgba, <usize>width << 2);
  } else if (colorType == 2) {
    for (let p = rgba; p < end; p += 16, o += 12) v128.store(o, i8x16.shuffle(v128.load(p), v128.load(p), 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0, 0, 0, 0));
  } else if (colorType == 4) {
    for (let p = rgba; p < end; p += 16, o += 8) v128.store(o, i8x16.shuffle(v128.load(p), v128.load(p), 0, 3, 4, 7, 8, 11, 12, 15, 0, 0, 0, 0, 0, 0, 0, 0));
  } else {
    for (let p = rgba; p < end; p += 16, o += 4) v128.store(o, i8x16.shuffle(v128.load(p), v128.load(p), 0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  }
}

/** Sum of the bytes of v read as signed magnitudes (libpng's "minimum sum of absolute differences"). */
// @ts-ignore: decorator
@inline
function absSum(v: v128): v128 {
  return i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.abs(v)));
}

/**
 * Filters one packed row of `n` bytes (`bpp` bytes a pixel) with all five PNG filters, writing
 * filter t's bytes at out + t * stride, and returns the filter with the smallest sum of absolute
 * values (libpng's heuristic). `cur` and `prev` have 16 zero bytes before them (the pixel left of
 * the first is zero) and 16 bytes of slack after; `prev` is all zeros for the first row.
 */
export function filterRow(cur: usize, prev: usize, n: i32, bpp: i32, out: usize, stride: usize): i32 {
  let s0 = i32x4.splat(0);
  let s1 = i32x4.splat(0);
  let s2 = i32x4.splat(0);
  let s3 = i32x4.splat(0);
  let s4 = i32x4.splat(0);
  const full = n & ~15;
  const b = <usize>bpp;
  for (let i: usize = 0; i < <usize>full; i += 16) {
    const x = v128.load(cur + i);
    const a = v128.load(cur + i - b);
    const up = v128.load(prev + i);
    const c = v128.load(prev + i - b);
    const f1 = i8x16.sub(x, a);
    const f2 = i8x16.sub(x, up);
    const avg = i8x16.sub(i8x16.avgr_u(a, up), v128.and(v128.xor(a, up), i8x16.splat(1)));
    const f3 = i8x16.sub(x, avg);
    const lo = paeth(i16x8.extend_low_i8x16_u(a), i16x8.extend_low_i8x16_u(up), i16x8.extend_low_i8x16_u(c));
    const hi = paeth(i16x8.extend_high_i8x16_u(a), i16x8.extend_high_i8x16_u(up), i16x8.extend_high_i8x16_u(c));
    const f4 = i8x16.sub(x, i8x16.narrow_i16x8_u(lo, hi));
    v128.store(out + i, x);
    v128.store(out + stride + i, f1);
    v128.store(out + 2 * stride + i, f2);
    v128.store(out + 3 * stride + i, f3);
    v128.store(out + 4 * stride + i, f4);
    s0 = i32x4.add(s0, absSum(x));
    s1 = i32x4.add(s1, absSum(f1));
    s2 = i32x4.add(s2, absSum(f2));
    s3 = i32x4.add(s3, absSum(f3));
    s4 = i32x4.add(s4, absSum(f4));
  }
  let t0 = sumLanes(s0);
  let t1 = sumLanes(s1);
  let t2 = sumLanes(s2);
  let t3 = sumLanes(s3);
  let t4 = sumLanes(s4);
  for (let i = <usize>full; i < <usize>n; i++) {
    const x = <i32>load<u8>(cur + i);
    const a = <i32>load<u8>(cur + i - b);
    const up = <i32>load<u8>(prev + i);
    const c = <i32>load<u8>(prev + i - b);
    const pa = abs(up - c);
    const pb = abs(a - c);
    const pc = abs(a + up - 2 * c);
    const predictor = pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
    const f1 = (x - a) & 255;
    const f2 = (x - up) & 255;
    const f3 = (x - ((a + up) >> 1)) & 255;
    const f4 = (x - predictor) & 255;
    store<u8>(out + i, <u8>x);
    store<u8>(out + stride + i, <u8>f1);
    store<u8>(out + 2 * stride + i, <u8>f2);
    store<u8>(out + 3 * stride + i, <u8>f3);
    store<u8>(out + 4 * stride + i, <u8>f4);
    t0 += magnitude(x);
    t1 += magnitude(f1);
    t2 += magnitude(f2);
    t3 += magnitude(f3);
    t4 += magnitude(f4);
  }
  let best = 0;
  let lowest = t0;
  if (t1 < lowest) {
    best = 1;
    lowest = t1;
  }
  if (t2 < lowest) {
    best = 2;
    lowest = t2;
  }
  if (t3 < lowest) {
    best = 3;
    lowest = t3;
  }
  if (t4 < lowest) best = 4;
  return best;
}

// @ts-ignore: decorator
@inline
function sumLanes(v: v128): i32 {
  return i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) + i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3);
}

// @ts-ignore: decorator
@inline
function magnitude(v: i32): i32 {
  return v < 128 ? v : 256 - v;
}

/**
 * Adler-32 (zlib's checksum) of n bytes, continuing from `adler`: 16 bytes at a time, reduced
 * modulo 65521 every 5552 bytes as zlib does. For 16 bytes b0..b15 arriving with sum s1, s2 grows
 * by 16 * s1 + sum of (16 - j) * bj, which is a dot product.
 */
export function adler32(adler: u32, p: usize, n: i32): u32 {
  let s1: u64 = adler & 0xffff;
  let s2: u64 = adler >>> 16;
  const weightsLow = i16x8(16, 15, 14, 13, 12, 11, 10, 9);
  const weightsHigh = i16x8(8, 7, 6, 5, 4, 3, 2, 1);
  let i: usize = 0;
  const end = <usize>n;
  while (i < end) {
    const blockEnd = min(end, i + 5552);
    const vectorEnd = i + ((blockEnd - i) & ~15);
    const blocks = <u64>((vectorEnd - i) >> 4);
    let sums = i32x4.splat(0);
    let prefix = i32x4.splat(0);
    let weighted = i32x4.splat(0);
    for (; i < vectorEnd; i += 16) {
      const v = v128.load(p + i);
      const low = i16x8.extend_low_i8x16_u(v);
      const high = i16x8.extend_high_i8x16_u(v);
      prefix = i32x4.add(prefix, sums);
      sums = i32x4.add(sums, i32x4.extadd_pairwise_i16x8_u(i16x8.add(low, high)));
      weighted = i32x4.add(weighted, i32x4.add(i32x4.dot_i16x8_s(low, weightsLow), i32x4.dot_i16x8_s(high, weightsHigh)));
    }
    s2 += blocks * 16 * s1 + 16 * <u64>(<u32>sumLanes(prefix)) + <u64>(<u32>sumLanes(weighted));
    s1 += <u64>(<u32>sumLanes(sums));
    for (; i < blockEnd; i++) {
      s1 += load<u8>(p + i);
      s2 += s1;
    }
    s1 %= 65521;
    s2 %= 65521;
  }
  return <u32>((s2 << 16) | s1);
}

/**
 * Reverses one row's PNG filter in place: `n` bytes at `cur`, `bpp` (1 to 8) bytes a pixel, the
 * unfiltered row above at `prev` (zeros above a picture's or an Adam7 pass's first row). Up is 16
 * bytes a step; Sub, Average and Paeth a pixel a step, its bytes as 16-bit lanes (each pixel needs
 * the one left of it, unfiltered: libpng's SSE2 way). Both rows have 8 bytes of slack after them
 * (a pixel is read 8 bytes wide; only its own bytes are written). Returns 0 when `filter` is not
 * one PNG defines.
 */
export function unfilterRow(cur: usize, prev: usize, n: i32, bpp: i32, filter: i32): i32 {
  const end = cur + <usize>n;
  const b = <usize>bpp;
  if (filter == 0) return 1;
  if (filter == 2) {
    const full = cur + <usize>(n & ~15);
    let p = prev;
    let x = cur;
    for (; x < full; x += 16, p += 16) v128.store(x, i8x16.add(v128.load(x), v128.load(p)));
    for (; x < end; x++, p++) store<u8>(x, load<u8>(x) + load<u8>(p));
    return 1;
  }
  if (filter < 1 || filter > 4) return 0;
  // One loop for each filter and the common pixel sizes, so none decides a filter or a size per pixel.
  if (bpp == 4) pixels(filter, 4, cur, prev, end);
  else if (bpp == 3) pixels(filter, 3, cur, prev, end);
  else pixels(filter, b, cur, prev, end);
  return 1;
}

// @ts-ignore: decorator
@inline
function pixels(filter: i32, b: usize, cur: usize, prev: usize, end: usize): void {
  if (filter == 1) unfilterPixels(1, b, cur, prev, end);
  else if (filter == 3) unfilterPixels(3, b, cur, prev, end);
  else unfilterPixels(4, b, cur, prev, end);
}

/**
 * Sub, Average or Paeth (`filter` a constant where it is inlined) a pixel a step: each pixel waits
 * for the one left of it, so a row is one chain of dependent steps.
 */
// @ts-ignore: decorator
@inline
function unfilterPixels(filter: i32, b: usize, cur: usize, prev: usize, end: usize): void {
  // a: the pixel left (unfiltered), c: the one above it, as 16-bit lanes; zero left of the first.
  let a = i16x8.splat(0);
  let c = i16x8.splat(0);
  let p = prev;
  for (let x = cur; x < end; x += b, p += b) {
    const up = pixelAt(p);
    a = unfiltered(x, pixelAt(x), predictor(filter, a, up, c), b);
    c = up;
  }
}

/**
 * Reverses the filters of two rows in a row, each Sub, Average or Paeth (`first` and `second`, `n`
 * bytes each, whole pixels; the unfiltered row above the first at `prev`), as unfilterRow twice
 * but 1.8 times as fast. The second row's pixel x waits only for the first's pixels x and x − 1, so
 * it runs a pixel behind the first, the two chains side by side; the first's pixels go to the
 * second from registers. Returns 0 when a filter is not one of the three.
 */
export function unfilterRowPair(first: usize, second: usize, prev: usize, n: i32, bpp: i32, f0: i32, f1: i32): i32 {
  if (!chained(f0) || !chained(f1)) return 0;
  if (bpp == 4) pairOf(f0, f1, 4, first, second, prev, <usize>n);
  else if (bpp == 3) pairOf(f0, f1, 3, first, second, prev, <usize>n);
  else pairOf(f0, f1, <usize>bpp, first, second, prev, <usize>n);
  return 1;
}

/** Sub, Average or Paeth: a filter whose pixels wait for the one left of them. */
// @ts-ignore: decorator
@inline
function chained(filter: i32): bool {
  return filter == 1 || filter == 3 || filter == 4;
}

// @ts-ignore: decorator
@inline
function pairOf(f0: i32, f1: i32, b: usize, first: usize, second: usize, prev: usize, n: usize): void {
  if (f0 == 1) pairWith(1, f1, b, first, second, prev, n);
  else if (f0 == 3) pairWith(3, f1, b, first, second, prev, n);
  else pairWith(4, f1, b, first, second, prev, n);
}

// @ts-ignore: decorator
@inline
function pairWith(f0: i32, f1: i32, b: usize, first: usize, second: usize, prev: usize, n: usize): void {
  if (f1 == 1) pair(f0, 1, b, first, second, prev, n);
  else if (f1 == 3) pair(f0, 3, b, first, second, prev, n);
  else pair(f0, 4, b, first, second, prev, n);
}

// @ts-ignore: decorator
@inline
function pair(f0: i32, f1: i32, b: usize, first: usize, second: usize, prev: usize, n: usize): void {
  // The first row's pixel 0, then each step its pixel x and the second row's x − 1.
  const zero = i16x8.splat(0);
  let c0 = pixelAt(prev);
  let a0 = unfiltered(first, pixelAt(first), predictor(f0, zero, c0, zero), b);
  let a1 = zero;
  let c1 = zero;
  for (let x: usize = b; x < n; x += b) {
    const up0 = pixelAt(prev + x);
    const above = a0; // the first row's pixel x − 1, unfiltered: the second's up there
    a0 = unfiltered(first + x, pixelAt(first + x), predictor(f0, a0, up0, c0), b);
    c0 = up0;
    const at = second + x - b;
    a1 = unfiltered(at, pixelAt(at), predictor(f1, a1, above, c1), b);
    c1 = above;
  }
  const at = second + n - b;
  unfiltered(at, pixelAt(at), predictor(f1, a1, a0, c1), b);
}

/** Sub's, Average's or Paeth's prediction (`filter` a constant where it is inlined) from a, b (up) and c. */
// @ts-ignore: decorator
@inline
function predictor(filter: i32, a: v128, up: v128, c: v128): v128 {
  if (filter == 1) return a;
  if (filter == 3) return i16x8.shr_u(i16x8.add(a, up), 1);
  return paeth(a, up, c);
}

/** The pixel at p (and the bytes after it, unused), as 16-bit lanes. */
// @ts-ignore: decorator
@inline
function pixelAt(p: usize): v128 {
  return i16x8.extend_low_i8x16_u(v128.load64_zero(p));
}

/** raw + predictor, stored at x as the pixel's `b` bytes and returned as 16-bit lanes. */
// @ts-ignore: decorator
@inline
function unfiltered(x: usize, raw: v128, predictor: v128, b: usize): v128 {
  const v = v128.and(i16x8.add(raw, predictor), i16x8.splat(255));
  storePixel(x, i8x16.narrow_i16x8_u(v, v), b);
  return v;
}

/**
 * PNG's Paeth predictor on bytes widened to 16-bit lanes (a pixel's, or eight of a row's), as
 * libpng's SSE2 code has it: of p − a = b − c and p − b = a − c, only the second waits for the
 * pixel left when a row is reversed.
 */
// @ts-ignore: decorator
@inline
function paeth(a: v128, b: v128, c: v128): v128 {
  const towardsA = i16x8.sub(b, c); // p − a
  const towardsB = i16x8.sub(a, c); // p − b
  const pa = i16x8.abs(towardsA);
  const pb = i16x8.abs(towardsB);
  const pc = i16x8.abs(i16x8.add(towardsA, towardsB)); // p − c
  const nearBc = v128.bitselect(c, b, i16x8.gt_s(pb, pc));
  return v128.bitselect(nearBc, a, i16x8.gt_s(pa, i16x8.min_s(pb, pc)));
}

/** Stores the first `bpp` (1 to 8) bytes of v at p. */
// @ts-ignore: decorator
@inline
function storePixel(p: usize, v: v128, bpp: usize): void {
  if (bpp == 4) v128.store32_lane(p, v, 0);
  else if (bpp == 3) {
    v128.store16_lane(p, v, 0);
    v128.store8_lane(p + 2, v, 2);
  } else if (bpp == 8) v128.store64_lane(p, v, 0);
  else if (bpp == 6) {
    v128.store32_lane(p, v, 0);
    v128.store16_lane(p + 4, v, 2);
  } else if (bpp == 2) v128.store16_lane(p, v, 0);
  else v128.store8_lane(p, v, 0);
}
