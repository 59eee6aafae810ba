/**
 * The EXIF orientation (1-8) from a TIFF-structured EXIF block, or 1 when absent or unreadable.
 * Only IFD0's tag 0x0112 is read; nothing else of the metadata is kept anywhere.
 */
export function readExifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.length) return 1;
    if (u16(at) === 0x0112) {
      const type = u16(at + 2);
      const value = type === 3 ? u16(at + 8) : type === 4 ? u32(at + 8) : 1;
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Width and height as the browser shows the image (orientations 5-8 swap them). */
export function uprightSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
