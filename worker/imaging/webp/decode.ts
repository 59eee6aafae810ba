/**
 * WebP decoding by jSquash's libwebp build, with a fresh WebAssembly instance for every decode: a
 * failed decode can no longer poison the module for the next one, and the instance's memory is
 * garbage once the decode returns instead of staying in the isolate for ever.
 */
import decodeWebpWasm, { init as initWebpModule } from '@jsquash/webp/decode.js';
import { ImageError } from '../errors';
import type { ImageInfo } from '../image-info';
import type { Picture } from '../raster';

const failed = () =>
  new ImageError(
    'corrupt',
    'The image could not be decoded: the file is damaged or uses a feature we do not support. Please export it again as a standard JPG, PNG or WEBP.',
  );

/** Decodes the whole picture as RGBA; `module` is libwebp's compiled decoder. */
export async function decodeWebp(bytes: Uint8Array, info: ImageInfo, module: WebAssembly.Module): Promise<Picture> {
  // The decoder wants an ArrayBuffer of exactly the file.
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : bytes.slice().buffer;
  let image: { width: number; height: number; data: Uint8ClampedArray };
  try {
    await initWebpModule(module);
    image = await decodeWebpWasm(buffer);
  } catch {
    throw failed();
  }
  if (image.width !== info.width || image.height !== info.height) throw failed();
  return { width: image.width, height: image.height, channels: 4, data: image.data };
}
