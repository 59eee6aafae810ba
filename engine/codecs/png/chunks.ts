/** PNG's chunk structure: the one walk over a file's chunks, and the CRC-32 each chunk carries. */
import { chunkName, corrupt } from '../../errors';

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
    if (checksums && finishCrc(crc32(b.subarray(pos + 4, pos + 8 + length))) !== view.getUint32(pos + 8 + length))
      throw corrupt(`${name} fails its checksum`);
    if (first !== (type === 'IHDR')) throw corrupt(first ? 'the IHDR chunk is not first' : 'it has two IHDR chunks');
    if (type !== 'IDAT' && ++others > MAX_PNG_CHUNKS)
      throw corrupt(`it has more than ${MAX_PNG_CHUNKS} chunks besides the image data`);
    yield { type, data: b.subarray(pos + 8, pos + 8 + length) };
    if (type === 'IEND') return;
    pos += 12 + length;
  }
}
