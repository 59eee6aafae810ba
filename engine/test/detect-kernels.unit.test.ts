/**
 * The detectors' pointwise kernels and input (detect/assembly/pointwise.ts, input.ts) give, to the
 * bit, what the JavaScript they replaced gave: every operation in float64, rounded to float32 once.
 * So detection finds the same faces and lines as before they moved into WebAssembly.
 */
import { describe, expect, it } from 'vitest';
import { networkInput } from '../detect/input';
import { floatBuffers } from '../detect/kernels';

/** Floats that try an operation's edges: signed zeros, infinities, NaN, tiny and huge values. */
const EDGES = [0, -0, 1, -1, 0.5, -2.75, 1e-40, -1e-40, 3.4e38, -3.4e38, Infinity, -Infinity, NaN, 7.123456, -0.1];

function values(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = i < EDGES.length ? EDGES[i]! : (s / 2147483648 - 0.5) * 20;
  }
  return out;
}

/** The bits of each float, so -0 and 0 (and NaNs) are told apart. */
const bits = (data: Float32Array) => [...new Uint32Array(data.buffer, data.byteOffset, data.length)];

/** Runs a kernel on copies of x (and y) in the kernels' memory; answers x as the kernel left it. */
function run(x: Float32Array, y: Float32Array | null, kernel: (at: { x: number; y: number }) => void): Float32Array {
  const buffers = floatBuffers({ x: x.length, y: y ? y.length : 0 });
  buffers.view('x', x.length).set(x);
  if (y) buffers.view('y', y.length).set(y);
  kernel(buffers.at);
  return buffers.view('x', x.length).slice();
}

describe("the detectors' pointwise kernels", () => {
  const x = values(4099, 7);
  const y = values(4099, 11).reverse();
  const { kernels } = floatBuffers({});

  it('clamp a·x + b as ReLU, Clip, HardSigmoid and a batch normalisation did', () => {
    for (const [a, b, low, high] of [
      [1, 0, 0, Infinity],
      [1, 0, 0, 6],
      [0.2, 0.5, 0, 1],
      [1.7, -0.3, -Infinity, Infinity],
    ] as const) {
      const expected = x.map((v) => {
        const w = a * v + b;
        return w < low ? low : w > high ? high : w;
      });
      expect(bits(run(x, null, (at) => kernels.clampAffine(at.x, x.length, a, b, low, high)))).toEqual(bits(expected));
    }
  });

  it('add, multiply and divide pairwise, and by one value, as the elementwise operations did', () => {
    const pairs: Array<[number, (a: number, b: number) => number]> = [
      [0, (a, b) => a + b],
      [1, (a, b) => a * b],
      [2, (a, b) => a / b],
      [3, (a, b) => b / a],
    ];
    for (const [op, f] of pairs) {
      const expected = x.map((v, i) => f(v, y[i]!));
      expect(bits(run(x, y, (at) => kernels.pairwise(op, at.x, at.y, x.length)))).toEqual(bits(expected));
      for (const value of [0.3, -2, 1 / 3, 0])
        expect(bits(run(x, null, (at) => kernels.withValue(op, at.x, x.length, value)))).toEqual(
          bits(x.map((v) => f(v, value))),
        );
    }
  });

  it("take the sigmoid as V8's Math.exp gave it (musl's exp and fdlibm's agree once rounded to float32)", () => {
    const many = values(1 << 18, 3);
    expect(bits(run(many, null, (at) => kernels.sigmoid(at.x, many.length)))).toEqual(
      bits(many.map((v) => 1 / (1 + Math.exp(-v)))),
    );
  });

  it('pool the largest of each window, and average a plane, as before', () => {
    const [h, w, k, s] = [37, 41, 3, 2];
    const plane = values(h * w, 5);
    const [oh, ow] = [Math.floor((h - k) / s) + 1, Math.floor((w - k) / s) + 1];
    // Activations are finite (a NaN would not survive the networks' convolutions anyway).
    const finite = plane.map((v) => (Number.isFinite(v) ? v : 0));
    const buffers = floatBuffers({ plane: h * w, out: oh * ow });
    buffers.view('plane', h * w).set(finite);
    buffers.kernels.maxPool(buffers.at.plane, h, w, k, s, oh, ow, buffers.at.out);
    const pooled = buffers.view('out', oh * ow).slice();
    const reference = new Float32Array(oh * ow);
    for (let yy = 0; yy < oh; yy++)
      for (let xx = 0; xx < ow; xx++) {
        let best = -Infinity;
        for (let ky = 0; ky < k; ky++)
          for (let kx = 0; kx < k; kx++) best = Math.max(best, finite[(yy * s + ky) * w + xx * s + kx]!);
        reference[yy * ow + xx] = best;
      }
    expect(bits(pooled)).toEqual(bits(reference));
    let sum = 0;
    for (const v of finite) sum += v;
    expect(buffers.kernels.mean(buffers.at.plane, h * w)).toBe(sum / (h * w));
  });
});

describe("a network's input", () => {
  it('averages each cell of the picture and maps its channels exactly as the JavaScript did, at any size', () => {
    const maps = [
      { source: 2 as const, mean: 0, std: 1 },
      { source: 1 as const, mean: 123.675, std: 58.395 },
      { source: 0 as const, mean: 103.53, std: 57.12 },
    ];
    for (const [width, height, maxSide] of [
      [1, 1, 640],
      [97, 61, 640],
      [1000, 333, 640],
      [333, 1000, 320],
      [4000, 12, 1280],
    ] as const) {
      const data = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
      const picture = { width, height, data };
      const input = networkInput(picture, maxSide, maps);
      // The JavaScript it replaced.
      const scale = Math.min(1, maxSide / Math.max(width, height));
      const w = Math.max(1, Math.round(width * scale));
      const h = Math.max(1, Math.round(height * scale));
      const paddedW = Math.ceil(w / 32) * 32;
      const plane = paddedW * Math.ceil(h / 32) * 32;
      const expected = new Float32Array(maps.length * plane);
      const [fx, fy] = [width / w, height / h];
      for (let yy = 0; yy < h; yy++) {
        const y0 = Math.floor(yy * fy);
        const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((yy + 1) * fy)));
        for (let xx = 0; xx < w; xx++) {
          const x0 = Math.floor(xx * fx);
          const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((xx + 1) * fx)));
          const sums = [0, 0, 0];
          for (let sy = y0; sy < y1; sy++)
            for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 3; c++) sums[c]! += data[(sy * width + sx) * 4 + c]!;
          const count = (y1 - y0) * (x1 - x0);
          maps.forEach(({ source, mean, std }, c) => {
            expected[c * plane + yy * paddedW + xx] = (sums[source]! / count - mean) / std;
          });
        }
      }
      expect(input.tensor.shape).toEqual([1, 3, Math.ceil(h / 32) * 32, paddedW]);
      expect(bits(input.tensor.data)).toEqual(bits(expected));
    }
  });
});
