/**
 * AssemblyScript, compiled to WebAssembly with 128-bit SIMD by `npm run build:wasm`: the image
 * engine's hot loops.
 *   - Resampling (../../resample.ts): opaque pixels in 16-bit fixed point (eight samples a step
 *     vertically, two taps a dot product horizontally); premultiplied RGBA as one f32x4 a pixel.
 *   - PNG rows (../../png/encode.ts): packing RGBA into the chosen colour type, and the five PNG filters
 *     with libpng's choice between them, 16 bytes at a time.
 *   - JPEG decoding (../../jpeg/): a baseline scan's Huffman decoding (huffman.ts), the inverse
 *     DCTs, upsampling and YCbCr to RGB, with libjpeg's arithmetic.
 * The JavaScript side plans the work, lays out buffers in this module's memory (simd/kernels.ts)
 * and copies rows in and out. The memory holds rows (a JPEG decode's strips are a few rows of
 * blocks, a streamed one's coefficients one band of them, beside a 256 kB window onto the file)
 * and tables, never a picture or a file, so it stays at a few megabytes (WebAssembly memory never
 * shrinks).
 */

export { entropyStart, entropyMove, entropyNext, decodeMcus } from './huffman';

/** Where the JavaScript side may start laying out its buffers. */
export function heapBase(): usize {
  return __heap_base;
}

/** One pixel as premultiplied f32x4 (RGB scaled by alpha/255, alpha 0..255). */
// @ts-ignore: decorator
@inline
function pixel(p: usize, channels: i32): v128 {
  const bytes = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(p)));
  const value = f32x4.convert_i32x4_u(bytes);
  if (channels == 3) return f32x4.replace_lane(value, 3, 255);
  const a = f32x4.extract_lane(value, 3);
  if (a == 255) return value;
  const f = a / 255;
  return f32x4.mul(value, f32x4(f, f, f, 1));
}

/**
 * Adds one row of `n` upright pixels (`channels` bytes each, contiguous) to `acc`, box-summed in
 * groups of `k` (the last group may be shorter). `first`: set instead of add. `opaque`: every
 * pixel's alpha is 255 (RGB always is).
 */
export function boxRow(src: usize, n: i32, channels: i32, k: i32, acc: usize, first: bool, opaque: bool): void {
  let s = src;
  let o = acc;
  const step = <usize>channels;
  if (k == 1) {
    // No box: one pixel in, one out (most formats are less than a quarter of the picture's size).
    let x = 0;
    if (channels == 3 || opaque) {
      // Opaque (a JPEG's RGB, an output known opaque): four pixels a load, RGB's 12 bytes spread
      // with an alpha of 255, nothing to premultiply.
      const ones = i8x16.splat(-1);
      for (; x + 4 <= n; x += 4, s += step << 2, o += 64) {
        let v = v128.load(s);
        if (channels == 3) v = i8x16.shuffle(v, ones, 0, 1, 2, 16, 3, 4, 5, 16, 6, 7, 8, 16, 9, 10, 11, 16);
        const lo = i16x8.extend_low_i8x16_u(v);
        const hi = i16x8.extend_high_i8x16_u(v);
        keep(o, f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(lo)), first);
        keep(o + 16, f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(lo)), first);
        keep(o + 32, f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(hi)), first);
        keep(o + 48, f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(hi)), first);
      }
    }
    for (; x < n; x++, s += step, o += 16) keep(o, pixel(s, channels), first);
    return;
  }
  let x0 = 0;
  if ((k == 2 || k == 4) && (channels == 3 || opaque)) {
    // Opaque pixels four at a time, summed in 16-bit lanes (exact, as the float sums of the general
    // loop are): boxes of 2 (two sums a load) and of 4 (one), the shrinks most renders make.
    const ones = i8x16.splat(-1);
    for (; x0 + 4 <= n; x0 += 4, s += step << 2) {
      let v = v128.load(s);
      if (channels == 3) v = i8x16.shuffle(v, ones, 0, 1, 2, 16, 3, 4, 5, 16, 6, 7, 8, 16, 9, 10, 11, 16);
      const a = i16x8.extend_low_i8x16_u(v); // pixels 0 and 1
      const b = i16x8.extend_high_i8x16_u(v); // pixels 2 and 3
      if (k == 2) {
        const sums = i64x2.shuffle(i16x8.add(a, i64x2.shuffle(a, a, 1, 0)), i16x8.add(b, i64x2.shuffle(b, b, 1, 0)), 0, 2);
        keep(o, f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(sums)), first);
        keep(o + 16, f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(sums)), first);
        o += 32;
      } else {
        const pairs = i16x8.add(a, b);
        keep(o, f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(i16x8.add(pairs, i64x2.shuffle(pairs, pairs, 1, 0)))), first);
        o += 16;
      }
    }
  }
  for (; x0 < n; x0 += k) {
    const end = min(n, x0 + k);
    let sum = f32x4.splat(0);
    for (let x = x0; x < end; x++) {
      sum = f32x4.add(sum, pixel(s, channels));
      s += step;
    }
    keep(o, sum, first);
    o += 16;
  }
}

/** Stores `v` at `o`, or adds it to what is there. */
// @ts-ignore: decorator
@inline
function keep(o: usize, v: v128, first: bool): void {
  v128.store(o, first ? v : f32x4.add(v128.load(o), v));
}

/** Divides the box sums of a row by their pixel counts: `inv` for all, `lastInv` for the last. */
export function scaleRow(acc: usize, pw: i32, inv: f32, lastInv: f32): void {
  const f = f32x4.splat(inv);
  const end = acc + (<usize>(pw - 1) << 4);
  for (let o = acc; o < end; o += 16) v128.store(o, f32x4.mul(v128.load(o), f));
  v128.store(end, f32x4.mul(v128.load(end), f32x4.splat(lastInv)));
}

/**
 * Horizontal lanczos: output ox is the sum over `taps` consecutive input pixels from first[ox],
 * weighted by weights[ox * taps ..]. The input row has `taps` pixels of slack after its end.
 * Two accumulators (even and odd taps) so consecutive multiply-adds do not wait on each other.
 */
export function hpass(pre: usize, tw: i32, taps: i32, first: usize, weights: usize, out: usize): void {
  let w = weights;
  let o = out;
  const pairs = taps & ~1;
  for (let ox = 0; ox < tw; ox++) {
    let p = pre + (<usize>load<i32>(first + (<usize>ox << 2)) << 4);
    let even = f32x4.splat(0);
    let odd = f32x4.splat(0);
    for (let t = 0; t < pairs; t += 2) {
      even = f32x4.add(even, f32x4.mul(v128.load(p), v128.load32_splat(w)));
      odd = f32x4.add(odd, f32x4.mul(v128.load(p, 16), v128.load32_splat(w, 4)));
      p += 32;
      w += 8;
    }
    if (taps & 1) {
      even = f32x4.add(even, f32x4.mul(v128.load(p), v128.load32_splat(w)));
      w += 4;
    }
    v128.store(o, f32x4.add(even, odd));
    o += 16;
  }
}

/**
 * Vertical lanczos: acc = sum over t < taps of rows[t] * weights[t], over `tw` pixels. Four rows
 * per sweep, so the accumulator row is read and written a quarter as often.
 */
export function vpass(rows: usize, weights: usize, taps: i32, tw: i32, acc: usize): void {
  const bytes = <usize>tw << 4;
  let t = 0;
  for (; t + 4 <= taps; t += 4) {
    const r0 = load<usize>(rows + (<usize>t << 2));
    const r1 = load<usize>(rows + (<usize>t << 2), 4);
    const r2 = load<usize>(rows + (<usize>t << 2), 8);
    const r3 = load<usize>(rows + (<usize>t << 2), 12);
    const w0 = v128.load32_splat(weights + (<usize>t << 2));
    const w1 = v128.load32_splat(weights + (<usize>t << 2), 4);
    const w2 = v128.load32_splat(weights + (<usize>t << 2), 8);
    const w3 = v128.load32_splat(weights + (<usize>t << 2), 12);
    const fresh = t == 0;
    for (let i: usize = 0; i < bytes; i += 16) {
      const a = f32x4.add(f32x4.mul(v128.load(r0 + i), w0), f32x4.mul(v128.load(r1 + i), w1));
      const b = f32x4.add(f32x4.mul(v128.load(r2 + i), w2), f32x4.mul(v128.load(r3 + i), w3));
      const sum = f32x4.add(a, b);
      v128.store(acc + i, fresh ? sum : f32x4.add(v128.load(acc + i), sum));
    }
  }
  for (; t < taps; t++) {
    const r = load<usize>(rows + (<usize>t << 2));
    const w = v128.load32_splat(weights + (<usize>t << 2));
    const fresh = t == 0;
    for (let i: usize = 0; i < bytes; i += 16) {
      const product = f32x4.mul(v128.load(r + i), w);
      v128.store(acc + i, fresh ? product : f32x4.add(v128.load(acc + i), product));
    }
  }
}

/**
 * A row of box sums (boxRow, then scaleRow) as `channels` bytes a pixel, rounded half to even: the
 * fixed-point path's pre-shrunk row. `out` has a byte of slack (RGB is stored four bytes at a time).
 */
export function narrowRow(pre: usize, pw: i32, channels: i32, out: usize): void {
  let o = out;
  const step = <usize>channels;
  for (let x = 0; x < pw; x++, o += step) {
    const ints = i32x4.trunc_sat_f32x4_s(f32x4.nearest(v128.load(pre + (<usize>x << 4))));
    const shorts = i16x8.narrow_i32x4_s(ints, ints);
    store<u32>(o, i32x4.extract_lane(i8x16.narrow_i16x8_u(shorts, shorts), 0));
  }
}

/**
 * Vertical lanczos on opaque pixels in 16-bit fixed point, as libvips reduces 8-bit images: `mid` =
 * sum over t < taps of rows[t] * weights[t] over `n` samples (bytes), eight a step. Weights are Q14
 * (i16, 16384 = 1), samples come out scaled by 64 (i16: a lobe's overshoot stays far from the
 * limit). Four taps a sweep, the last one to three in one; rows have 8 bytes and `mid` 16 bytes of
 * slack.
 */
export function vpassFixed(rows: usize, weights: usize, taps: i32, n: i32, mid: usize): void {
  const end = <usize>n;
  let t = 0;
  for (; t + 4 <= taps; t += 4) {
    const r0 = load<usize>(rows + (<usize>t << 2));
    const r1 = load<usize>(rows + (<usize>t << 2), 4);
    const r2 = load<usize>(rows + (<usize>t << 2), 8);
    const r3 = load<usize>(rows + (<usize>t << 2), 12);
    const w0 = v128.load16_splat(weights + (<usize>t << 1));
    const w1 = v128.load16_splat(weights + (<usize>t << 1), 2);
    const w2 = v128.load16_splat(weights + (<usize>t << 1), 4);
    const w3 = v128.load16_splat(weights + (<usize>t << 1), 6);
    const fresh = t == 0;
    for (let i: usize = 0; i < end; i += 8) {
      const a = i16x8.add_sat_s(term(r0 + i, w0), term(r1 + i, w1));
      const b = i16x8.add_sat_s(term(r2 + i, w2), term(r3 + i, w3));
      const sum = i16x8.add_sat_s(a, b);
      v128.store(mid + (i << 1), fresh ? sum : i16x8.add_sat_s(v128.load(mid + (i << 1)), sum));
    }
  }
  // The last one to three taps in one sweep (a single tap where none is left would read nothing).
  const left = taps - t;
  if (left == 0) return;
  const r0 = load<usize>(rows + (<usize>t << 2));
  const r1 = left > 1 ? load<usize>(rows + (<usize>t << 2), 4) : r0;
  const r2 = left > 2 ? load<usize>(rows + (<usize>t << 2), 8) : r0;
  const w0 = v128.load16_splat(weights + (<usize>t << 1));
  const w1 = left > 1 ? v128.load16_splat(weights + (<usize>t << 1), 2) : i16x8.splat(0);
  const w2 = left > 2 ? v128.load16_splat(weights + (<usize>t << 1), 4) : i16x8.splat(0);
  const fresh = t == 0;
  for (let i: usize = 0; i < end; i += 8) {
    const sum = i16x8.add_sat_s(i16x8.add_sat_s(term(r0 + i, w0), term(r1 + i, w1)), term(r2 + i, w2));
    v128.store(mid + (i << 1), fresh ? sum : i16x8.add_sat_s(v128.load(mid + (i << 1)), sum));
  }
}

/** Eight samples at `p` times a Q14 weight, scaled by 64 and rounded: (p << 7) * w >> 15. */
// @ts-ignore: decorator
@inline
function term(p: usize, w: v128): v128 {
  return i16x8.q15mulr_sat_s(i16x8.shl(v128.load8x8_u(p), 7), w);
}

/**
 * Horizontal lanczos on the vertical pass's row, to RGBA bytes: output ox is the sum over `pairs`
 * pairs of consecutive pixels from first[ox], a pair's two taps in one dot product (each channel's
 * two samples side by side times the pair's Q14 weights), rounded and clamped. Alpha is 255, or
 * where the crop covers part of the pixel (`whole` false) 255 * coverX[ox] * coverY, rounded half
 * to even, and no colour where it covers none, as `emit` gives. `mid` has two pixels of slack.
 */
export function hpassFixed(
  mid: usize,
  tw: i32,
  pairs: i32,
  first: usize,
  weights: usize,
  channels: i32,
  coverX: usize,
  coverY: f32,
  whole: bool,
  out: usize,
): void {
  const px = <usize>channels << 1;
  const stride = <usize>pairs << 2;
  let ox = 0;
  if (whole) {
    // Four pixels a step, narrowed together.
    const alpha = i32x4.splat(0xff000000);
    for (; ox + 4 <= tw; ox += 4) {
      const w = weights + <usize>ox * stride;
      const a = taps(mid + <usize>load<i32>(first + (<usize>ox << 2)) * px, w, pairs, channels);
      const b = taps(mid + <usize>load<i32>(first + (<usize>ox << 2), 4) * px, w + stride, pairs, channels);
      const c = taps(mid + <usize>load<i32>(first + (<usize>ox << 2), 8) * px, w + 2 * stride, pairs, channels);
      const d = taps(mid + <usize>load<i32>(first + (<usize>ox << 2), 12) * px, w + 3 * stride, pairs, channels);
      const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(a, b), i16x8.narrow_i32x4_s(c, d));
      v128.store(out + (<usize>ox << 2), v128.or(v128.and(bytes, i32x4.splat(0xffffff)), alpha));
    }
  }
  for (; ox < tw; ox++) {
    const v = taps(mid + <usize>load<i32>(first + (<usize>ox << 2)) * px, weights + <usize>ox * stride, pairs, channels);
    const shorts = i16x8.narrow_i32x4_s(v, v);
    let rgba = (i32x4.extract_lane(i8x16.narrow_i16x8_u(shorts, shorts), 0) & 0xffffff) | 0xff000000;
    if (!whole) {
      const cover = load<f32>(coverX + (<usize>ox << 2)) * coverY;
      rgba = cover == 0 ? 0 : (rgba & 0xffffff) | (<i32>nearest<f32>(255 * cover) << 24);
    }
    store<i32>(out + (<usize>ox << 2), rgba);
  }
}

/**
 * One output pixel of hpassFixed, rounded to 8 bits (i32x4; lane 3 of an RGB pixel is left over).
 * Even and odd pairs in two sums, so consecutive dot products do not wait on each other.
 */
// @ts-ignore: decorator
@inline
function taps(p: usize, w: usize, pairs: i32, channels: i32): v128 {
  let even = i32x4.splat(0);
  let odd = even;
  let k = 0;
  if (channels == 3) {
    // R, G and B of two pixels side by side; the last two lanes are the next pixel's, never kept.
    for (; k + 2 <= pairs; k += 2, p += 24, w += 8) {
      const a = i8x16.shuffle(v128.load(p), v128.load(p), 0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, 12, 13, 14, 15);
      const b = i8x16.shuffle(v128.load(p, 12), v128.load(p, 12), 0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, 12, 13, 14, 15);
      even = i32x4.add(even, i32x4.dot_i16x8_s(a, v128.load32_splat(w)));
      odd = i32x4.add(odd, i32x4.dot_i16x8_s(b, v128.load32_splat(w, 4)));
    }
    if (k < pairs) {
      const a = i8x16.shuffle(v128.load(p), v128.load(p), 0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, 12, 13, 14, 15);
      even = i32x4.add(even, i32x4.dot_i16x8_s(a, v128.load32_splat(w)));
    }
  } else {
    for (; k + 2 <= pairs; k += 2, p += 32, w += 8) {
      const a = i8x16.shuffle(v128.load(p), v128.load(p), 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
      const b = i8x16.shuffle(v128.load(p, 16), v128.load(p, 16), 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
      even = i32x4.add(even, i32x4.dot_i16x8_s(a, v128.load32_splat(w)));
      odd = i32x4.add(odd, i32x4.dot_i16x8_s(b, v128.load32_splat(w, 4)));
    }
    if (k < pairs) {
      const a = i8x16.shuffle(v128.load(p), v128.load(p), 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
      even = i32x4.add(even, i32x4.dot_i16x8_s(a, v128.load32_splat(w)));
    }
  }
  return i32x4.shr_s(i32x4.add(i32x4.add(even, odd), i32x4.splat(1 << 19)), 20);
}

/**
 * One output row as RGBA bytes: unpremultiplied, alpha scaled by the share of the pixel that
 * covers the picture (coverX[ox] * coverY), rounded half to even and clamped to 0..255.
 */
export function emit(acc: usize, tw: i32, coverX: usize, coverY: f32, out: usize): void {
  for (let ox = 0; ox < tw; ox++) {
    const v = v128.load(acc + (<usize>ox << 4));
    const cover = load<f32>(coverX + (<usize>ox << 2)) * coverY;
    const alpha = f32x4.extract_lane(v, 3);
    const o = out + (<usize>ox << 2);
    if (cover == 0 || alpha <= 0.5) {
      store<u32>(o, 0);
      continue;
    }
    const px = f32x4.replace_lane(f32x4.mul(v, f32x4.splat(255 / alpha)), 3, min<f32>(255, alpha) * cover);
    const ints = i32x4.trunc_sat_f32x4_s(f32x4.nearest(px));
    const shorts = i16x8.narrow_i32x4_s(ints, ints);
    store<u32>(o, i32x4.extract_lane(i8x16.narrow_i16x8_u(shorts, shorts), 0));
  }
}

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

/** PNG's Paeth predictor on 8 pixels' bytes widened to 16 bits. */
// @ts-ignore: decorator
@inline
function paeth16(a: v128, b: v128, c: v128): v128 {
  const pa = i16x8.abs(i16x8.sub(b, c));
  const pb = i16x8.abs(i16x8.sub(a, c));
  const pc = i16x8.abs(i16x8.sub(i16x8.add(a, b), i16x8.add(c, c)));
  const useA = v128.and(i16x8.le_s(pa, pb), i16x8.le_s(pa, pc));
  return v128.bitselect(a, v128.bitselect(b, c, i16x8.le_s(pb, pc)), useA);
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
    const lo = paeth16(i16x8.extend_low_i8x16_u(a), i16x8.extend_low_i8x16_u(up), i16x8.extend_low_i8x16_u(c));
    const hi = paeth16(i16x8.extend_high_i8x16_u(a), i16x8.extend_high_i8x16_u(up), i16x8.extend_high_i8x16_u(c));
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
    for (let col: usize = 0; col < 8; col += 4) {
      const dst = WORKSPACE + col * 32;
      islow8(
        dequant(coef, quant, 0, col), dequant(coef, quant, 1, col), dequant(coef, quant, 2, col), dequant(coef, quant, 3, col),
        dequant(coef, quant, 4, col), dequant(coef, quant, 5, col), dequant(coef, quant, 6, col), dequant(coef, quant, 7, col),
        CONST_BITS - PASS1_BITS, 1 << (CONST_BITS - PASS1_BITS - 1), dst, dst + 16, 32,
      );
    }
    const shift = CONST_BITS + PASS1_BITS + 3;
    const round = (1 << (shift - 1)) + (128 << shift);
    for (let row: usize = 0; row < 8; row += 4) {
      const w = WORKSPACE + row * 4;
      islow8(
        v128.load(w), v128.load(w, 32), v128.load(w, 64), v128.load(w, 96),
        v128.load(w, 128), v128.load(w, 160), v128.load(w, 192), v128.load(w, 224),
        shift, round, ROWS_LEFT, ROWS_RIGHT, 16,
      );
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
  transposeStore(
    i32x4.shr_s(i32x4.add(t10, t2b), shift),
    i32x4.shr_s(i32x4.add(t12, t0), shift),
    i32x4.shr_s(i32x4.sub(t12, t0), shift),
    i32x4.shr_s(i32x4.sub(t10, t2b), shift),
    dst,
    step,
  );
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
    for (let col: usize = 0; col < 8; col += 4) {
      reduced4(
        dequant(coef, quant, 0, col), dequant(coef, quant, 1, col), dequant(coef, quant, 2, col), dequant(coef, quant, 3, col),
        dequant(coef, quant, 5, col), dequant(coef, quant, 6, col), dequant(coef, quant, 7, col),
        CONST_BITS - PASS1_BITS + 1, 1 << (CONST_BITS - PASS1_BITS), WORKSPACE + col * 16, 16,
      );
    }
    const shift = CONST_BITS + PASS1_BITS + 3 + 1;
    const w = WORKSPACE;
    reduced4(
      v128.load(w), v128.load(w, 16), v128.load(w, 32), v128.load(w, 48),
      v128.load(w, 80), v128.load(w, 96), v128.load(w, 112),
      shift, (1 << (shift - 1)) + (128 << shift), ROWS_LEFT, 16,
    );
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
 * + 2^15) >> 16, G = Y + (-22553 (Cb - 128) - 46802 (Cr - 128) + 2^15) >> 16. Reads up to 3 bytes
 * past each input and writes up to 16 past 3 n.
 */
export function ycc(y: usize, cb: usize, cr: usize, n: i32, out: usize): void {
  const mid = i32x4.splat(128);
  const half = i32x4.splat(1 << 15);
  for (let x = 0; x < n; x += 4, y += 4, cb += 4, cr += 4, out += 12) {
    const l = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(y)));
    const u = i32x4.sub(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(cb))), mid);
    const v = i32x4.sub(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(cr))), mid);
    const r = i32x4.add(l, i32x4.shr_s(i32x4.add(mulc(v, 91881), half), 16));
    const g = i32x4.add(l, i32x4.shr_s(i32x4.add(i32x4.add(mulc(u, -22553), mulc(v, -46802)), half), 16));
    const b = i32x4.add(l, i32x4.shr_s(i32x4.add(mulc(u, 116130), half), 16));
    const rg = i16x8.narrow_i32x4_s(r, g);
    const bytes = i8x16.narrow_i16x8_u(rg, i16x8.narrow_i32x4_s(b, b));
    v128.store(out, i8x16.shuffle(bytes, bytes, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15));
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
