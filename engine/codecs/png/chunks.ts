/**
 * PNG's chunk structure: the one walk over a file's chunks, and the CRC-32 each chunk carries
 * (node:zlib's, native in workerd and Node: five times the JavaScript slicing-by-8 it replaced).
 */
import { crc32 } from 'node:zlib';
import { chunkName, corrupt } from '../../errors';

/** More ancillary chunks than any real file has (libpng keeps at most 1000 too): each costs a checksum. */
export const MAX_PNG_CHUNKS = 1000;

export type PngChunk = { type: string; data: Uint8Array };

/**
 * The one reading of a PNG's chunks, for admission and the decoder alike: each chunk's length fits
 * the file, its CRC matches, IHDR comes first and once, and the walk ends at IEND. Image data split
 * into many IDAT chunks is fine; other chunks are limited to MAX_PNG_CHUNKS. A reader of a file
 * admission read already leaves the CRCs (`checksums: false`): the bytes are the ones it checked.
 */
export function* readPngChunks(b: Uint8Array, { checksums = true } = {}): Generator<PngChunk> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let pos = 8;
  let others = 0;
  for (let first = true; ; first = false) {
    if (pos + 12 > b.length) throw corrupt('it ends before the IEND chunk');
    const length = view.getUint32(pos);
    const type = String.fromCharCode(b[pos + 4] ?? 0, b[pos + 5] ?? 0, b[pos + 6] ?? 0, b[pos + 7] ?? 0);
    const name = chunkName(type);
    if (length > 0x7fffffff || pos + 12 + length > b.length) throw corrupt(`it ends inside ${name}`);
    if (checksums && crc32(b.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length))
      throw corrupt(`${name} fails its checksum`);
    if (first !== (type === 'IHDR')) throw corrupt(first ? 'the IHDR chunk is not first' : 'it has two IHDR chunks');
    if (type !== 'IDAT' && ++others > MAX_PNG_CHUNKS)
      throw corrupt(`it has more than ${MAX_PNG_CHUNKS} chunks besides the image data`);
    yield { type, data: b.subarray(pos + 8, pos + 8 + length) };
    if (type === 'IEND') return;
    pos += 12 + length;
  }
}
