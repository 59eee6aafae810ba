import { customFormat, customFormatId } from '../../../shared/custom-format';
import type { PlatformFormat } from '../../../shared/formats';

/** The long side of the size a fresh picture's request is made for: never rendered, only recorded. */
const LONG_SIDE = 1000;

/**
 * The format a fresh picture's run hangs its image request on (docs/product.md, "Banner and profile
 * adjusters"): a size of the picture's own shape, of the user's own kind, that no target is. The
 * request's own format is the single tool's, under the request rule (worker/services/access/door.ts);
 * made for one of the targets, that target alone would need a free download or a payment, where the
 * adjusters' outputs are free. Named sources keep their own format, which is never a target.
 */
export function freshPictureFormat(
  picture: { width: number; height: number },
  targets: readonly PlatformFormat[],
): PlatformFormat {
  const scale = LONG_SIDE / Math.max(picture.width, picture.height);
  const side = (n: number) => Math.max(16, Math.round(n * scale));
  // A target of exactly this size (the user's own) is stepped past, a pixel at a time.
  for (let grow = 0; grow < 8; grow++) {
    const width = side(picture.width) + grow;
    const height = side(picture.height) + grow;
    const format = customFormat(customFormatId({ width, height, type: 'auto', capKb: null }));
    if (format && !targets.some((t) => t.id === format.id)) return format;
  }
  throw new Error('No size of the picture’s shape is free of the targets');
}
