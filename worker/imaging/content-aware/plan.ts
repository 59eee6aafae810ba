/** Crops from an analysis: keep the region inside each target's safe zone, or centre on the subject. */
import type { CropRect } from '../raster';

/** A target's safe zone in output pixels, as the catalogue describes it. */
export type SafeZoneInput =
  | { shape: 'rect'; x: number; y: number; width: number; height: number }
  | { shape: 'circle' }
  | { shape: 'note' }
  | null;

export interface CropTarget {
  width: number;
  height: number;
  safeZone: SafeZoneInput;
}

export interface CropPlan {
  crop: CropRect;
  /** The crop reaches outside the picture: the output needs a backdrop. */
  extended: boolean;
}

/** The safe zone in output pixels: the catalogue's rectangle, a circle's inscribed square, else the frame less 3 %. */
export function safeRect(target: CropTarget): CropRect {
  const zone = target.safeZone;
  if (zone?.shape === 'rect') return { x: zone.x, y: zone.y, width: zone.width, height: zone.height };
  if (zone?.shape === 'circle') {
    const side = Math.min(target.width, target.height) / Math.SQRT2;
    return { x: (target.width - side) / 2, y: (target.height - side) / 2, width: side, height: side };
  }
  const mx = target.width * 0.03;
  const my = target.height * 0.03;
  return { x: mx, y: my, width: target.width - 2 * mx, height: target.height - 2 * my };
}

/**
 * Where a crop of `extent` source pixels starts on one axis: as close as possible to putting the
 * region's middle in the safe span's middle, while covering the picture where it can, and always
 * keeping the region inside the safe span (that rule wins).
 */
function place(length: number, extent: number, scale: number, r0: number, r1: number, a: number, b: number): number {
  const ideal = (r0 + r1) / 2 - (a + b) / 2 / scale;
  const [coverLo, coverHi] = extent <= length ? [0, length - extent] : [(length - extent) / 2, (length - extent) / 2];
  const covered = Math.min(coverHi, Math.max(coverLo, ideal));
  const safeLo = r1 - b / scale;
  const safeHi = r0 - a / scale;
  return Math.min(safeHi, Math.max(safeLo, covered));
}

/**
 * The crop for one target that keeps `region` whole inside the target's safe zone: the cover crop
 * where that works, else the largest zoom at which it fits, the canvas extended around the picture.
 */
export function planRegionCrop(
  picture: { width: number; height: number },
  region: CropRect | null,
  target: CropTarget,
): CropPlan {
  const cover = Math.max(target.width / picture.width, target.height / picture.height);
  const safe = safeRect(target);
  const r = region ?? { x: picture.width / 2, y: picture.height / 2, width: 0, height: 0 };
  const scale = Math.min(
    cover,
    r.width > 0 ? safe.width / r.width : cover,
    r.height > 0 ? safe.height / r.height : cover,
  );
  const width = target.width / scale;
  const height = target.height / scale;
  const x = place(picture.width, width, scale, r.x, r.x + r.width, safe.x, safe.x + safe.width);
  const y = place(picture.height, height, scale, r.y, r.y + r.height, safe.y, safe.y + safe.height);
  const crop = { x, y, width, height };
  const extended = x < -0.5 || y < -0.5 || x + width > picture.width + 0.5 || y + height > picture.height + 0.5;
  return { crop, extended };
}

/** The largest crop of the target's shape inside the picture, centred as near the subject as it can be. */
export function planSubjectCrop(
  picture: { width: number; height: number },
  subject: { x: number; y: number },
  target: { width: number; height: number },
): CropRect {
  const cover = Math.max(target.width / picture.width, target.height / picture.height);
  const width = target.width / cover;
  const height = target.height / cover;
  const x = Math.min(picture.width - width, Math.max(0, subject.x - width / 2));
  const y = Math.min(picture.height - height, Math.max(0, subject.y - height / 2));
  return { x, y, width, height };
}
