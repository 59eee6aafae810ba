/** In Node (tests, benchmark) the same kernels and weights are read from build/. */
import { readFileSync } from 'node:fs';

const read = (name: string) => {
  const bytes = readFileSync(new URL(`./build/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

export const detectKernels = await WebAssembly.compile(readFileSync(new URL('./build/detect.wasm', import.meta.url)));
export const yunetOnnx = read('yunet.bin');
export const textOnnx = read('ppocr-det.bin');
