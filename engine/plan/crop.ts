/**
 * Crop geometry both sides use: the app records a request's crop with it and draws the adjusters'
 * previews from the same plans the engine renders (the same numbers give the same crop).
 * Rectangles are in the upright picture's pixels (react-easy-crop's croppedAreaPixels).
 */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop the cropper gives at this zoom, centred on the picture, for a target's shape. */
export function centredCrop(
  picture: { width: number; height: number },
  target: { width: number; height: number },
  zoom: number,
): CropRect & { zoom: number } {
  return { ...fitCrop({ x: 0, y: 0, ...picture, zoom }, picture, target), zoom };
}

/**
 * The crop for another format from the same picture: the same centre and zoom, fitted to the
 * other format's shape, as the cropper would have framed it (at zoom 1 the largest rectangle of
 * that shape inside the picture; zoom z shrinks it by z).
 */
export function fitCrop(
  base: CropRect & { zoom: number },
  picture: { width: number; height: number },
  target: { width: number; height: number },
): CropRect {
  const aspect = target.width / target.height;
  const fitWidth = picture.width / picture.height > aspect ? picture.height * aspect : picture.width;
  const width = fitWidth / base.zoom;
  const height = width / aspect;
  const cx = base.x + base.width / 2;
  const cy = base.y + base.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

// ── Keeping a region: the content-aware analysis's, or the box the user chose ──────────────────

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

/** A box that places a crop where there is room: a saliency mark, weighted by its score (1 when absent). */
export interface WeightedRect extends CropRect {
  score?: number;
}

type Size = { width: number; height: number };

/** Output pixels per source pixel of the largest crop of the target's shape inside the picture. */
export function coverScale(picture: Size, target: Size): number {
  return Math.max(target.width / picture.width, target.height / picture.height);
}

/** The smallest rectangle holding every box. */
export function unionOf(boxes: readonly CropRect[]): CropRect {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The crops inside the picture that hold `r` inside the safe span on both axes, as the range of
 * u = 1/scale (source pixels per output pixel), or null when no crop inside the picture can. Every
 * condition is linear in u: the crop inside the picture (u <= 1/cover), the region no larger than
 * the safe span (the lower bound), the region's start after the safe start and its end before the
 * safe end while the crop stays inside the picture. So the crops that hold it are one interval of
 * zooms, and the widest of them is its upper end.
 */
export function holdingRange(
  picture: Size,
  r: CropRect,
  target: Size,
  safe: CropRect,
): { lo: number; hi: number } | null {
  const lo = Math.max(r.width / safe.width, r.height / safe.height, 1e-9);
  let hi = 1 / coverScale(picture, target);
  const axis = (length: number, extent: number, r0: number, r1: number, s0: number, s1: number) => {
    if (s0 > 0) hi = Math.min(hi, r0 / s0);
    if (extent - s1 > 0) hi = Math.min(hi, (length - r1) / (extent - s1));
  };
  axis(picture.width, target.width, r.x, r.x + r.width, safe.x, safe.x + safe.width);
  axis(picture.height, target.height, r.y, r.y + r.height, safe.y, safe.y + safe.height);
  return hi >= lo * (1 - 1e-12) ? { lo: Math.min(lo, hi), hi } : null;
}

/** Whether a crop reaches outside the picture by more than half a pixel: the output needs a backdrop. */
export function reachesOutside(picture: Size, crop: CropRect): boolean {
  return (
    crop.x < -0.5 ||
    crop.y < -0.5 ||
    crop.x + crop.width > picture.width + 0.5 ||
    crop.y + crop.height > picture.height + 0.5
  );
}

/**
 * The most a plan zooms in past the cover crop, as far as the Single Image tool's cropper goes
 * (ZOOM_MAX in shared/schemas.ts): a plan never enlarges a picture more than a user could by hand.
 */
export const PLAN_ZOOM_MAX = 3;

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
