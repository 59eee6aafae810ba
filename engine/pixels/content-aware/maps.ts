/** Small helpers over per-pixel maps (Float32Array, row-major), shared by the analysis and the backdrop. */
import { withBuffers } from '../../codecs/simd/kernels';

export function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/**
 * Box blur of radius r, horizontal then vertical (twice ≈ a tent, close enough to Gaussian here),
 * by the engine's kernel (the analysis's own, codecs/simd/assembly/analyse.ts): floats summed in
 * JavaScript were heap numbers until V8 optimised the loop (docs/decisions/0019).
 */
export function boxBlur(values: Float32Array, w: number, h: number, r: number): Float32Array {
  const bytes = values.length * 4;
  const { kernels, at, buffer } = withBuffers({ values: bytes, tmp: bytes, out: bytes });
  new Float32Array(buffer, at.values, values.length).set(values);
  kernels.boxBlur(at.values, w, h, r, at.tmp, at.out);
  return new Float32Array(buffer, at.out, values.length).slice();
}

/** Components of marked cells (4-connected): each as its cells' bounding box, size and weight. */
export function components(marked: Uint8Array, cw: number, ch: number, weight: Float32Array) {
  const label = new Int32Array(marked.length).fill(-1);
  const found: { x0: number; y0: number; x1: number; y1: number; cells: number; weight: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || label[start] !== -1) continue;
    const c = { x0: cw, y0: ch, x1: -1, y1: -1, cells: 0, weight: 0 };
    label[start] = found.length;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % cw;
      const y = (i - x) / cw;
      c.x0 = Math.min(c.x0, x);
      c.y0 = Math.min(c.y0, y);
      c.x1 = Math.max(c.x1, x);
      c.y1 = Math.max(c.y1, y);
      c.cells += 1;
      c.weight += weight[i] as number;
      for (const j of [x > 0 ? i - 1 : -1, x < cw - 1 ? i + 1 : -1, y > 0 ? i - cw : -1, y < ch - 1 ? i + cw : -1]) {
        if (j >= 0 && marked[j] && label[j] === -1) {
          label[j] = found.length;
          stack.push(j);
        }
      }
    }
    found.push(c);
  }
  return found;
}

/**
 * Planes of a small grid stretched over a larger output, read back bilinearly at its pixel
 * centres: smooth fields (the backdrop, the picture's continuation) cost kilobytes, not a second
 * output-sized buffer. The neighbours and weights of each column and row are worked out once.
 */
export class Field {
  private readonly col0: Int32Array;
  private readonly col1: Int32Array;
  private readonly colT: Float32Array;
  private readonly row0: Int32Array;
  private readonly row1: Int32Array;
  private readonly rowT: Float32Array;

  constructor(
    readonly planes: Float32Array[],
    readonly w: number,
    readonly h: number,
    outWidth: number,
    outHeight: number,
  ) {
    [this.col0, this.col1, this.colT] = Field.axis(w, outWidth);
    [this.row0, this.row1, this.rowT] = Field.axis(h, outHeight);
  }

  private static axis(cells: number, length: number): [Int32Array, Int32Array, Float32Array] {
    const lo = new Int32Array(length);
    const hi = new Int32Array(length);
    const t = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const f = Math.min(cells - 1, Math.max(0, ((i + 0.5) * cells) / length - 0.5));
      lo[i] = Math.floor(f);
      hi[i] = Math.min(cells - 1, (lo[i] as number) + 1);
      t[i] = f - (lo[i] as number);
    }
    return [lo, hi, t];
  }

  /** Every plane at output pixel (x, y), into `out` (one value a plane). */
  read(x: number, y: number, out: Float32Array): Float32Array {
    const w = this.w;
    const x0 = this.col0[x] as number;
    const x1 = this.col1[x] as number;
    const tx = this.colT[x] as number;
    const r0 = (this.row0[y] as number) * w;
    const r1 = (this.row1[y] as number) * w;
    const ty = this.rowT[y] as number;
    for (let p = 0; p < this.planes.length; p++) {
      const plane = this.planes[p] as Float32Array;
      const top = (plane[r0 + x0] as number) * (1 - tx) + (plane[r0 + x1] as number) * tx;
      const bottom = (plane[r1 + x0] as number) * (1 - tx) + (plane[r1 + x1] as number) * tx;
      out[p] = top + (bottom - top) * ty;
    }
    return out;
  }
}
