/**
 * AssemblyScript, compiled to WebAssembly with 128-bit SIMD by `npm run build:wasm`: the image
 * engine's hot loops, one file per caller, one module (they share its memory and its layout rule).
 * The build also writes the module's typings beside its .wasm, which ../kernels.ts uses.
 *   - Resampling (resample.ts, for ../../../pixels/resample.ts): opaque pixels in 16-bit fixed point (eight
 *     samples a step vertically, two taps a dot product horizontally); premultiplied RGBA as one
 *     f32x4 a pixel.
 *   - PNG rows (png.ts, for ../../png/encode.ts and decode.ts): packing RGBA into the chosen colour
 *     type, and the five PNG filters with libpng's choice between them, 16 bytes at a time; a
 *     filter reversed, a pixel at a time (two rows side by side).
 *   - JPEG decoding (jpeg.ts and huffman.ts, for ../../jpeg/): a baseline scan's and a progressive
 *     AC scan's Huffman decoding, the inverse DCTs, upsampling and YCbCr to RGB, with libjpeg's arithmetic.
 *   - The saliency analysis (analyse.ts, for ../../../pixels/content-aware/analyse.ts): its maps on
 *     a copy of at most 256 × 256, in float64 as the JavaScript it replaced, to the bit.
 * The JavaScript side plans the work, lays out buffers in this module's memory (simd/kernels.ts)
 * and copies rows in and out. The memory holds rows (a JPEG decode's strips are a few rows of
 * blocks, a streamed one's coefficients one band of them, beside a 256 kB window onto the file)
 * and tables, never a picture or a file, so it stays at a few megabytes (WebAssembly memory never
 * shrinks).
 */

export * from './resample';
export * from './png';
export * from './jpeg';
export * from './analyse';
export {
  entropyStart,
  entropyMove,
  entropyNext,
  entropySave,
  entropyLoad,
  decodeMcus,
  skipMcus,
  acFirst,
  acRefine,
} from './huffman';

/** Where the JavaScript side may start laying out its buffers. */
export function heapBase(): usize {
  return __heap_base;
}
