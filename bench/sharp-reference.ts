/**
 * The reference every speed row is measured against: sharp as its users call it for one output,
 * reading the file itself (so libvips shrinks a JPEG or WebP while it decodes), resizing so the
 * crop lands on the format's size and then cutting it out (sharp's fastest order: an extract before
 * the resize would turn shrink-on-load off), with its encoders' defaults: `.jpeg({ quality })`
 * (libjpeg-turbo, baseline, standard tables), `.webp({ quality })`, `.png()`. One thread, no cache
 * (the caller sets `sharp.concurrency(1)` and `sharp.cache(false)`).
 */
import sharp from 'sharp';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { PlatformFormat } from '../shared/formats';
import { DEFAULT_QUALITY } from '@social-resizer/engine/plan/output';

export type OutputLike = { type: 'jpeg' | 'png' | 'webp'; quality: number | null };

/** One output of `bytes` (a picture `upright` in size once turned upright) for `format`, from `crop`. */
export function sharpOutput(
  bytes: Uint8Array,
  upright: { width: number; height: number },
  crop: CropRect,
  format: Pick<PlatformFormat, 'width' | 'height' | 'opaque'>,
  like: OutputLike,
): Promise<Buffer> {
  const sx = format.width / crop.width;
  const sy = format.height / crop.height;
  const width = Math.max(format.width, Math.round(upright.width * sx));
  const height = Math.max(format.height, Math.round(upright.height * sy));
  const left = Math.min(width - format.width, Math.max(0, Math.round(crop.x * sx)));
  const top = Math.min(height - format.height, Math.max(0, Math.round(crop.y * sy)));
  let pipeline = sharp(bytes)
    .rotate()
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .extract({ left, top, width: format.width, height: format.height });
  if (format.opaque) pipeline = pipeline.flatten({ background: '#ffffff' });
  const quality = like.quality ?? DEFAULT_QUALITY;
  if (like.type === 'jpeg') return pipeline.jpeg({ quality }).toBuffer();
  if (like.type === 'webp') return pipeline.webp({ quality }).toBuffer();
  return pipeline.png().toBuffer();
}

/** "1.23 MB" for a byte count (decimal, as the catalogue's caps). */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** "8 % smaller" or "3 % larger": our bytes against the reference's for the same outputs. */
export function sizeDifference(ours: number, reference: number): string {
  const change = Math.round((ours / reference - 1) * 100);
  return change === 0 ? 'the same size' : `${Math.abs(change)} % ${change < 0 ? 'smaller' : 'larger'}`;
}
