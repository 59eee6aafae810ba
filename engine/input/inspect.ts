/**
 * Reads what an image file is before anything decodes it: its type (from the bytes), its stored
 * dimensions, its EXIF orientation, and the details that decide how much memory a decode takes.
 * It also walks the file's structure to its end marker, so truncated and corrupt files are refused
 * here instead of "succeeding" as grey in a decoder or poisoning it.
 */
import { corrupt, ImageError, UNSUPPORTED_TYPE_MESSAGE } from '../errors';
import { uprightSize } from './exif';
import type { ImageInfo, StoredInfo } from './image-info';
import { inspectJpeg } from '../codecs/jpeg/inspect';
import { inspectPng } from '../codecs/png/inspect';
import { sniffType } from './sniff';
import { inspectWebp } from '../codecs/webp/inspect';

/**
 * `checked`: the file is one this service checked when it was uploaded, read back from its own
 * storage (a run of renders): a PNG's chunk checksums are not computed again (a 24 MP PNG's took
 * 70 ms of each run, a third of sharp's whole render of it), and a sequential JPEG's markers are read
 * up to its image data, not past it to its end (markers.ts); the rest of its structure is walked as
 * ever.
 */
export function inspectImage(bytes: Uint8Array, { checked = false } = {}): ImageInfo {
  if (bytes.length === 0) throw new ImageError('empty', 'The file is empty.');
  const type = sniffType(bytes);
  let info: StoredInfo;
  if (type === 'jpeg') info = inspectJpeg(bytes, { checked });
  else if (type === 'png') info = inspectPng(bytes, { checksums: !checked });
  else if (type === 'webp') info = inspectWebp(bytes);
  else throw new ImageError('unsupported-type', UNSUPPORTED_TYPE_MESSAGE);
  if (info.width < 1 || info.height < 1) throw corrupt('it has no pixels');
  const upright = uprightSize(info.width, info.height, info.orientation);
  return { ...info, fileBytes: bytes.length, uprightWidth: upright.width, uprightHeight: upright.height };
}
