/**
 * Decoding for the resampler. JPEG and PNG use our own decoders (no WASM heap that grows and never
 * shrinks, nothing to poison; JPEG as RGB, 3 bytes a pixel). WebP uses jSquash's libwebp build
 * with a fresh WebAssembly instance for every decode: a failed decode can no longer poison the
 * module for the next one, and the instance's memory is garbage once the decode returns instead of
 * staying in the isolate for ever.
 */
import decodeWebpWasm, { init as initWebpModule } from '@jsquash/webp/decode.js';
import { ImageError } from './errors';
import type { ImageInfo } from './inspect';
import { decodeJpeg } from './jpeg/decode';
import { decodePng } from './png/decode';
import type { Picture } from './raster';

/** The compiled WASM decoders: workerd imports them, Node compiles them from node_modules. */
export interface Codecs {
  webp: WebAssembly.Module;
}

const failed = () =>
  new ImageError(
    'corrupt',
    'The image could not be decoded: the file is damaged or uses a feature we do not support. Please export it again as a standard JPG, PNG or WEBP.',
  );

export async function decodeImage(bytes: Uint8Array, info: ImageInfo, codecs: Codecs): Promise<Picture> {
  if (info.type === 'png') return { ...(await decodePng(bytes, info)), channels: 4 };
  if (info.type === 'jpeg') return decodeJpeg(bytes, info);
  // The decoder wants an ArrayBuffer of exactly the file.
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : bytes.slice().buffer;
  let image: { width: number; height: number; data: Uint8ClampedArray };
  try {
    await initWebpModule(codecs.webp);
    image = await decodeWebpWasm(buffer);
  } catch {
    throw failed();
  }
  if (image.width !== info.width || image.height !== info.height) throw failed();
  return { width: image.width, height: image.height, channels: 4, data: image.data };
}
