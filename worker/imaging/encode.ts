/**
 * The file a render gives, in the type asked (the user's choice, or Auto's: auto-type.ts), by that
 * type's encoder (jpeg/, png/, webp/), under the platform's file-size cap (size-cap.ts).
 */
import type { OutputType } from '../../shared/output';
import { showsTransparency, usesTransparency } from './auto-type';
import { encodeJpeg, releaseJpegEncoder } from './jpeg/encode';
import { encodePng } from './png/encode';
import type { Raster } from './raster';
import { flatten } from './resample';
import { encodeLossyUnder, encodePngUnder } from './size-cap';
import type { Codecs } from './wasm/codecs';
import { encodeWebp } from './webp/encode';

export interface Encoded {
  bytes: Uint8Array;
  type: OutputType;
  /** The JPEG or WebP quality used (lower than asked where a cap made it so); null for PNG. */
  quality: number | null;
  /** Colour bits dropped per channel to fit a PNG under a cap; 0 = lossless. */
  reducedBits: number;
}

export interface OutputRequest {
  type: OutputType;
  quality: number;
  /** The platform refuses transparency: no alpha channel at all. */
  opaque: boolean;
  maxBytes: number | null;
  /** The type came from Auto: a PNG over the cap may become a JPEG (where accepted) instead of losing bits. */
  auto?: { jpegAccepted: boolean };
}

/**
 * Encodes the output as asked. JPEG has no alpha: the pixels are flattened onto white first (in
 * place: the caller's preview then shows what the file holds).
 */
export async function encodeOutput(raster: Raster, request: OutputRequest, codecs: Codecs): Promise<Encoded> {
  const { type, quality, maxBytes } = request;
  if (type !== 'jpeg') releaseJpegEncoder(); // the kept JPEG instance is never held beside another encoder
  if (type === 'png') {
    const alpha = request.opaque ? 'drop' : 'auto';
    if (request.auto?.jpegAccepted && maxBytes !== null && !showsTransparency(raster)) {
      const png = await encodePng(raster, { alpha });
      if (png.length <= maxBytes) return { bytes: png, type: 'png', quality: null, reducedBits: 0 };
      return encodeOutput(raster, { ...request, type: 'jpeg', auto: undefined }, codecs);
    }
    const { bytes, reducedBits } = await encodePngUnder(raster, alpha, maxBytes);
    return { bytes, type: 'png', quality: null, reducedBits };
  }
  if (type === 'jpeg') {
    if (usesTransparency(raster)) flatten(raster);
    const jpeg = await encodeLossyUnder((q) => encodeJpeg(raster, q, codecs.jpegEncoder), quality, maxBytes);
    return { bytes: jpeg.bytes, type: 'jpeg', quality: jpeg.quality, reducedBits: 0 };
  }
  const webp = await encodeLossyUnder((q) => encodeWebp(raster, q, codecs.webpEncoder), quality, maxBytes);
  return { bytes: webp.bytes, type: 'webp', quality: webp.quality, reducedBits: 0 };
}
