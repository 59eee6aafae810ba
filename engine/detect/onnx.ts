/**
 * A minimal reader of ONNX files (protobuf): the nodes, the weights (initializers and Constant
 * nodes) and the graph's inputs and outputs — what the executor (executor.ts) needs, nothing more.
 * Field numbers are those of onnx/onnx.proto.
 */

export interface Tensor {
  dims: number[];
  /** Float weights as float32; int64 shapes and indices as plain numbers. */
  data: Float32Array | number[];
}

export type Attribute = number | number[] | string | Tensor;

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs: Record<string, Attribute>;
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  /** Initializers and the outputs of Constant nodes, by name. */
  weights: Map<string, Tensor>;
  inputs: string[];
  outputs: string[];
}

const FLOAT = 1;
const INT64 = 7;
const INT32 = 6;

/** Reads protobuf fields one after another; a field's bytes are a view into the file. */
class Reader {
  private pos: number;
  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.pos = start;
  }
  more(): boolean {
    return this.pos < this.end;
  }
  varint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.pos++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 128;
    }
    // int64 fields hold negative numbers as 2^64 - n.
    return result >= 2 ** 63 ? result - 2 ** 64 : result;
  }
  /** The next field: its number, wire type and, for length-delimited fields, a reader of its bytes. */
  field(): { number: number; wire: number; value: number; body: Reader | null } {
    const key = this.varint();
    const number = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 0) return { number, wire, value: this.varint(), body: null };
    if (wire === 5) {
      const value = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 4).getFloat32(0, true);
      this.pos += 4;
      return { number, wire, value, body: null };
    }
    if (wire === 1) {
      this.pos += 8;
      return { number, wire, value: 0, body: null };
    }
    if (wire !== 2) throw new Error(`ONNX: unsupported protobuf wire type ${wire}`);
    const length = this.varint();
    const body = new Reader(this.bytes, this.pos, this.pos + length);
    this.pos += length;
    return { number, wire, value: length, body };
  }
  string(): string {
    return new TextDecoder().decode(this.raw());
  }
  raw(): Uint8Array {
    return this.bytes.subarray(this.pos, this.end);
  }
  /** A repeated varint field, packed or not. */
  packedVarints(into: number[]): void {
    while (this.more()) into.push(this.varint());
  }
}

function readTensor(reader: Reader): { name: string; tensor: Tensor } {
  const dims: number[] = [];
  let type = 0;
  let name = '';
  let raw: Uint8Array | null = null;
  const floats: number[] = [];
  const ints: number[] = [];
  while (reader.more()) {
    const f = reader.field();
    if (f.number === 1) {
      if (f.body) f.body.packedVarints(dims);
      else dims.push(f.value);
    } else if (f.number === 2) type = f.value;
    else if (f.number === 4) {
      if (f.body) {
        const b = f.body.raw();
        const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
        for (let i = 0; i < b.byteLength; i += 4) floats.push(view.getFloat32(i, true));
      } else floats.push(f.value);
    } else if (f.number === 5 || f.number === 7) {
      if (f.body) f.body.packedVarints(ints);
      else ints.push(f.value);
    } else if (f.number === 8) name = f.body!.string();
    else if (f.number === 9) raw = f.body!.raw();
  }
  const count = dims.reduce((a, b) => a * b, 1);
  if (type === FLOAT) {
    const data = new Float32Array(count);
    if (raw) {
      // The bytes as they are: little-endian floats, as WebAssembly's memory holds them too (a
      // float at a time through a DataView made a heap number each before V8 optimised the loop).
      if (raw.byteLength < count * 4) throw new Error(`ONNX: tensor ${name} holds fewer values than its shape`);
      new Uint8Array(data.buffer).set(raw.subarray(0, count * 4));
    } else data.set(floats);
    return { name, tensor: { dims, data } };
  }
  if (type === INT64 || type === INT32) {
    if (!raw) return { name, tensor: { dims, data: ints } };
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const step = type === INT64 ? 8 : 4;
    const data: number[] = [];
    for (let i = 0; i < raw.byteLength; i += step)
      data.push(type === INT64 ? Number(view.getBigInt64(i, true)) : view.getInt32(i, true));
    return { name, tensor: { dims, data } };
  }
  throw new Error(`ONNX: tensor ${name} has unsupported data type ${type}`);
}

function readAttribute(reader: Reader): { name: string; value: Attribute } {
  let name = '';
  let value: Attribute = 0;
  const list: number[] = [];
  let isList = false;
  while (reader.more()) {
    const f = reader.field();
    if (f.number === 1) name = f.body!.string();
    else if (f.number === 2 || f.number === 3) value = f.value;
    else if (f.number === 4) value = f.body!.string();
    else if (f.number === 5) value = readTensor(f.body!).tensor;
    else if (f.number === 7 || f.number === 8) {
      isList = true;
      if (f.body && f.wire === 2) {
        if (f.number === 8) f.body.packedVarints(list);
        else {
          const b = f.body.raw();
          const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
          for (let i = 0; i < b.byteLength; i += 4) list.push(view.getFloat32(i, true));
        }
      } else list.push(f.value);
    }
  }
  return { name, value: isList ? list : value };
}

function readNode(reader: Reader): OnnxNode {
  const node: OnnxNode = { op: '', inputs: [], outputs: [], attrs: {} };
  while (reader.more()) {
    const f = reader.field();
    if (f.number === 1) node.inputs.push(f.body!.string());
    else if (f.number === 2) node.outputs.push(f.body!.string());
    else if (f.number === 4) node.op = f.body!.string();
    else if (f.number === 5) {
      const { name, value } = readAttribute(f.body!);
      node.attrs[name] = value;
    }
  }
  return node;
}

function valueName(reader: Reader): string {
  while (reader.more()) {
    const f = reader.field();
    if (f.number === 1) return f.body!.string();
  }
  return '';
}

/** Parses an ONNX model's main graph; Constant nodes become weights. */
export function readOnnx(bytes: Uint8Array): OnnxGraph {
  const model = new Reader(bytes);
  let graph: Reader | null = null;
  while (model.more()) {
    const f = model.field();
    if (f.number === 7) graph = f.body;
  }
  if (!graph) throw new Error('ONNX: no graph');
  const result: OnnxGraph = { nodes: [], weights: new Map(), inputs: [], outputs: [] };
  while (graph.more()) {
    const f = graph.field();
    if (f.number === 1) {
      const node = readNode(f.body!);
      if (node.op === 'Constant') result.weights.set(node.outputs[0]!, node.attrs.value as Tensor);
      else result.nodes.push(node);
    } else if (f.number === 5) {
      const { name, tensor } = readTensor(f.body!);
      result.weights.set(name, tensor);
    } else if (f.number === 11) result.inputs.push(valueName(f.body!));
    else if (f.number === 12) result.outputs.push(valueName(f.body!));
  }
  // Initializers may also be listed as inputs (older exporters): the real inputs are the rest.
  result.inputs = result.inputs.filter((name) => !result.weights.has(name));
  return result;
}
