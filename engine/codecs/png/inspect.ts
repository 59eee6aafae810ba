/** A PNG's header and ancillary chunks as admission reads them. */
import { corrupt } from '../../errors';
import { readExifOrientation } from '../../input/exif';
import { BASE_INFO, type ImageInfo, type StoredInfo } from '../../input/image-info';
import { readPngChunks } from './chunks';

const VALID_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export function inspectPng(b: Uint8Array, { checksums = true } = {}): StoredInfo {
  let ihdr: { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  let hasTrns = false;
  let sawIdat = false;
  let sawPalette = false;
  let orientation = 1;
  let icc: ImageInfo['icc'] = null;
  for (const { type, data } of readPngChunks(b, { checksums })) {
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
    ...BASE_INFO,
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
