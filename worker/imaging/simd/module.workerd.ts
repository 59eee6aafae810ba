/** In workerd the engine's WebAssembly kernels are compiled at deploy time (never from bytes at run time). */
import kernels from './build/kernels.wasm?module';

export default kernels;
