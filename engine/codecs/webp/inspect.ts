/** A WebP's RIFF chunks as admission reads them: still images only, canvas and bitstream of one size. */
import { chunkName, corrupt, ImageError } from '../../errors';
import { readExifOrientation } from '../../input/exif';
import { BASE_INFO, type ImageInfo, type StoredInfo } from '../../input/image-info';

export function inspectWebp(b: Uint8Array): StoredInfo {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const riffSize = view.getUint32(4, true);
  if (riffSize < 4 || riffSize + 8 > b.length) throw corrupt('it ends before its declared size');
  const end = riffSize + 8;
  let pos = 12;
  let canvas: { width: number; height: number } | null = null;
  let image: { width: number; height: number } | null = null;
  let hasAlpha = false;
  let lossless = false;
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
    if (size > end - data) throw corrupt(`it ends inside ${chunkName(fourcc)}`);
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
        lossless = true;
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
  return {
    ...BASE_INFO,
    type: 'webp',
    width: image.width,
    height: image.height,
    hasAlpha,
    orientation,
    components: 0,
    lossless,
    fileBytes: b.length,
    icc,
  };
}
