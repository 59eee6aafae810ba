/** Box arithmetic shared by the detectors' post-processing. */
import type { CropRect } from '../plan/crop';

/** The area two boxes share. */
export function intersection(a: CropRect, b: CropRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: CropRect, b: CropRect): number {
  const inter = intersection(a, b);
  return inter > 0 ? inter / (a.width * a.height + b.width * b.height - inter) : 0;
}

/** Whether at least half of `inner`'s area lies inside `outer`. */
export function mostlyInside(inner: CropRect, outer: CropRect): boolean {
  const inter = intersection(inner, outer);
  return inter > 0 && inter >= 0.5 * inner.width * inner.height;
}
