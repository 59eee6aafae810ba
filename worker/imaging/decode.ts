/**
 * Decoding to RGBA. PNG uses our own streaming decoder (no WASM). JPEG and WebP use jSquash's
 * mozjpeg and libwebp builds, with a fresh WebAssembly instance for every decode: a failed decode
 * can no longer poison the module for the next one, and the instance's memory (which only ever
 * grows) is garbage once the decode returns, instead of staying in the isolate for ever.
 */
import initJpeg, { init as initJpegModule } from '@jsquash/jpeg/decode.js';
import decodeWebpWasm, { init as initWebpModule } from '@jsquash/webp/decode.js';
import { ImageError } from './errors';
import type { ImageInfo } from './inspect';
import { decodePng } from './png';
import type { Raster } from './raster';

/** The compiled decoder modules: workerd imports them, Node compiles them from node_modules. */
export interface Codecs {
  jpeg: WebAssembly.Module;
  webp: WebAssembly.Module;
}

const failed = () => new ImageError('corrupt', 'The image could not be decoded: the file is damaged or uses a feature we do not support. Please export it again as a standard JPG, PNG or WEBP.');

export async function decodeImage(bytes: Uint8Array, info: ImageInfo, codecs: Codecs): Promise<Raster> {
  if (info.type === 'png') return decodePng(bytes, info);
  // The decoders want an ArrayBuffer of exactly the file.
  const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
  let image: { width: number; height: number; data: Uint8ClampedArray };
  try {
    if (info.type === 'jpeg') {
      await initJpegModule(codecs.jpeg);
      image = await initJpeg(buffer, { preserveOrientation: false });
    } else {
      await initWebpModule(codecs.webp);
      image = await decodeWebpWasm(buffer);
    }
  } catch {
    throw failed();
  }
  if (image.width !== info.width || image.height !== info.height) throw failed();
  return { width: image.width, height: image.height, data: image.data };
}
