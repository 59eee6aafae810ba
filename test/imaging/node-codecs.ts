import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Codecs } from '../../worker/imaging';

const require = createRequire(import.meta.url);
const compile = (path: string) => new WebAssembly.Module(readFileSync(require.resolve(path)));

/** The same WASM codecs the worker imports, compiled from node_modules for Node. */
export const nodeCodecs: Codecs = {
  webp: compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
  jpegEncoder: compile('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
  webpEncoder: compile('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
};
