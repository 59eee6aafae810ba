/**
 * Resampling (../../../pixels/resample.ts): opaque pixels in 16-bit fixed point (eight samples a step
 * vertically, two taps a dot product horizontally); premultiplied RGBA as one f32x4 a pixel.
 */

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
  if (k == 3 && (channels == 3 || opaque)) {
    // Boxes of 3 (a preview's shrink of most outputs) as those of 2 and 4: one load, the box's
    // three pixels summed, the fourth left.
    const ones = i8x16.splat(-1);
    for (; x0 + 4 <= n; x0 += 3, s += step * 3, o += 16) {
      let v = v128.load(s);
      if (channels == 3) v = i8x16.shuffle(v, ones, 0, 1, 2, 16, 3, 4, 5, 16, 6, 7, 8, 16, 9, 10, 11, 16);
      const a = i16x8.extend_low_i8x16_u(v); // pixels 0 and 1
      const sums = i16x8.add(i16x8.add(a, i64x2.shuffle(a, a, 1, 0)), i16x8.extend_high_i8x16_u(v));
      keep(o, f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(sums)), first);
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
