/**
 * Decoding for the resampler. JPEG and PNG use our own decoders (no WASM heap that grows and never
 * shrinks, nothing to poison; JPEG as RGB, 3 bytes a pixel). WebP uses jSquash's libwebp build
 * with a fresh WebAssembly instance for every decode: a failed decode can no longer poison the
 * module for the next one, and the instance's memory is garbage once the decode returns instead of
 * staying in the isolate for ever.
 */
import type { EncoderModules } from './output';
import decodeWebpWasm, { init as initWebpModule } from '@jsquash/webp/decode.js';
import { convertToSrgb } from './colour-profile';
import { ImageError } from './errors';
import type { ImageInfo } from './inspect';
import { decodeJpeg, verifyJpeg, type JpegPart } from './jpeg/decode';
import { decodePng } from './png/decode';
import type { Picture } from './raster';

/** The compiled WASM decoders: workerd imports them, Node compiles them from node_modules. */
/** The compiled WebAssembly codecs: libwebp's decoder, and the JPEG and WebP encoders. */
export interface Codecs extends EncoderModules {
  webp: WebAssembly.Module;
}

const failed = () =>
  new ImageError(
    'corrupt',
    'The image could not be decoded: the file is damaged or uses a feature we do not support. Please export it again as a standard JPG, PNG or WEBP.',
  );

/**
 * Decodes the file and converts its colours to sRGB when it carries an ICC profile
 * (colour-profile.ts). A JPEG or a PNG can be decoded in part, at a reduced scale (view.ts plans which).
 */
export async function decodeImage(
  bytes: Uint8Array,
  info: ImageInfo,
  codecs: Codecs,
  part: JpegPart = { scale: 1 },
): Promise<Picture> {
  const picture = await decodeStored(bytes, info, codecs, part);
  if (info.icc) await convertToSrgb(picture, info.icc, info.type);
  return picture;
}

/**
 * Proves a file decodes (the upload check): a JPEG's every table and scan are read without the
 * inverse DCT and colour conversion, which cannot fail; PNG and WebP are decoded.
 */
export async function verifyDecodes(bytes: Uint8Array, info: ImageInfo, codecs: Codecs): Promise<void> {
  if (info.type === 'jpeg') verifyJpeg(bytes, info);
  else await decodeStored(bytes, info, codecs, { scale: 1 });
}

/** The stored pixels, before colour conversion. */
async function decodeStored(bytes: Uint8Array, info: ImageInfo, codecs: Codecs, part: JpegPart): Promise<Picture> {
  if (info.type === 'png') return { ...(await decodePng(bytes, info, part)), channels: 4 };
  if (info.type === 'jpeg') return decodeJpeg(bytes, info, part);
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
