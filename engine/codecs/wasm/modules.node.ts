/** In Node (tests, benchmark) the same modules are compiled from the built kernels and node_modules. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const compile = (path: string | URL) => WebAssembly.compile(readFileSync(path));

export const [kernels, webpDecoder, jpegEncoder, webpEncoder] = await Promise.all([
  compile(new URL('../simd/build/kernels.wasm', import.meta.url)),
  compile(new URL('../webp/codec/webp_dec.wasm', import.meta.url)),
  compile(new URL('../jpeg/codec/jpeg_enc.wasm', import.meta.url)),
  compile(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm')),
]);
