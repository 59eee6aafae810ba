/**
 * The detector references' file format (test/fixtures/detector/*.bin, written by
 * scripts/detector-references.ts): a 4-byte little-endian length n, n bytes of UTF-8 JSON (a
 * `TensorFileHeader`, padded with spaces so the data starts on a multiple of 4), then each
 * tensor's elements in the header's order as float32 little-endian, nothing between them.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export interface TensorEntry {
  name: string;
  /** The network's input, or one of the graph's outputs as ONNX Runtime made it. */
  role: 'input' | 'output';
  shape: number[];
}

export interface TensorFileHeader {
  /** What made the outputs, e.g. "onnxruntime-node 1.30.0, CPU, 1 thread, graph optimisation all". */
  reference: string;
  /** The model, the photo and how the input was made. */
  source: string;
  tensors: TensorEntry[];
}

export interface NamedTensor extends TensorEntry {
  data: Float32Array;
}

const count = (shape: number[]) => shape.reduce((a, b) => a * b, 1);

export function writeTensorFile(
  path: string | URL,
  header: Omit<TensorFileHeader, 'tensors'>,
  tensors: NamedTensor[],
): void {
  const full: TensorFileHeader = {
    ...header,
    tensors: tensors.map(({ name, role, shape }) => ({ name, role, shape })),
  };
  let json = Buffer.from(JSON.stringify(full));
  json = Buffer.concat([json, Buffer.alloc((4 - ((4 + json.length) % 4)) % 4, ' ')]);
  const parts: Buffer[] = [Buffer.alloc(4), json];
  parts[0]!.writeUInt32LE(json.length);
  for (const tensor of tensors) {
    if (tensor.data.length !== count(tensor.shape)) throw new Error(`${tensor.name}: data does not fit its shape`);
    const bytes = Buffer.alloc(tensor.data.length * 4);
    for (let i = 0; i < tensor.data.length; i++) bytes.writeFloatLE(tensor.data[i]!, i * 4);
    parts.push(bytes);
  }
  writeFileSync(path, Buffer.concat(parts));
}

export function readTensorFile(path: string | URL): { header: TensorFileHeader; tensors: NamedTensor[] } {
  const file = readFileSync(path);
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + length).toString('utf8')) as TensorFileHeader;
  let offset = 4 + length;
  const tensors = header.tensors.map((entry) => {
    const n = count(entry.shape);
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = file.readFloatLE(offset + i * 4);
    offset += n * 4;
    return { ...entry, data };
  });
  if (offset !== file.length) throw new Error(`${String(path)}: ${file.length - offset} bytes after the tensors`);
  return { header, tensors };
}
