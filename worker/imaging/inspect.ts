/**
 * Reads what an image file is before anything decodes it: its type (from the bytes), its stored
 * dimensions, its EXIF orientation, and the details that decide how much memory a decode takes.
 * It also walks the file's structure to its end marker, so truncated and corrupt files are refused
 * here instead of "succeeding" as grey in a decoder or poisoning it.
 */
import type { EmbeddedProfile } from './colour-profile';
import { ImageError, UNSUPPORTED_TYPE_MESSAGE } from './errors';
import { readExifOrientation, uprightSize } from './exif';
import { readJpeg } from './jpeg/markers';
import { sniffType, type SupportedType } from './sniff';

export interface ImageInfo {
  type: SupportedType;
  /** Stored dimensions, before orientation. */
  width: number;
  height: number;
  /** EXIF orientation 1-8 (1 when there is none). */
  orientation: number;
  /** Dimensions as shown upright: what crop coordinates refer to. */
  uprightWidth: number;
  uprightHeight: number;
  hasAlpha: boolean;
  /** JPEG: progressive files keep every coefficient in memory while decoding. */
  progressive: boolean;
  /** JPEG: colour components (1 grey, 3 YCbCr). */
  components: number;
  /** JPEG: coefficients kept per pixel by a buffered decode (1 to 3, from the sampling factors). */
  coefficientsPerPixel: number;
  /** JPEG: every coefficient is kept until the last scan (progressive, or a first scan without every component). */
  buffered: boolean;
  /** PNG: bit depth, colour type and interlacing. */
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** The embedded ICC profile (PNG: still zlib-compressed), or null. */
  icc: EmbeddedProfile | null;
}

const corrupt = (what: string) =>
  new ImageError(
    'corrupt',
    `The image file is damaged or incomplete (${what}). Please export it again and upload the new file.`,
  );

export function inspectImage(bytes: Uint8Array): ImageInfo {
  if (bytes.length === 0) throw new ImageError('empty', 'The file is empty.');
  const type = sniffType(bytes);
  let info: Omit<ImageInfo, 'uprightWidth' | 'uprightHeight'>;
  if (type === 'jpeg') info = inspectJpeg(bytes);
  else if (type === 'png') info = inspectPng(bytes);
  else if (type === 'webp') info = inspectWebp(bytes);
  else throw new ImageError('unsupported-type', UNSUPPORTED_TYPE_MESSAGE);
  if (info.width < 1 || info.height < 1) throw corrupt('it has no pixels');
  const upright = uprightSize(info.width, info.height, info.orientation);
  return { ...info, uprightWidth: upright.width, uprightHeight: upright.height };
}

const base = {
  icc: null,
  orientation: 1,
  hasAlpha: false,
  progressive: false,
  components: 3,
  coefficientsPerPixel: 0,
  buffered: false,
  bitDepth: 8,
  colorType: 0,
  interlaced: false,
};

// ── JPEG ─────────────────────────────────────────────────────────────────────────────────────

function inspectJpeg(b: Uint8Array): Omit<ImageInfo, 'uprightWidth' | 'uprightHeight'> {
  const { frame, orientation, coefficientsPerPixel, buffered, icc } = readJpeg(b);
  return {
    ...base,
    type: 'jpeg',
    width: frame.width,
    height: frame.height,
    components: frame.components.length,
    progressive: frame.progressive,
    coefficientsPerPixel,
    orientation,
    buffered,
    icc: icc ? { bytes: icc, compressed: false } : null,
  };
}

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────

/** Eight CRC tables for slicing-by-8: table k advances a byte through k further zero bytes. */
const CRC_TABLES = (() => {
  const tables = new Uint32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const previous = tables[(k - 1) * 256 + n] as number;
      tables[k * 256 + n] = ((tables[previous & 0xff] as number) ^ (previous >>> 8)) >>> 0;
    }
  }
  return tables;
})();

/** CRC-32 as PNG and zip use it, eight bytes a step (slicing-by-8), then byte by byte. */
export function crc32(data: Uint8Array, crc = 0xffffffff): number {
  const t = CRC_TABLES;
  let c = crc >>> 0;
  let i = 0;
  for (const end = data.length - 7; i < end; i += 8) {
    const lo =
      (c ^
        ((data[i] as number) |
          ((data[i + 1] as number) << 8) |
          ((data[i + 2] as number) << 16) |
          ((data[i + 3] as number) << 24))) >>>
      0;
    const hi =
      (data[i + 4] as number) |
      ((data[i + 5] as number) << 8) |
      ((data[i + 6] as number) << 16) |
      ((data[i + 7] as number) << 24);
    c =
      (t[1792 + (lo & 0xff)] as number) ^
      (t[1536 + ((lo >>> 8) & 0xff)] as number) ^
      (t[1280 + ((lo >>> 16) & 0xff)] as number) ^
      (t[1024 + (lo >>> 24)] as number) ^
      (t[768 + (hi & 0xff)] as number) ^
      (t[512 + ((hi >>> 8) & 0xff)] as number) ^
      (t[256 + ((hi >>> 16) & 0xff)] as number) ^
      (t[hi >>> 24] as number);
  }
  for (; i < data.length; i++) c = (t[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return c;
}

export function finishCrc(crc: number): number {
  return (crc ^ 0xffffffff) >>> 0;
}

const VALID_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** More ancillary chunks than any real file has (libpng keeps at most 1000 too): each costs a checksum. */
export const MAX_PNG_CHUNKS = 1000;

export type PngChunk = { type: string; data: Uint8Array };

/**
 * The one reading of a PNG's chunks, for admission and the decoder alike: each chunk's length fits
 * the file, its CRC matches, IHDR comes first and once, and the walk ends at IEND. Image data split
 * into many IDAT chunks is fine; other chunks are limited to MAX_PNG_CHUNKS.
 */
export function* readPngChunks(b: Uint8Array): Generator<PngChunk> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let pos = 8;
  let others = 0;
  for (let first = true; ; first = false) {
    if (pos + 12 > b.length) throw corrupt('it ends before the IEND chunk');
    const length = view.getUint32(pos);
    const type = String.fromCharCode(b[pos + 4] ?? 0, b[pos + 5] ?? 0, b[pos + 6] ?? 0, b[pos + 7] ?? 0);
    const printable = type.replace(/[^\x20-\x7e]/g, '?');
    if (length > 0x7fffffff || pos + 12 + length > b.length) throw corrupt(`it ends inside the ${printable} chunk`);
    if (finishCrc(crc32(b.subarray(pos + 4, pos + 8 + length))) !== view.getUint32(pos + 8 + length))
      throw corrupt(`the ${printable} chunk fails its checksum`);
    if (first !== (type === 'IHDR')) throw corrupt(first ? 'the IHDR chunk is not first' : 'it has two IHDR chunks');
    if (type !== 'IDAT' && ++others > MAX_PNG_CHUNKS)
      throw corrupt(`it has more than ${MAX_PNG_CHUNKS} chunks besides the image data`);
    yield { type, data: b.subarray(pos + 8, pos + 8 + length) };
    if (type === 'IEND') return;
    pos += 12 + length;
  }
}

function inspectPng(b: Uint8Array): Omit<ImageInfo, 'uprightWidth' | 'uprightHeight'> {
  let ihdr: { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  let hasTrns = false;
  let sawIdat = false;
  let sawPalette = false;
  let orientation = 1;
  let icc: ImageInfo['icc'] = null;
  for (const { type, data } of readPngChunks(b)) {
    if (type === 'IHDR') {
      if (data.length !== 13) throw corrupt('its IHDR chunk is invalid');
      const d = new DataView(data.buffer, data.byteOffset, 13);
      ihdr = {
        width: d.getUint32(0),
        height: d.getUint32(4),
        bitDepth: data[8] ?? 0,
        colorType: data[9] ?? 0,
        interlaced: data[12] === 1,
      };
      if (
        !VALID_DEPTHS[ihdr.colorType]?.includes(ihdr.bitDepth) ||
        data[10] !== 0 ||
        data[11] !== 0 ||
        (data[12] ?? 0) > 1
      )
        throw corrupt('its IHDR chunk is invalid');
    } else if (type === 'PLTE') {
      if (sawPalette || sawIdat || data.length === 0 || data.length % 3 !== 0 || data.length > 768)
        throw corrupt('its palette is invalid');
      sawPalette = true;
    } else if (type === 'tRNS') {
      if (hasTrns || sawIdat) throw corrupt('its transparency chunk is invalid');
      hasTrns = true;
    } else if (type === 'iCCP') {
      // A name of 1 to 79 bytes, a NUL, the compression method (0), then the zlib-compressed profile.
      const nul = data.indexOf(0);
      if (nul >= 1 && nul <= 79 && data[nul + 1] === 0) icc = { bytes: data.subarray(nul + 2), compressed: true };
    } else if (type === 'eXIf') {
      orientation = readExifOrientation(data);
    } else if (type === 'IDAT') {
      sawIdat = true;
    }
  }
  if (!ihdr || !sawIdat) throw corrupt('it has no image data');
  if (ihdr.colorType === 3 && !sawPalette) throw corrupt('its palette is missing');
  const hasAlpha = ihdr.colorType === 4 || ihdr.colorType === 6 || hasTrns;
  return {
    ...base,
    type: 'png',
    width: ihdr.width,
    height: ihdr.height,
    bitDepth: ihdr.bitDepth,
    colorType: ihdr.colorType,
    interlaced: ihdr.interlaced,
    hasAlpha,
    orientation,
    components: 0,
    icc,
  };
}

// ── WebP ─────────────────────────────────────────────────────────────────────────────────────

function inspectWebp(b: Uint8Array): Omit<ImageInfo, 'uprightWidth' | 'uprightHeight'> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const riffSize = view.getUint32(4, true);
  if (riffSize < 4 || riffSize + 8 > b.length) throw corrupt('it ends before its declared size');
  const end = riffSize + 8;
  let pos = 12;
  let canvas: { width: number; height: number } | null = null;
  let image: { width: number; height: number } | null = null;
  let hasAlpha = false;
  let orientation = 1;
  let icc: ImageInfo['icc'] = null;
  const animated = () =>
    new ImageError(
      'unsupported-variant',
      'Animated images are not supported. Please upload a still JPG, PNG or WEBP image.',
    );
  while (pos + 8 <= end) {
    const fourcc = String.fromCharCode(b[pos] ?? 0, b[pos + 1] ?? 0, b[pos + 2] ?? 0, b[pos + 3] ?? 0);
    const size = view.getUint32(pos + 4, true);
    const data = pos + 8;
    if (size > end - data) throw corrupt(`it ends inside the ${fourcc.replace(/[^\x20-\x7e]/g, '?')} chunk`);
    if (fourcc === 'VP8X') {
      if (pos !== 12 || size < 10) throw corrupt('its VP8X chunk is invalid');
      const flags = b[data] ?? 0;
      if (flags & 0x02) throw animated();
      hasAlpha = (flags & 0x10) !== 0;
      canvas = {
        width: 1 + ((b[data + 4] ?? 0) | ((b[data + 5] ?? 0) << 8) | ((b[data + 6] ?? 0) << 16)),
        height: 1 + ((b[data + 7] ?? 0) | ((b[data + 8] ?? 0) << 8) | ((b[data + 9] ?? 0) << 16)),
      };
    } else if (fourcc === 'ANIM' || fourcc === 'ANMF') {
      throw animated();
    } else if (fourcc === 'VP8 ' || fourcc === 'VP8L') {
      if (image) throw corrupt('it has two images');
      if (fourcc === 'VP8 ') {
        if (size < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a)
          throw corrupt('its VP8 frame header is invalid');
        image = { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff };
      } else {
        if (size < 5 || b[data] !== 0x2f) throw corrupt('its VP8L header is invalid');
        const bits = view.getUint32(data + 1, true);
        image = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
        hasAlpha = hasAlpha || ((bits >> 28) & 1) === 1;
      }
    } else if (fourcc === 'ICCP') {
      icc = { bytes: b.subarray(data, data + size), compressed: false };
    } else if (fourcc === 'EXIF') {
      const exif = b.subarray(data, data + size);
      // Some writers keep the "Exif\0\0" prefix of the JPEG segment.
      orientation = readExifOrientation(exif[0] === 0x45 && exif[1] === 0x78 ? exif.subarray(6) : exif);
    }
    pos = data + size + (size & 1);
  }
  if (!image) throw corrupt('it has no image data');
  // The decoder allocates by the bitstream's size: it must be the size admission measures.
  if (canvas && (canvas.width !== image.width || canvas.height !== image.height))
    throw corrupt('its canvas and its image differ in size');
  return { ...base, type: 'webp', width: image.width, height: image.height, hasAlpha, orientation, components: 0, icc };
}
