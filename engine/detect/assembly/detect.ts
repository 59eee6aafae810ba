/**
 * AssemblyScript, compiled to WebAssembly with 128-bit SIMD by `npm run build:wasm`: the
 * convolutions of the face and text detectors (docs/research/detection.md, "Recommended
 * combination"), which are nearly all of their arithmetic. Tensors are float32, one channel's
 * rows after another (CHW). The JavaScript side (../executor.ts) copies one operation's weights
 * and a band of its input into this module's memory, calls a kernel and copies the band's result
 * out, so the memory only grows to the largest weights beside a band.
 */

/** Where the JavaScript side may start laying out its buffers. */
export function heapBase(): usize {
  return __heap_base;
}

// @ts-ignore: decorator
@inline
function activate(v: v128, relu: bool): v128 {
  return relu ? f32x4.max(v, f32x4.splat(0)) : v;
}

// @ts-ignore: decorator
@inline
function activateScalar(v: f32, relu: bool): f32 {
  return relu ? max<f32>(v, 0) : v;
}

/**
 * out[m][n] = bias[m] + sum over k of w[m][k] * col[k][n], for m < rows, n < n (col's row stride
 * n, out's `outStride`, so a band of output rows can be written in place):
 * a pointwise convolution (col = the input, k = channels) or an unfolded one (col from im2col).
 * Four output rows by eight columns at a time: each column load serves four multiply-adds.
 * `relu`: clamp the result at 0.
 */
export function gemm(
  w: usize,
  bias: usize,
  rows: i32,
  depth: i32,
  col: usize,
  n: i32,
  out: usize,
  outStride: i32,
  relu: bool,
): void {
  const stride = <usize>n << 2;
  const ostride = <usize>outStride << 2;
  const wStride = <usize>depth << 2;
  let m = 0;
  for (; m + 4 <= rows; m += 4) {
    const w0 = w + <usize>m * wStride;
    const w1 = w0 + wStride;
    const w2 = w1 + wStride;
    const w3 = w2 + wStride;
    const b0 = v128.load32_splat(bias + (<usize>m << 2));
    const b1 = v128.load32_splat(bias + (<usize>m << 2), 4);
    const b2 = v128.load32_splat(bias + (<usize>m << 2), 8);
    const b3 = v128.load32_splat(bias + (<usize>m << 2), 12);
    const o0 = out + <usize>m * ostride;
    const o1 = o0 + ostride;
    const o2 = o1 + ostride;
    const o3 = o2 + ostride;
    let x = 0;
    for (; x + 8 <= n; x += 8) {
      const xo = <usize>x << 2;
      let a0 = b0,
        a1 = b0,
        c0 = b1,
        c1 = b1,
        d0 = b2,
        d1 = b2,
        e0 = b3,
        e1 = b3;
      let p = col + xo;
      for (let k = 0; k < depth; k++) {
        const ko = <usize>k << 2;
        const v0 = v128.load(p);
        const v1 = v128.load(p, 16);
        let s = v128.load32_splat(w0 + ko);
        a0 = f32x4.add(a0, f32x4.mul(v0, s));
        a1 = f32x4.add(a1, f32x4.mul(v1, s));
        s = v128.load32_splat(w1 + ko);
        c0 = f32x4.add(c0, f32x4.mul(v0, s));
        c1 = f32x4.add(c1, f32x4.mul(v1, s));
        s = v128.load32_splat(w2 + ko);
        d0 = f32x4.add(d0, f32x4.mul(v0, s));
        d1 = f32x4.add(d1, f32x4.mul(v1, s));
        s = v128.load32_splat(w3 + ko);
        e0 = f32x4.add(e0, f32x4.mul(v0, s));
        e1 = f32x4.add(e1, f32x4.mul(v1, s));
        p += stride;
      }
      v128.store(o0 + xo, activate(a0, relu));
      v128.store(o0 + xo, activate(a1, relu), 16);
      v128.store(o1 + xo, activate(c0, relu));
      v128.store(o1 + xo, activate(c1, relu), 16);
      v128.store(o2 + xo, activate(d0, relu));
      v128.store(o2 + xo, activate(d1, relu), 16);
      v128.store(o3 + xo, activate(e0, relu));
      v128.store(o3 + xo, activate(e1, relu), 16);
    }
    for (; x < n; x++) {
      const xo = <usize>x << 2;
      let s0 = load<f32>(bias + (<usize>m << 2));
      let s1 = load<f32>(bias + (<usize>m << 2), 4);
      let s2 = load<f32>(bias + (<usize>m << 2), 8);
      let s3 = load<f32>(bias + (<usize>m << 2), 12);
      let p = col + xo;
      for (let k = 0; k < depth; k++) {
        const v = load<f32>(p);
        const ko = <usize>k << 2;
        s0 += v * load<f32>(w0 + ko);
        s1 += v * load<f32>(w1 + ko);
        s2 += v * load<f32>(w2 + ko);
        s3 += v * load<f32>(w3 + ko);
        p += stride;
      }
      store<f32>(o0 + xo, activateScalar(s0, relu));
      store<f32>(o1 + xo, activateScalar(s1, relu));
      store<f32>(o2 + xo, activateScalar(s2, relu));
      store<f32>(o3 + xo, activateScalar(s3, relu));
    }
  }
  for (; m < rows; m++) {
    const w0 = w + <usize>m * wStride;
    const b = load<f32>(bias + (<usize>m << 2));
    const o0 = out + <usize>m * ostride;
    let x = 0;
    for (; x + 4 <= n; x += 4) {
      const xo = <usize>x << 2;
      let a = f32x4.splat(b);
      let p = col + xo;
      for (let k = 0; k < depth; k++) {
        a = f32x4.add(a, f32x4.mul(v128.load(p), v128.load32_splat(w0 + (<usize>k << 2))));
        p += stride;
      }
      v128.store(o0 + xo, activate(a, relu));
    }
    for (; x < n; x++) {
      const xo = <usize>x << 2;
      let s = b;
      let p = col + xo;
      for (let k = 0; k < depth; k++) {
        s += load<f32>(p) * load<f32>(w0 + (<usize>k << 2));
        p += stride;
      }
      store<f32>(o0 + xo, activateScalar(s, relu));
    }
  }
}

/**
 * Unfolds output rows y0..y1 of a k×k convolution (stride, symmetric padding `pad`) into
 * col[(c·k + ky)·k + kx][(y - y0)·ow + x], zero where the window leaves the picture. The input is
 * the C×rows×W slab of the picture's rows from `top`, the rows those windows reach (a band's): an
 * input row outside the slab is outside the picture.
 */
export function im2col(
  input: usize,
  channels: i32,
  rows: i32,
  w: i32,
  k: i32,
  stride: i32,
  pad: i32,
  top: i32,
  ow: i32,
  y0: i32,
  y1: i32,
  col: usize,
): void {
  let o = col;
  for (let c = 0; c < channels; c++) {
    const plane = input + ((<usize>c * <usize>rows * <usize>w) << 2);
    for (let ky = 0; ky < k; ky++) {
      for (let kx = 0; kx < k; kx++) {
        for (let y = y0; y < y1; y++) {
          const iy = y * stride - pad + ky - top;
          if (iy < 0 || iy >= rows) {
            memory.fill(o, 0, <usize>ow << 2);
            o += <usize>ow << 2;
            continue;
          }
          const row = plane + ((<usize>iy * <usize>w) << 2);
          for (let x = 0; x < ow; x++) {
            const ix = x * stride - pad + kx;
            store<f32>(o, ix >= 0 && ix < w ? load<f32>(row + (<usize>ix << 2)) : 0);
            o += 4;
          }
        }
      }
    }
  }
}

/**
 * Depthwise k×k convolution (one filter per channel), stride 1 or 2, symmetric padding `pad`.
 * Each channel is first copied into `scratch` with its zero border, so the inner loop reads
 * without bounds checks: four outputs per step (stride 2 takes every other of eight inputs).
 */
export function depthwise(
  input: usize,
  channels: i32,
  h: i32,
  w: i32,
  k: i32,
  stride: i32,
  pad: i32,
  weights: usize,
  bias: usize,
  oh: i32,
  ow: i32,
  out: usize,
  scratch: usize,
  relu: bool,
): void {
  // The padded plane, with room for the widest vector read past its right edge.
  const pw = max(w + 2 * pad, (ow - 1) * stride + k) + 8;
  const ph = max(h + 2 * pad, (oh - 1) * stride + k);
  const prow = <usize>pw << 2;
  const kk = k * k;
  for (let c = 0; c < channels; c++) {
    memory.fill(scratch, 0, <usize>ph * prow);
    const plane = input + ((<usize>c * <usize>h * <usize>w) << 2);
    for (let y = 0; y < h; y++)
      memory.copy(
        scratch + <usize>(y + pad) * prow + (<usize>pad << 2),
        plane + ((<usize>y * <usize>w) << 2),
        <usize>w << 2,
      );
    const wc = weights + ((<usize>c * <usize>kk) << 2);
    const b = load<f32>(bias + (<usize>c << 2));
    const oc = out + ((<usize>c * <usize>oh * <usize>ow) << 2);
    for (let y = 0; y < oh; y++) {
      const top = scratch + <usize>(y * stride) * prow;
      const orow = oc + ((<usize>y * <usize>ow) << 2);
      let x = 0;
      for (; x + 4 <= ow; x += 4) {
        let acc = f32x4.splat(b);
        for (let ky = 0; ky < k; ky++) {
          const r = top + <usize>ky * prow + ((<usize>(x * stride)) << 2);
          const wr = wc + ((<usize>(ky * k)) << 2);
          for (let kx = 0; kx < k; kx++) {
            const p = r + (<usize>kx << 2);
            let v: v128;
            if (stride == 1) v = v128.load(p);
            else v = v128.shuffle<f32>(v128.load(p), v128.load(p, 16), 0, 2, 4, 6);
            acc = f32x4.add(acc, f32x4.mul(v, v128.load32_splat(wr + (<usize>kx << 2))));
          }
        }
        v128.store(orow + (<usize>x << 2), activate(acc, relu));
      }
      for (; x < ow; x++) {
        let s = b;
        for (let ky = 0; ky < k; ky++) {
          const r = top + <usize>ky * prow + ((<usize>(x * stride)) << 2);
          for (let kx = 0; kx < k; kx++) s += load<f32>(r + (<usize>kx << 2)) * load<f32>(wc + (<usize>(ky * k + kx) << 2));
        }
        store<f32>(orow + (<usize>x << 2), activateScalar(s, relu));
      }
    }
  }
}

export { clampAffine, maxPool, mean, pairwise, sigmoid, withValue } from './pointwise';
export { areaAverage } from './input';
