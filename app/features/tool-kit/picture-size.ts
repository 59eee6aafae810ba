/**
 * A photo's size in pixels from the start of its file, without decoding it: JPEG (its frame
 * header), PNG (IHDR) and WebP (VP8, VP8L or VP8X). Decoding a 12 MP photo only to learn its size
 * took the browser a quarter of a second; this reads at most HEAD_BYTES. Null when the file is none
 * of these or its frame header is further in (the caller then decodes).
 */

/** Enough for the EXIF, ICC and XMP segments a camera or editor puts before a JPEG's frame header. */
const HEAD_BYTES = 512 * 1024;

export type PictureSize = { width: number; height: number };

export async function pictureSize(file: Blob): Promise<PictureSize | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return sizeFromHead(head);
}

export function sizeFromHead(b: Uint8Array): PictureSize | null {
  const u16be = (at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
  const u16le = (at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
  const u24le = (at: number) => u16le(at) | ((b[at + 2] ?? 0) << 16);
  const u32be = (at: number) => u16be(at) * 65536 + u16be(at + 2);
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);

  if (b[0] === 0xff && b[1] === 0xd8) {
    // Segments up to the first frame header (SOF0-15 but DHT, JPG and DAC).
    for (let at = 2; at + 9 < b.length;) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1] as number;
      if (marker === 0xff) {
        at++; // fill byte
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return sized(u16be(at + 7), u16be(at + 5));
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      if (marker === 0xda || marker === 0xd9) return null;
      at += 2 + u16be(at + 2);
    }
    return null;
  }
  if (ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') return sized(u32be(16), u32be(20));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ') return sized(u16le(26) & 0x3fff, u16le(28) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
      return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X') return sized(u24le(24) + 1, u24le(27) + 1);
  }
  return null;
}
