/** In Node (tests, benchmark) the engine's WebAssembly kernels are compiled from the built file. */
import { readFileSync } from 'node:fs';

export default await WebAssembly.compile(readFileSync(new URL('./build/kernels.wasm', import.meta.url)));
