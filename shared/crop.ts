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
 * The widest crop inside the picture that holds `r` inside the safe span on both axes, as its
 * scale (output pixels per source pixel), or null when no crop inside the picture can. With
 * u = 1/scale, every condition is linear in u: the crop inside the picture (u <= 1/cover), the
 * region no larger than the safe span, the region's start after the safe start and its end before
 * the safe end while the crop stays inside the picture.
 */
function widestHoldingScale(
  picture: { width: number; height: number },
  r: CropRect,
  target: { width: number; height: number },
  safe: CropRect,
  cover: number,
): number | null {
  let lo = Math.max(r.width / safe.width, r.height / safe.height);
  let hi = 1 / cover;
  const axis = (length: number, extent: number, r0: number, r1: number, s0: number, s1: number) => {
    if (s0 > 0) hi = Math.min(hi, r0 / s0);
    if (extent - s1 > 0) hi = Math.min(hi, (length - r1) / (extent - s1));
  };
  axis(picture.width, target.width, r.x, r.x + r.width, safe.x, safe.x + safe.width);
  axis(picture.height, target.height, r.y, r.y + r.height, safe.y, safe.y + safe.height);
  lo = Math.max(lo, 1e-9);
  return hi >= lo - 1e-12 ? 1 / hi : null;
}

/**
 * The crop for one target that keeps `region` whole inside the target's safe zone: the widest crop
 * inside the picture that holds it (the cover crop where that works, else zoomed in as little as
 * needed), and only when no crop inside the picture can, the largest zoom at which it fits with the
 * canvas extended around the picture.
 */
export function planRegionCrop(
  picture: { width: number; height: number },
  region: CropRect | null,
  target: CropTarget,
): CropPlan {
  const cover = Math.max(target.width / picture.width, target.height / picture.height);
  const safe = safeRect(target);
  const r = region ?? { x: picture.width / 2, y: picture.height / 2, width: 0, height: 0 };
  const scale =
    widestHoldingScale(picture, r, target, safe, cover) ??
    Math.min(cover, r.width > 0 ? safe.width / r.width : cover, r.height > 0 ? safe.height / r.height : cover);
  const width = target.width / scale;
  const height = target.height / scale;
  const x = place(picture.width, width, scale, r.x, r.x + r.width, safe.x, safe.x + safe.width);
  const y = place(picture.height, height, scale, r.y, r.y + r.height, safe.y, safe.y + safe.height);
  const crop = { x, y, width, height };
  const extended = x < -0.5 || y < -0.5 || x + width > picture.width + 0.5 || y + height > picture.height + 0.5;
  return { crop, extended };
}

/**
 * The crop that keeps the first of `regions` (most generous first) that some crop inside the
 * picture can hold; when none can, the first one's plan, on an extended canvas. So a plain crop
 * that keeps the content whole wins over extending the canvas for a safety margin.
 */
export function planKeeping(
  picture: { width: number; height: number },
  regions: readonly (CropRect | null | undefined)[],
  target: CropTarget,
): CropPlan {
  let first: CropPlan | null = null;
  for (const region of regions) {
    if (!region) continue;
    const plan = planRegionCrop(picture, region, target);
    if (!plan.extended) return plan;
    first ??= plan;
  }
  return first ?? planRegionCrop(picture, null, target);
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
