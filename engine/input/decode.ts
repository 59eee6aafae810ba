/**
 * Decoding for the resampler, by the file's codec: JPEG and PNG by our own decoders (no codec heap
 * that grows and never shrinks, nothing to poison; JPEG as RGB, 3 bytes a pixel, its transforms in
 * the shared SIMD kernels, whose memory holds only a few rows), WebP by libwebp in a fresh instance
 * whose lossy rows are copied out as decoded (webp/decode.ts); then the colours to sRGB.
 */
import { convertToSrgb } from '../pixels/colour-profile';
import type { ImageInfo } from './image-info';
import { decodeJpeg, verifyJpeg, type JpegPart } from '../codecs/jpeg/decode';
import { decodeStarts } from '../memory';
import { decodePng, verifyPng } from '../codecs/png/decode';
import type { Picture } from '../pixels/raster';
import type { Codecs } from '../codecs/wasm/codecs';
import { decodeWebp, verifyWebp } from '../codecs/webp/decode';

/**
 * Decodes the file and converts its colours to sRGB when it carries an ICC profile
 * (colour-profile.ts). A picture can be decoded in part, at a reduced scale (decode-plan.ts plans which).
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
 * Proves a file decodes (the upload check), as the renders' decoder will find it, reading only what
 * can fail: a JPEG's structure (its entropy data cannot fail a decode: jpeg/decode.ts `verifyJpeg`);
 * a lossy WebP, its headers, modes and alpha plane (nor can its coefficients: webp/decode.ts
 * `verifyWebp`); a PNG's data inflated and its rows walked, without unfiltering (png/decode.ts
 * `verifyPng`); a lossless WebP decoded whole at an eighth of its size (libwebp reads every row of
 * it, and only the pixels it keeps are memory).
 */
export async function verifyDecodes(bytes: Uint8Array, info: ImageInfo, codecs: Codecs): Promise<void> {
  if (info.type === 'jpeg') return verifyJpeg(bytes, info);
  if (info.type === 'png') return verifyPng(bytes, info);
  if (info.type === 'webp' && !info.lossless) {
    makeRoomForDecode(); // the check copies the file into its own instance, as a decode does
    if (verifyWebp(bytes, codecs.webpDecoder)) return;
  }
  await decodeStored(bytes, info, codecs, { scale: info.type === 'webp' ? 8 : 1 });
}

/**
 * What a decode lets go first (the upload's check included): a picture kept for the next queue
 * batch, registered with memory.ts by its owner (kept-picture.ts); the decode is counted there.
 */
function makeRoomForDecode(): void {
  decodeStarts();
}

/** The stored pixels, before colour conversion. */
async function decodeStored(bytes: Uint8Array, info: ImageInfo, codecs: Codecs, part: JpegPart): Promise<Picture> {
  makeRoomForDecode();
  if (info.type === 'png') return decodePng(bytes, info, part);
  if (info.type === 'jpeg') return decodeJpeg(bytes, info, part);
  return decodeWebp(bytes, info, codecs.webpDecoder, part);
}
