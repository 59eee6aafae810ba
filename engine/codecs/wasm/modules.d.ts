/**
 * `#imaging-wasm`: the engine's compiled WebAssembly modules, chosen per environment by the
 * "imports" conditions in engine/package.json: modules.workerd.ts in workerd, modules.node.ts in Node.
 */
/** Our SIMD kernels (simd/assembly/kernels.ts, built by `npm run build:wasm`). */
export declare const kernels: WebAssembly.Module;
/** Our libwebp decoder, which crops and scales as it decodes (webp/codec/build.sh). */
export declare const webpDecoder: WebAssembly.Module;
/** Our libjpeg-turbo encoder (jpeg/codec/build.sh). */
export declare const jpegEncoder: WebAssembly.Module;
/** jSquash's libwebp encoder, SIMD build. */
export declare const webpEncoder: WebAssembly.Module;
