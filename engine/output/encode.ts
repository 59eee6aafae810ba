/**
 * The file a render gives, in the type asked (the user's choice, or Auto's: auto-type.ts), by that
 * type's encoder (jpeg/, png/, webp/), under the platform's file-size cap (size-cap.ts).
 */
import type { OutputType } from '../plan/output';
import { showsTransparency } from './auto-type';
import { encodeJpeg } from '../codecs/jpeg/encode';
import { encodePng } from '../codecs/png/encode';
import { usesTransparency, type Raster } from '../pixels/raster';
import { flatten } from '../pixels/resample';
import { encodeLossyUnder, encodePngUnder, FileSizeError, MIN_QUALITY } from './size-cap';
import type { Codecs } from '../codecs/wasm/codecs';
import { webpEncoder } from '../codecs/webp/encode';

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
  /** The types the platform accepts: where none of the asked type fits the cap, the others are tried. */
  accepts?: readonly OutputType[];
}

/**
 * Encodes the output as asked. JPEG has no alpha: the pixels are flattened onto white first (in
 * place: the caller's preview then shows what the file holds). A file no quality brings under the
 * cap throws FileSizeError with the other accepted types that do fit (its message suggests only those).
 */
export async function encodeOutput(raster: Raster, request: OutputRequest, codecs: Codecs): Promise<Encoded> {
  try {
    return await encodeAs(raster, request, codecs);
  } catch (error) {
    if (!(error instanceof FileSizeError) || request.maxBytes === null) throw error;
    throw new FileSizeError(request.maxBytes, await otherTypesUnder(raster, request, request.maxBytes, codecs));
  }
}

/**
 * The accepted types other than those tried that fit the cap at their smallest: JPEG and WebP at
 * MIN_QUALITY, PNG with its colour bits reduced. Not JPEG for a picture that shows transparency,
 * which JPEG would lose. Run only once a cap has failed.
 */
async function otherTypesUnder(
  raster: Raster,
  request: OutputRequest,
  maxBytes: number,
  codecs: Codecs,
): Promise<OutputType[]> {
  const transparent = !request.opaque && usesTransparency(raster);
  const tried = new Set<OutputType>([request.type]);
  if (request.type === 'png' && request.auto?.jpegAccepted && !transparent) tried.add('jpeg');
  const fits: OutputType[] = [];
  for (const type of request.accepts ?? []) {
    if (tried.has(type) || (type === 'jpeg' && transparent)) continue;
    const under = await encodeAs(raster, { ...request, type, quality: MIN_QUALITY, auto: undefined }, codecs).then(
      (file) => file.bytes.length <= maxBytes,
      (error: unknown) => {
        if (error instanceof FileSizeError) return false;
        throw error;
      },
    );
    if (under) fits.push(type);
  }
  return fits;
}

async function encodeAs(raster: Raster, request: OutputRequest, codecs: Codecs): Promise<Encoded> {
  const { type, quality, maxBytes } = request;
  if (type === 'png') {
    const alpha = request.opaque ? 'drop' : 'auto';
    if (request.auto?.jpegAccepted && maxBytes !== null && !showsTransparency(raster)) {
      const png = await encodePng(raster, { alpha });
      if (png.length <= maxBytes) return { bytes: png, type: 'png', quality: null, reducedBits: 0 };
      return encodeAs(raster, { ...request, type: 'jpeg', auto: undefined }, codecs);
    }
    const { bytes, reducedBits } = await encodePngUnder(raster, alpha, maxBytes);
    return { bytes, type: 'png', quality: null, reducedBits };
  }
  if (type === 'jpeg') {
    if (usesTransparency(raster)) flatten(raster);
    const jpeg = await encodeLossyUnder((q) => encodeJpeg(raster, q, codecs.jpegEncoder), quality, maxBytes);
    return { bytes: jpeg.bytes, type: 'jpeg', quality: jpeg.quality, reducedBits: 0 };
  }
  const encode = await webpEncoder(codecs.webpEncoder);
  const webp = await encodeLossyUnder(async (q) => encode(raster, q), quality, maxBytes);
  return { bytes: webp.bytes, type: 'webp', quality: webp.quality, reducedBits: 0 };
}
