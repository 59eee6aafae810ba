import type { PlatformFormat } from '../../../shared/formats';
import { formatSize, OUTPUT_LABELS } from '@social-resizer/engine/plan/output';

/** 'JPEG, PNG or WebP': the file types the platform takes, as the guide words them. */
export function fileTypesText(format: Pick<PlatformFormat, 'types'>): string {
  const labels = format.types.map((type) => OUTPUT_LABELS[type]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/** '5 MB', '1,000,000 bytes', or that the platform publishes no cap (the product then caps nothing). */
export function byteCapText(format: Pick<PlatformFormat, 'maxBytes'>): string {
  return format.maxBytes === null ? 'No published limit' : `At most ${formatSize(format.maxBytes, format.maxBytes)}`;
}

/**
 * Whether transparent areas survive on this platform: an opaque format's platform refuses an alpha
 * channel, so the tool fills them (docs/product.md, "File types").
 */
export function transparencyText(format: Pick<PlatformFormat, 'opaque' | 'types'>): string {
  if (format.opaque) return 'Refused: transparent areas are filled with a colour';
  const keeping = format.types.filter((type) => type !== 'jpeg').map((type) => OUTPUT_LABELS[type]);
  return keeping.length > 0 ? `Kept in ${keeping.join(' and ')}` : 'Not kept: JPEG has no transparency';
}
