/**
 * In-browser normalisation of photos the server cannot take: the browser applies the EXIF
 * orientation when it decodes (createImageBitmap's default), so the redrawn file is upright, and
 * downscales with its high-quality filter. Files at or under the limit go up untouched; the server
 * decides, and a photo it refuses as too large (413) is redrawn smaller and sent once more.
 */
import { pictureSize } from './picture-size';
import { FALLBACK_PIXELS, normalisedSize, SEND_AS_IS_PIXELS } from './upload-size';

export type Prepared = { blob: Blob; filename: string; normalised: boolean };

/** HEIC/HEIF (iPhone photos): by type, or by name where the browser gives no type. */
export function isHeic(file: Pick<File, 'name' | 'type'>): boolean {
  return /^image\/hei[cf](-sequence)?$/.test(file.type) || (file.type === '' && /\.hei[cf]$/i.test(file.name));
}

export const HEIC_UNSUPPORTED =
  'This browser cannot open HEIC photos. Open this page in Safari, or save the photo as JPEG first (on an iPhone: Settings → Camera → Formats → Most Compatible).';

/**
 * A HEIC photo is decoded by the browser where it can (Safari), and goes up as a JPEG the server
 * reads; where it cannot, HEIC_UNSUPPORTED is thrown, before anything is sent. `fallback` redraws to
 * FALLBACK_PIXELS: for a photo the server refused as too large.
 */
export async function prepareUpload(file: File, { fallback = false } = {}): Promise<Prepared> {
  const heic = isHeic(file);
  // A photo whose header says it goes as it is is not decoded here (a 12 MP photo: a quarter of a second).
  if (!heic && !fallback) {
    const size = await pictureSize(file);
    if (size && !normalisedSize(size.width, size.height, file.type, SEND_AS_IS_PIXELS))
      return { blob: file, filename: file.name, normalised: false };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    if (heic) throw new Error(HEIC_UNSUPPORTED);
    return { blob: file, filename: file.name, normalised: false }; // let the server say what is wrong
  }
  const target =
    normalisedSize(bitmap.width, bitmap.height, file.type, fallback ? FALLBACK_PIXELS : SEND_AS_IS_PIXELS) ??
    (heic ? { width: bitmap.width, height: bitmap.height } : null);
  if (!target) {
    bitmap.close();
    return { blob: file, filename: file.name, normalised: false };
  }
  const scaled = await createImageBitmap(bitmap, {
    resizeWidth: target.width,
    resizeHeight: target.height,
    resizeQuality: 'high',
  });
  bitmap.close();
  const canvas = new OffscreenCanvas(target.width, target.height);
  const context = canvas.getContext('2d');
  if (!context) return { blob: file, filename: file.name, normalised: false };
  context.drawImage(scaled, 0, 0);
  scaled.close();
  // PNG and WebP may carry transparency, which the product keeps (a WebP as WebP where the browser
  // writes it, else PNG); photos go as JPEG.
  const keepAlpha = !heic && (file.type === 'image/png' || file.type === 'image/webp');
  const blob = await canvas.convertToBlob(
    !keepAlpha
      ? { type: 'image/jpeg', quality: 0.92 }
      : file.type === 'image/webp'
        ? { type: 'image/webp', quality: 0.92 }
        : { type: 'image/png' },
  );
  const extension = { 'image/jpeg': 'jpg', 'image/webp': 'webp' }[blob.type] ?? 'png';
  const filename = `${file.name.replace(/\.\w+$/, '')}.${extension}`;
  return { blob, filename, normalised: true };
}
