/**
 * A small ONNX executor for the two detector networks (docs/research/detection.md, "Recommended
 * combination": not onnxruntime-web, whose module alone costs ~76 MB of an isolate's 128 MB). It
 * runs the operations YuNet and PP-OCRv4's text detector use, batch 1, float32, CHW. Convolutions
 * run in the WebAssembly SIMD kernels (assembly/detect.ts), and so do the elementwise operations
 * and pooling (assembly/pointwise.ts): there no value is boxed, whichever tier V8 runs the caller in.
 * Each activation is dropped after its last use (computed once from the graph), and elementwise
 * operations write over an input that is not needed afterwards, so a run holds only the live
 * tensors. A dropped activation's buffer is taken again by a later result of the same length
 * (`Floats`), so a run allocates about its peak of live tensors, not the sum of every layer's:
 * garbage the isolate would otherwise carry until V8 collects it (docs/decisions/0019).
 */
import { freeNow } from '../memory';
import { floatBuffers, type DetectKernels } from './kernels';
import { readOnnx, type Attribute, type OnnxNode, type Tensor } from './onnx';

export interface FloatTensor {
  shape: number[];
  data: Float32Array;
}

/** Shapes and indices computed inside the graph (Shape, Gather, Concat of shapes). */
interface IntTensor {
  shape: number[];
  ints: number[];
}

type Value = FloatTensor | IntTensor;

/** A convolution's weights as the kernels take them: [out][in·k·k] and a bias per output. */
interface ConvWeights {
  weights: Float32Array;
  bias: Float32Array;
  outChannels: number;
  /** Input channels per group. */
  depth: number;
  kernel: number;
  stride: number;
  pad: number;
  group: number;
  relu: boolean;
}

interface Step {
  node: OnnxNode;
  conv?: ConvWeights;
  /** Values whose last use is this step. */
  release: string[];
}

/**
 * How many floats of an operation's input, unfolded columns and output one band holds in the
 * kernels' memory (1 MB), its weights beside them: the memory stays at about 4 MB whatever the
 * network's largest activation (it grew to 20 MB when each operation took its whole input and
 * output), so a detection leaves little behind for V8 to collect. The bands' results are the whole
 * operation's to the bit (each output's sum runs over the same terms in the same order).
 */
const BAND_FLOATS = 1 << 18;

const size = (shape: number[]) => shape.reduce((a, b) => a * b, 1);

/**
 * A 4-D shape ([N, C, H, W] or a convolution's weights), checked, as small integers: a size
 * computed with Math.floor is a heap number to V8 even when whole, and every index made from it
 * would be another (40 MB a text detection, in Node as well as in workerd).
 */
function dims4(shape: number[]): [number, number, number, number] {
  if (shape.length !== 4) throw new Error(`Detector: expected a 4-D tensor, got [${shape}]`);
  return [shape[0]! | 0, shape[1]! | 0, shape[2]! | 0, shape[3]! | 0];
}

function ints(attrs: Record<string, Attribute>, name: string, fallback: number[]): number[] {
  const value = attrs[name]!;
  return Array.isArray(value) ? value : fallback;
}

function num(attrs: Record<string, Attribute>, name: string, fallback: number): number {
  const value = attrs[name]!;
  return typeof value === 'number' ? value : fallback;
}

function isFloat(value: Value): value is FloatTensor {
  return 'data' in value;
}

function asValue(tensor: Tensor): Value {
  return tensor.data instanceof Float32Array
    ? { shape: tensor.dims, data: tensor.data }
    : { shape: tensor.dims, ints: tensor.data };
}

/** Counters for the benchmark: multiply-adds and time in the convolution kernels, peak live activations. */
export interface RunStats {
  convMacs: number;
  convMs: number;
  peakActivationBytes: number;
  /** Bytes of activations allocated new (the rest reused a dropped activation's buffer). */
  allocatedBytes?: number;
}

/**
 * Float buffers of one run: an activation's buffer is given back at its last use and taken again,
 * the smallest that holds it, by a later result.
 */
class Floats {
  private readonly free: Float32Array[] = [];
  /** The buffers this run made: only these are given back (a Reshape of a weight shares the weight's). */
  private readonly made = new WeakSet<ArrayBufferLike>();
  /** Bytes allocated new in this run (the rest were taken again). */
  allocatedBytes = 0;

  take(length: number): Float32Array {
    let best = -1;
    for (let i = 0; i < this.free.length; i++)
      if (this.free[i]!.length >= length && (best < 0 || this.free[i]!.length < this.free[best]!.length)) best = i;
    if (best >= 0) return this.free.splice(best, 1)[0]!.subarray(0, length);
    this.allocatedBytes += length * 4;
    const data = new Float32Array(length);
    this.made.add(data.buffer);
    return data;
  }

  /** Gives back the whole buffer a result was taken from. */
  give(data: Float32Array): void {
    if (this.made.has(data.buffer)) this.free.push(new Float32Array(data.buffer));
  }

  /** The run is over: the buffers given back are freed at once (memory.ts freeNow), not left to V8. */
  dispose(): void {
    freeNow(...this.free.splice(0));
  }
}

/** The run in progress (runs are synchronous, one at a time). */
let floats: Floats | null = null;

/** A buffer for a result; every caller writes all of it. */
function fresh(length: number): Float32Array {
  return floats ? floats.take(length) : new Float32Array(length);
}

export class Network {
  private readonly steps: Step[] = [];
  private readonly weights = new Map<string, Value>();
  private readonly outputs: string[];
  readonly input: string;

  constructor(bytes: ArrayBuffer) {
    const graph = readOnnx(new Uint8Array(bytes));
    this.input = graph.inputs[0]!;
    this.outputs = graph.outputs;
    for (const [name, tensor] of graph.weights) this.weights.set(name, asValue(tensor));
    const consumers = new Map<string, OnnxNode[]>();
    for (const node of graph.nodes)
      for (const input of node.inputs) consumers.set(input, [...(consumers.get(input) ?? []), node]);
    const only = (name: string, op: string) => {
      const users = consumers.get(name) ?? [];
      return users.length === 1 && users[0]!.op === op && !this.outputs.includes(name) ? users[0]! : null;
    };
    const skipped = new Set<OnnxNode>();
    for (const node of graph.nodes) {
      if (skipped.has(node)) continue;
      if (node.op !== 'Conv') {
        this.steps.push({ node, release: [] });
        continue;
      }
      const conv = this.convWeights(node);
      let out = node.outputs[0]!;
      // A batch normalisation right after a convolution is folded into its weights; a ReLU after
      // it runs inside the kernel.
      const norm = only(out, 'BatchNormalization');
      if (norm) {
        this.foldNorm(conv, norm);
        skipped.add(norm);
        out = norm.outputs[0]!;
      }
      const relu = only(out, 'Relu');
      if (relu) {
        conv.relu = true;
        skipped.add(relu);
        out = relu.outputs[0]!;
      }
      this.steps.push({ node: { ...node, outputs: [out] }, conv, release: [] });
    }
    // Last uses, so each activation is released as soon as no later step reads it.
    const last = new Map<string, Step>();
    for (const step of this.steps) for (const input of step.node.inputs) if (input) last.set(input, step);
    for (const [name, step] of last)
      if (!this.weights.has(name) && !this.outputs.includes(name) && name !== this.input) step.release.push(name);
  }

  private convWeights(node: OnnxNode): ConvWeights {
    const w = this.weights.get(node.inputs[1]!) as FloatTensor;
    const b = node.inputs[2]! ? (this.weights.get(node.inputs[2]!) as FloatTensor) : null;
    const [outChannels, depth, kh, kw] = dims4(w.shape);
    const kernel = ints(node.attrs, 'kernel_shape', [kh, kw]);
    const strides = ints(node.attrs, 'strides', [1, 1]);
    const pads = ints(node.attrs, 'pads', [0, 0, 0, 0]);
    const dilations = ints(node.attrs, 'dilations', [1, 1]);
    if (
      kernel[0]! !== kernel[1]! ||
      strides[0]! !== strides[1]! ||
      new Set(pads).size !== 1 ||
      dilations.some((d) => d !== 1)
    )
      throw new Error(`Detector: unsupported convolution ${JSON.stringify(node.attrs)}`);
    return {
      weights: new Float32Array(w.data),
      bias: b ? new Float32Array(b.data) : new Float32Array(outChannels),
      outChannels,
      depth,
      kernel: kernel[0]!,
      stride: strides[0]!,
      pad: pads[0]!,
      group: num(node.attrs, 'group', 1),
      relu: false,
    };
  }

  private foldNorm(conv: ConvWeights, norm: OnnxNode): void {
    const [scale, shift, mean, variance] = normParams(norm.inputs.slice(1).map((name) => this.weights.get(name)));
    const epsilon = num(norm.attrs, 'epsilon', 1e-5);
    const per = conv.weights.length / conv.outChannels;
    for (let m = 0; m < conv.outChannels; m++) {
      const f = scale[m]! / Math.sqrt(variance[m]! + epsilon);
      for (let i = m * per; i < (m + 1) * per; i++) conv.weights[i] = conv.weights[i]! * f;
      conv.bias[m] = (conv.bias[m]! - mean[m]!) * f + shift[m]!;
    }
  }

  /** Runs the network on one input tensor; returns the graph's outputs by name. */
  /**
   * Frees the network's weights at once (memory.ts freeNow), when it is let go (releaseDetectors):
   * a detection parses it again, and its copies would otherwise wait for V8 as garbage.
   */
  dispose(): void {
    for (const step of this.steps) freeNow(step.conv?.weights, step.conv?.bias);
    for (const value of this.weights.values()) if (isFloat(value)) freeNow(value.data);
  }

  run(input: FloatTensor, stats?: RunStats): Map<string, FloatTensor> {
    const values = new Map<string, Value>([[this.input, input]]);
    floats = new Floats();
    try {
      return this.runSteps(values, stats);
    } finally {
      if (stats) stats.allocatedBytes = (stats.allocatedBytes ?? 0) + floats.allocatedBytes;
      floats.dispose();
      floats = null;
    }
  }

  private runSteps(values: Map<string, Value>, stats?: RunStats): Map<string, FloatTensor> {
    let live = 0;
    let peak = 0;
    const get = (name: string): Value => {
      const value = values.get(name) ?? this.weights.get(name);
      if (!value) throw new Error(`Detector: value ${name} missing`);
      return value;
    };
    for (const step of this.steps) {
      const { node } = step;
      const inputs = node.inputs.map((name) => (name === '' ? null : get(name)));
      // An input this step is the last to read may be overwritten by an elementwise result.
      const reusable = (i: number) => step.release.includes(node.inputs[i]!);
      const result = this.execute(step, inputs, reusable, stats);
      for (let i = 0; i < node.outputs.length; i++) {
        values.set(node.outputs[i]!, result[i]!);
        if (isFloat(result[i]!) && !inputs.some((v) => v && isFloat(v) && v.data === (result[i]! as FloatTensor).data))
          live += result[i]!.shape.length ? (result[i]! as FloatTensor).data.byteLength : 0;
      }
      peak = Math.max(peak, live);
      for (const name of step.release) {
        const value = values.get(name);
        values.delete(name);
        if (!value || !isFloat(value) || result.some((r) => isFloat(r) && r.data === value.data)) continue;
        live -= value.data.byteLength;
        // Reshape shares its input's buffer: give it back only when no value still reads it.
        if (![...values.values()].some((v) => isFloat(v) && v.data === value.data)) floats!.give(value.data);
      }
    }
    if (stats) stats.peakActivationBytes = Math.max(stats.peakActivationBytes, peak);
    const outputs = new Map<string, FloatTensor>();
    for (const name of this.outputs) outputs.set(name, get(name) as FloatTensor);
    return outputs;
  }

  private execute(step: Step, inputs: (Value | null)[], reusable: (i: number) => boolean, stats?: RunStats): Value[] {
    const { node } = step;
    const x = inputs[0]! as FloatTensor;
    switch (node.op) {
      case 'Conv': {
        const started = performance.now();
        const out = convolve(x, step.conv!, stats);
        if (stats) stats.convMs += performance.now() - started;
        return [out];
      }
      case 'ConvTranspose':
        return [transposedConv(x, inputs[1]! as FloatTensor, node)];
      case 'BatchNormalization': {
        const [scale, shift, mean, variance] = normParams(inputs.slice(1));
        const epsilon = num(node.attrs, 'epsilon', 1e-5);
        const out = reusable(0) ? x.data : fresh(x.data.length);
        const plane = size(x.shape.slice(2));
        for (let c = 0; c < x.shape[1]!; c++) {
          const f = scale[c]! / Math.sqrt(variance[c]! + epsilon);
          const add = shift[c]! - mean[c]! * f;
          const start = c * plane;
          throughKernels(
            out.subarray(start, start + plane),
            x.data.subarray(start, start + plane),
            null,
            (kernels, at, _, n) => kernels.clampAffine(at, n, f, add, -Infinity, Infinity),
          );
        }
        return [{ shape: x.shape, data: out }];
      }
      case 'Relu':
        return [clamp(x, reusable(0), 1, 0, 0, Infinity)];
      case 'HardSigmoid':
        return [clamp(x, reusable(0), num(node.attrs, 'alpha', 0.2), num(node.attrs, 'beta', 0.5), 0, 1)];
      case 'Clip': {
        const low = inputs[1]! ? scalar(inputs[1]!) : num(node.attrs, 'min', -Infinity);
        const high = inputs[2]! ? scalar(inputs[2]!) : num(node.attrs, 'max', Infinity);
        return [clamp(x, reusable(0), 1, 0, low, high)];
      }
      case 'Sigmoid': {
        const out = reusable(0) ? x.data : fresh(x.data.length);
        throughKernels(out, x.data, null, (kernels, at, _, n) => kernels.sigmoid(at, n));
        return [{ shape: x.shape, data: out }];
      }
      case 'Add':
      case 'Mul':
      case 'Div':
        return [elementwise(node.op, inputs[0]! as FloatTensor, inputs[1]! as FloatTensor, reusable)];
      case 'MaxPool':
        return [maxPool(x, node)];
      case 'GlobalAveragePool': {
        const [, channels, h, w] = dims4(x.shape);
        const out = fresh(channels);
        const buffers = floatBuffers({ plane: h * w });
        for (let c = 0; c < channels; c++) {
          buffers.view('plane', h * w).set(x.data.subarray(c * h * w, (c + 1) * h * w));
          out[c] = buffers.kernels.mean(buffers.at.plane, h * w);
        }
        return [{ shape: [1, channels, 1, 1], data: out }];
      }
      case 'Resize':
        return [resizeNearest(x, inputs, node)];
      case 'Concat':
        return [concat(inputs as Value[], num(node.attrs, 'axis', 0))];
      case 'Transpose':
        return [transpose(x, ints(node.attrs, 'perm', []))];
      case 'Reshape': {
        const target = (inputs[1]! as IntTensor).ints.map((d, i) => (d === 0 ? x.shape[i]! : d));
        const known = target.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
        return [{ shape: target.map((d) => (d === -1 ? x.data.length / known : d)), data: x.data }];
      }
      case 'Shape':
        return [{ shape: [x.shape.length], ints: [...x.shape] }];
      case 'Gather': {
        const from = inputs[0]! as IntTensor;
        const index = inputs[1]! as IntTensor;
        if (num(node.attrs, 'axis', 0) !== 0 || from.shape.length !== 1)
          throw new Error('Detector: unsupported Gather');
        return [{ shape: index.shape, ints: index.ints.map((i) => from.ints[i < 0 ? i + from.ints.length : i]!) }];
      }
      case 'Unsqueeze': {
        const from = inputs[0]! as IntTensor;
        const shape = [...from.shape];
        for (const axis of ints(node.attrs, 'axes', [])) shape.splice(axis, 0, 1);
        return [{ shape, ints: from.ints }];
      }
      default:
        throw new Error(`Detector: unsupported operation ${node.op}`);
    }
  }
}

/** A batch normalisation's scale, shift, mean and variance. */
function normParams(values: (Value | null | undefined)[]): [Float32Array, Float32Array, Float32Array, Float32Array] {
  const arrays = values.map((v) => {
    if (!v || !isFloat(v)) throw new Error('Detector: BatchNormalization without float parameters');
    return v.data;
  });
  return arrays as [Float32Array, Float32Array, Float32Array, Float32Array];
}

function scalar(value: Value): number {
  return isFloat(value) ? value.data[0]! : value.ints[0]!;
}

/** min(high, max(low, a·x + b)): ReLU, Clip and HardSigmoid. */
function clamp(x: FloatTensor, inPlace: boolean, a: number, b: number, low: number, high: number): FloatTensor {
  const out = inPlace ? x.data : fresh(x.data.length);
  throughKernels(out, x.data, null, (kernels, at, _, n) => kernels.clampAffine(at, n, a, b, low, high));
  return { shape: x.shape, data: out };
}

/** The elementwise operations as the kernels number them (assembly/pointwise.ts). */
const ADD = 0;
const MUL = 1;
const DIVIDE = 2;
const DIVIDE_INTO = 3;

/** Add, Mul, Div with the broadcasts the networks use: equal shapes, a scalar, one value per channel. */
function elementwise(op: string, a: FloatTensor, b: FloatTensor, reusable: (i: number) => boolean): FloatTensor {
  const [big, small, bigIndex] = a.data.length >= b.data.length ? [a, b, 0] : [b, a, 1];
  const swapped = bigIndex === 1;
  const out = reusable(bigIndex) ? big.data : fresh(big.data.length);
  const n = big.data.length;
  const x = big.data;
  const y = small.data;
  // Per channel of a [1, C, H, W] tensor: `small` has C values (shape [1, C, 1, 1]).
  const plane = small.data.length === 1 ? n : small.data.length === n ? 1 : n / small.data.length;
  if (small.data.length !== 1 && small.data.length !== n && (big.shape[1]! !== small.data.length || plane % 1 !== 0))
    throw new Error(`Detector: unsupported broadcast ${big.shape} ${small.shape}`);
  const divide = op === 'Div';
  if (small.data.length === n) {
    // Equal shapes.
    const code = op === 'Add' ? ADD : op === 'Mul' ? MUL : swapped ? DIVIDE_INTO : DIVIDE;
    throughKernels(out, x, y, (kernels, xAt, yAt, count) => kernels.pairwise(code, xAt, yAt, count));
    return { shape: big.shape, data: out };
  }
  for (let start = 0, j = 0; start < n; start += plane, j++) {
    const end = start + plane;
    const v = y[j]!;
    // As before the kernels: a division by a value is a multiplication by its inverse.
    const [code, value] =
      op === 'Add' ? [ADD, v] : op === 'Mul' ? [MUL, v] : divide && !swapped ? [MUL, 1 / v] : [DIVIDE_INTO, v];
    throughKernels(out.subarray(start, end), x.subarray(start, end), null, (kernels, at, _, count) =>
      kernels.withValue(code, at, count, value),
    );
  }
  return { shape: big.shape, data: out };
}

/** Floats a pointwise operation moves through the kernels' memory at a time (256 KB). */
const CHUNK = 1 << 16;

/**
 * Runs a pointwise kernel over `x` (and `y` beside it) in chunks copied through the kernels'
 * memory, writing the results to `out` (which may be `x`).
 */
function throughKernels(
  out: Float32Array,
  x: Float32Array,
  y: Float32Array | null,
  run: (kernels: DetectKernels, xAt: number, yAt: number, n: number) => void,
): void {
  const length = Math.min(CHUNK, x.length);
  const buffers = floatBuffers({ x: length, y: y ? length : 0 });
  const { kernels, at } = buffers;
  for (let start = 0; start < x.length; start += CHUNK) {
    const n = Math.min(CHUNK, x.length - start);
    const chunk = buffers.view('x', n);
    chunk.set(x.subarray(start, start + n));
    if (y) buffers.view('y', n).set(y.subarray(start, start + n));
    run(kernels, at.x, at.y, n);
    out.set(chunk, start);
  }
}

function convolve(x: FloatTensor, conv: ConvWeights, stats?: RunStats): FloatTensor {
  const [, channels, h, w] = dims4(x.shape);
  const { kernel: k, stride, pad, outChannels, depth, group } = conv;
  const oh = Math.floor((h + 2 * pad - k) / stride) + 1;
  const ow = Math.floor((w + 2 * pad - k) / stride) + 1;
  const n = oh * ow;
  if (stats) stats.convMacs += outChannels * depth * k * k * n;
  const out = fresh(outChannels * n);
  if (group === channels && group === outChannels && depth === 1) {
    depthwise(x.data, conv, channels, h, w, oh, ow, out);
    return { shape: [1, outChannels, oh, ow], data: out };
  }
  if (group !== 1) throw new Error(`Detector: unsupported grouped convolution (${group} groups)`);
  if (k === 1 && stride === 1 && pad === 0) {
    product(conv.weights, conv.bias, outChannels, depth, x.data, n, conv.relu, out);
    return { shape: [1, outChannels, oh, ow], data: out };
  }
  // Bands of output rows: the input rows a band's windows reach, unfolded, times the weights.
  const unfolded = depth * k * k;
  const band = Math.max(1, Math.min(oh, (BAND_FLOATS / ((unfolded + outChannels + channels * stride) * ow)) | 0));
  const slab = Math.min(h, (band - 1) * stride + k);
  const buffers = floatBuffers({
    weights: conv.weights.length,
    bias: outChannels,
    input: channels * slab * w,
    col: unfolded * band * ow,
    out: outChannels * band * ow,
  });
  buffers.view('weights', conv.weights.length).set(conv.weights);
  buffers.view('bias', outChannels).set(conv.bias);
  const { at, kernels } = buffers;
  for (let y0 = 0; y0 < oh; y0 += band) {
    const y1 = Math.min(oh, y0 + band);
    const top = Math.max(0, y0 * stride - pad);
    const rows = Math.min(h, (y1 - 1) * stride - pad + k) - top;
    gather(buffers.view('input', channels * rows * w), x.data, channels, h * w, top * w, rows * w);
    kernels.im2col(at.input, channels, rows, w, k, stride, pad, top, ow, y0, y1, at.col);
    const across = (y1 - y0) * ow;
    kernels.gemm(at.weights, at.bias, outChannels, unfolded, at.col, across, at.out, across, conv.relu);
    scatter(out, buffers.view('out', outChannels * across), outChannels, n, y0 * ow, across);
  }
  return { shape: [1, outChannels, oh, ow], data: out };
}

/**
 * A depthwise convolution (one filter per channel), a band of whole channels at a time: each
 * channel's input and output are contiguous, and its weights and bias are found by offset.
 */
function depthwise(
  input: Float32Array,
  conv: ConvWeights,
  channels: number,
  h: number,
  w: number,
  oh: number,
  ow: number,
  out: Float32Array,
): void {
  const { kernel: k, stride, pad } = conv;
  const plane = h * w;
  const n = oh * ow;
  const pw = Math.max(w + 2 * pad, (ow - 1) * stride + k) + 8;
  const ph = Math.max(h + 2 * pad, (oh - 1) * stride + k);
  const band = Math.max(1, Math.min(channels, (BAND_FLOATS / (plane + n)) | 0));
  const buffers = floatBuffers({
    weights: conv.weights.length,
    bias: channels,
    input: band * plane,
    out: band * n,
    scratch: pw * ph,
  });
  buffers.view('weights', conv.weights.length).set(conv.weights);
  buffers.view('bias', channels).set(conv.bias);
  const { at, kernels } = buffers;
  for (let c0 = 0; c0 < channels; c0 += band) {
    const c1 = Math.min(channels, c0 + band);
    buffers.view('input', (c1 - c0) * plane).set(input.subarray(c0 * plane, c1 * plane));
    kernels.depthwise(
      at.input,
      c1 - c0,
      h,
      w,
      k,
      stride,
      pad,
      at.weights + c0 * k * k * 4,
      at.bias + c0 * 4,
      oh,
      ow,
      at.out,
      at.scratch,
      conv.relu,
    );
    out.set(buffers.view('out', (c1 - c0) * n), c0 * n);
  }
}

/**
 * out[m][i] = bias[m] + Σ weights[m][d] · input[d][i] (rows × depth weights, depth × n input, rows ×
 * n out), a band of columns at a time: a pointwise convolution, and the taps of a transposed one.
 * The kernel's sums do not depend on where a band starts, so the result is the whole product's.
 */
function product(
  weights: Float32Array,
  bias: Float32Array | null,
  rows: number,
  depth: number,
  input: Float32Array,
  n: number,
  relu: boolean,
  out: Float32Array,
): void {
  const band = Math.max(8, Math.min(n, (BAND_FLOATS / (depth + rows) / 8) << 3));
  const buffers = floatBuffers({ weights: weights.length, bias: rows, input: depth * band, out: rows * band });
  buffers.view('weights', weights.length).set(weights);
  if (bias) buffers.view('bias', rows).set(bias);
  else buffers.view('bias', rows).fill(0);
  const { at, kernels } = buffers;
  for (let i0 = 0; i0 < n; i0 += band) {
    const across = Math.min(n, i0 + band) - i0;
    gather(buffers.view('input', depth * across), input, depth, n, i0, across);
    kernels.gemm(at.weights, at.bias, rows, depth, at.input, across, at.out, across, relu);
    scatter(out, buffers.view('out', rows * across), rows, n, i0, across);
  }
}

/** Runs [from, from + length) of each of `count` rows `stride` apart in `source`, one after another in `into`. */
function gather(into: Float32Array, source: Float32Array, count: number, stride: number, from: number, length: number) {
  if (length === stride) into.set(source.subarray(0, count * stride));
  else
    for (let r = 0; r < count; r++)
      into.set(source.subarray(r * stride + from, r * stride + from + length), r * length);
}

/** The inverse of gather: rows of `length` in `band` to [from, from + length) of each row `stride` apart in `into`. */
function scatter(into: Float32Array, band: Float32Array, count: number, stride: number, from: number, length: number) {
  if (length === stride) into.set(band);
  else for (let r = 0; r < count; r++) into.set(band.subarray(r * length, (r + 1) * length), r * stride + from);
}

/** ConvTranspose with a 2×2 kernel and stride 2 (the text detector's upsampling head): one product per kernel tap. */
function transposedConv(x: FloatTensor, w: FloatTensor, node: OnnxNode): FloatTensor {
  const [, channels, h, wd] = dims4(x.shape);
  const [inChannels, outChannels, kh, kw] = dims4(w.shape);
  const strides = ints(node.attrs, 'strides', [1, 1]);
  if (
    inChannels !== channels ||
    kh !== 2 ||
    kw !== 2 ||
    strides[0]! !== 2 ||
    strides[1]! !== 2 ||
    num(node.attrs, 'group', 1) !== 1 ||
    ints(node.attrs, 'pads', [0, 0, 0, 0]).some((p) => p !== 0)
  )
    throw new Error(`Detector: unsupported ConvTranspose ${JSON.stringify(node.attrs)}`);
  // Rows of the product: tap (dy, dx) of output channel m, as row (dy·2 + dx)·M + m.
  const rows = 4 * outChannels;
  const packed = new Float32Array(rows * channels);
  const packedHalves = halves(packed);
  const weightHalves = halves(w.data);
  for (let c = 0; c < channels; c++)
    for (let m = 0; m < outChannels; m++)
      for (let t = 0; t < 4; t++) {
        const o = ((t * outChannels + m) * channels + c) * 2;
        const i = ((c * outChannels + m) * 4 + t) * 2;
        packedHalves[o] = weightHalves[i]!;
        packedHalves[o + 1] = weightHalves[i + 1]!;
      }
  const n = h * wd;
  const taps = fresh(rows * n); // given back below
  product(packed, null, rows, channels, x.data, n, false, taps);
  const tapHalves = halves(taps);
  const ow = wd * 2;
  const out = fresh(outChannels * 4 * n);
  const to = halves(out);
  for (let t = 0; t < 4; t++) {
    const dy = t >> 1;
    const dx = t & 1;
    for (let m = 0; m < outChannels; m++) {
      const from = (t * outChannels + m) * n;
      const plane = m * 4 * n;
      for (let y = 0; y < h; y++) {
        const row = plane + (2 * y + dy) * ow + dx;
        for (let xx = 0; xx < wd; xx++) {
          const i = (from + y * wd + xx) * 2;
          const o = (row + 2 * xx) * 2;
          to[o] = tapHalves[i]!;
          to[o + 1] = tapHalves[i + 1]!;
        }
      }
    }
  }
  floats?.give(taps);
  return { shape: [1, outChannels, h * 2, ow], data: out };
}

function maxPool(x: FloatTensor, node: OnnxNode): FloatTensor {
  const [, channels, h, w] = dims4(x.shape);
  const k = ints(node.attrs, 'kernel_shape', [2, 2])[0]!;
  const s = ints(node.attrs, 'strides', [k, k])[0]!;
  if (ints(node.attrs, 'pads', [0, 0, 0, 0]).some((p) => p !== 0) || num(node.attrs, 'ceil_mode', 0) !== 0)
    throw new Error('Detector: unsupported MaxPool');
  const oh = Math.floor((h - k) / s) + 1;
  const ow = Math.floor((w - k) / s) + 1;
  const out = fresh(channels * oh * ow);
  // One channel at a time through the kernels (assembly/pointwise.ts).
  const buffers = floatBuffers({ input: h * w, out: oh * ow });
  const { kernels, at } = buffers;
  for (let c = 0; c < channels; c++) {
    buffers.view('input', h * w).set(x.data.subarray(c * h * w, (c + 1) * h * w));
    kernels.maxPool(at.input, h, w, k, s, oh, ow, at.out);
    out.set(buffers.view('out', oh * ow), c * oh * ow);
  }
  return { shape: [1, channels, oh, ow], data: out };
}

/**
 * Float32 values moved without reading them as numbers: as 16-bit halves, which V8 never boxes (a
 * float read in its interpreter is a heap number each, before V8 has optimised the loop). The same
 * bits arrive.
 */
function halves(data: Float32Array): Uint16Array {
  return new Uint16Array(data.buffer, data.byteOffset, data.length * 2);
}

/** Nearest-neighbour upsampling by whole factors (`scales`, asymmetric, floor), the only Resize the networks use. */
function resizeNearest(x: FloatTensor, inputs: (Value | null)[], node: OnnxNode): FloatTensor {
  const scales = inputs[2]! && isFloat(inputs[2]!) && inputs[2]!.data.length === 4 ? inputs[2]!.data : null;
  if (!scales || node.attrs.mode !== 'nearest' || scales[0]! !== 1 || scales[1]! !== 1)
    throw new Error(`Detector: unsupported Resize ${JSON.stringify(node.attrs)}`);
  const [, channels, h, w] = dims4(x.shape);
  const fy = scales[2]!;
  const fx = scales[3]!;
  const oh = Math.floor(h * fy);
  const ow = Math.floor(w * fx);
  const out = fresh(channels * oh * ow);
  const columns = Int32Array.from({ length: ow }, (_, i) => Math.min(w - 1, Math.floor(i / fx)));
  const from = halves(x.data);
  const to = halves(out);
  let o = 0;
  for (let c = 0; c < channels; c++)
    for (let y = 0; y < oh; y++) {
      const row = (c * h + Math.min(h - 1, Math.floor(y / fy))) * w;
      for (let xx = 0; xx < ow; xx++, o += 2) {
        const i = (row + columns[xx]!) * 2;
        to[o] = from[i]!;
        to[o + 1] = from[i + 1]!;
      }
    }
  return { shape: [1, channels, oh, ow], data: out };
}

function concat(inputs: Value[], axis: number): Value {
  if (!isFloat(inputs[0]!)) {
    const all = inputs as IntTensor[];
    return { shape: [all.reduce((a, v) => a + v.shape[0]!, 0)], ints: all.flatMap((v) => v.ints) };
  }
  const tensors = inputs as FloatTensor[];
  if (axis !== 1) throw new Error('Detector: unsupported Concat axis');
  const shape = [...tensors[0]!.shape];
  shape[1] = tensors.reduce((a, t) => a + t.shape[1]!, 0);
  const out = fresh(size(shape));
  let offset = 0;
  for (const t of tensors) {
    out.set(t.data, offset);
    offset += t.data.length;
  }
  return { shape, data: out };
}

function transpose(x: FloatTensor, perm: number[]): FloatTensor {
  const shape = perm.map((p) => x.shape[p]!);
  const strides = x.shape.map((_, i) => size(x.shape.slice(i + 1)));
  const out = fresh(x.data.length);
  // Only the 4-D case the networks use ([N, C, H, W] → [N, H, W, C]).
  if (shape.length !== 4) throw new Error('Detector: unsupported Transpose');
  const [s0, s1, s2, s3] = dims4(perm.map((p) => strides[p]!));
  const from = halves(x.data);
  const to = halves(out);
  let o = 0;
  for (let a = 0; a < shape[0]!; a++)
    for (let b = 0; b < shape[1]!; b++)
      for (let c = 0; c < shape[2]!; c++)
        for (let d = 0; d < shape[3]!; d++, o += 2) {
          const i = (a * s0 + b * s1 + c * s2 + d * s3) * 2;
          to[o] = from[i]!;
          to[o + 1] = from[i + 1]!;
        }
  return { shape, data: out };
}

/**
 * Frees a detector's input (networkInput's, made for the run) and the run's outputs once read
 * (memory.ts freeNow), each its whole buffer: an output is always one the run made (`fresh`), never
 * a weight's or another caller's, in both networks.
 */
export function freeTensors(tensors: Iterable<FloatTensor>): void {
  for (const { data } of tensors) freeNow(new Float32Array(data.buffer as ArrayBuffer));
}
