/**
 * The detectors' operations on single values (../executor.ts): ReLU, Clip and HardSigmoid; Add,
 * Mul and Div, each computed in float64 and rounded to float32 once, as the JavaScript it replaces
 * did; and MaxPool. So every result is the same to the bit. Here no value is ever boxed: as plain
 * JavaScript, before V8 had optimised it, each loop allocated a heap number per value, gigabytes
 * a busy isolate's collector had to follow (docs/decisions/0019).
 */

/** x[i] = min(high, max(low, a·x[i] + b)) for n values, in place. */
export function clampAffine(x: usize, n: i32, a: f64, b: f64, low: f64, high: f64): void {
  const end = x + (<usize>n << 2);
  for (let p = x; p < end; p += 4) {
    const v = a * <f64>load<f32>(p) + b;
    store<f32>(p, <f32>(v < low ? low : v > high ? high : v));
  }
}

/** The operations, as ../executor.ts numbers them. */
const ADD = 0;
const MUL = 1;
/** x / y, or x / v. */
const DIVIDE = 2;
/** y / x, or v / x. */
const DIVIDE_INTO = 3;

/** x[i] = x[i] op y[i] for n values, in place. */
export function pairwise(op: i32, x: usize, y: usize, n: i32): void {
  const d = y - x;
  const end = x + (<usize>n << 2);
  for (let p = x; p < end; p += 4) {
    const a = <f64>load<f32>(p);
    const b = <f64>load<f32>(p + d);
    store<f32>(p, <f32>(op == ADD ? a + b : op == MUL ? a * b : op == DIVIDE ? a / b : op == DIVIDE_INTO ? b / a : a));
  }
}

/** x[i] = x[i] op v for n values, in place. */
export function withValue(op: i32, x: usize, n: i32, v: f64): void {
  const end = x + (<usize>n << 2);
  for (let p = x; p < end; p += 4) {
    const a = <f64>load<f32>(p);
    store<f32>(p, <f32>(op == ADD ? a + v : op == MUL ? a * v : op == DIVIDE ? a / v : op == DIVIDE_INTO ? v / a : a));
  }
}

/**
 * Max pooling of one channel: a k×k window every s pixels, no padding (MaxPool as the networks use
 * it). A comparison, so the result is the same to the bit as the JavaScript it replaces.
 */
export function maxPool(input: usize, h: i32, w: i32, k: i32, s: i32, oh: i32, ow: i32, out: usize): void {
  let o = out;
  for (let y = 0; y < oh; y++)
    for (let x = 0; x < ow; x++) {
      let best: f32 = -Infinity;
      for (let ky = 0; ky < k; ky++) {
        const row = input + ((<usize>(y * s + ky) * <usize>w + <usize>(x * s)) << 2);
        for (let kx = 0; kx < k; kx++) {
          const v = load<f32>(row + (<usize>kx << 2));
          if (v > best) best = v;
        }
      }
      store<f32>(o, best);
      o += 4;
    }
}

/**
 * x[i] = 1 / (1 + e^-x[i]) for n values, in place, in float64 rounded once. AssemblyScript's exp
 * (musl's) and V8's (fdlibm's) may differ in the last bit of a float64, which a float32 rounds away
 * but for about one value in 2²⁹.
 */
export function sigmoid(x: usize, n: i32): void {
  const end = x + (<usize>n << 2);
  for (let p = x; p < end; p += 4) store<f32>(p, <f32>(1 / (1 + Math.exp(-<f64>load<f32>(p)))));
}

/** The mean of n values, summed in float64 in order (GlobalAveragePool's, for one channel). */
export function mean(x: usize, n: i32): f64 {
  let sum: f64 = 0;
  const end = x + (<usize>n << 2);
  for (let p = x; p < end; p += 4) sum += <f64>load<f32>(p);
  return sum / <f64>n;
}
