/**
 * Profile pictures framed on the face (docs/product.md, "Banner and profile adjusters"): platforms
 * show them as a circle, so the plan works in the circle inscribed in the output. Pure and
 * deterministic, like engine/plan/crop.ts: the app draws the circular preview from the same plan.
 */
import {
  coverScale,
  holdingRange,
  reachesOutside,
  safeRect,
  unionOf,
  type CropPlan,
  type CropRect,
  type CropTarget,
} from './crop';
import { headBox, type DetectedFace, type Point } from './detection';

/** The face box's height as a share of the circle's diameter, where the picture allows. */
export const FACE_FILL = 0.5;
/** The eyes sit this share of the radius above the circle's centre (the face's centre then falls about on it). */
export const EYE_LIFT = 0.1;
/** How far the face's centre may move from the circle's centre to keep the crop inside the picture, as a share of the radius. */
export const CENTRE_TOLERANCE = 0.15;
/** Faces at least this share of the best score are one group, kept together when they fit. */
export const GROUP_SHARE = 0.6;
/**
 * The most a profile plan enlarges the source: 8 output pixels per source pixel (an 800 px picture
 * from a 100 px crop). Platforms show profile pictures at a quarter of their upload size or less
 * (an 800 px upload appears at 32 to 200 px), so the enlargement is not seen, and a small face
 * still fills half the circle in the large formats too (at 4, a 60 px face filled a sixth of
 * Facebook's 720 px circle and half of the 400 px ones); a smaller face is framed smaller rather
 * than blurred further. A picture smaller than the output still fills it.
 */
export const ZOOM_CAP = 8;

type Size = { width: number; height: number };

/** The circle's centre and radius in output pixels. */
function circleOf(target: Size) {
  return { cx: target.width / 2, cy: target.height / 2, r: Math.min(target.width, target.height) / 2 };
}

/** Midway between the eyes (landmarks 0 and 1), else the middle of the box's upper third. */
function eyesOf(face: DetectedFace): Point {
  const [right, left] = face.landmarks;
  if (right && left) return { x: (right.x + left.x) / 2, y: (right.y + left.y) / 2 };
  return { x: face.x + face.width / 2, y: face.y + face.height / 3 };
}

type Span = [number, number];

/** Points on the outline of a head's oval, as their cos and sin: enough that the miss between two is under 0.1 % of the radius. */
const HEAD_POINTS = 72;
const OUTLINE_COS = Float64Array.from({ length: HEAD_POINTS }, (_, i) => Math.cos((2 * Math.PI * i) / HEAD_POINTS));
const OUTLINE_SIN = Float64Array.from({ length: HEAD_POINTS }, (_, i) => Math.sin((2 * Math.PI * i) / HEAD_POINTS));
/** Each outline point's squared distance from the circle's centre, in the call under way. */
const SQUARED = new Float64Array(HEAD_POINTS);
const clamp = (v: number, [lo, hi]: Span) => Math.min(hi, Math.max(lo, v));

/**
 * One face in the circle at one scale. Positions are `d`, the head's centre's offset from the
 * circle's centre in output pixels; the crop's start is then head centre − (circle centre + d)/scale.
 * The head (the oval inscribed in its box) is inside the circle for a convex set of offsets; the face's centre stays in a square of half-side
 * CENTRE_TOLERANCE·r/√2, so never further than CENTRE_TOLERANCE·r.
 */
class FaceFit {
  private readonly head: CropRect;
  private readonly headCentre: Point;
  private readonly faceOffset: Point;
  private readonly eyeOffset: Point;
  private readonly circle: { cx: number; cy: number; r: number };
  private readonly tolerance: number;

  constructor(
    private readonly picture: Size,
    private readonly target: Size,
    face: DetectedFace,
  ) {
    this.head = headBox(face, picture);
    this.headCentre = { x: this.head.x + this.head.width / 2, y: this.head.y + this.head.height / 2 };
    this.faceOffset = {
      x: face.x + face.width / 2 - this.headCentre.x,
      y: face.y + face.height / 2 - this.headCentre.y,
    };
    const eyes = eyesOf(face);
    this.eyeOffset = { x: eyes.x - this.headCentre.x, y: eyes.y - this.headCentre.y };
    this.circle = circleOf(target);
    this.tolerance = (CENTRE_TOLERANCE * this.circle.r) / Math.SQRT2;
  }

  /**
   * How far outside the circle the head reaches (≤ 0: inside). A head is an oval: the ellipse
   * inscribed in the head box, checked at HEAD_POINTS points of its outline (a box's corners would
   * push every head whose hair touches the picture's edge onto an extended canvas).
   */
  private excess(scale: number, d: Point): number {
    const a = (scale * this.head.width) / 2;
    const b = (scale * this.head.height) / 2;
    const { x, y } = d;
    // The farthest point by its squared distance first: Math.hypot is a call V8 does not inline,
    // three heap numbers each, and a planner calls this thousands of times (docs/decisions/0019).
    // Then Math.hypot only for the points that may be the farthest (a squared distance within
    // 1e-9 of the largest: their rounding differs by far less), so the answer is the same to the bit.
    let top = 0;
    for (let i = 0; i < HEAD_POINTS; i++) {
      const px = x + a * OUTLINE_COS[i]!;
      const py = y + b * OUTLINE_SIN[i]!;
      const squared = px * px + py * py;
      SQUARED[i] = squared;
      if (squared > top) top = squared;
    }
    const near = top * (1 - 1e-9);
    let far = 0;
    for (let i = 0; i < HEAD_POINTS; i++)
      if (SQUARED[i]! >= near) far = Math.max(far, Math.hypot(x + a * OUTLINE_COS[i]!, y + b * OUTLINE_SIN[i]!));
    return far - this.circle.r;
  }

  /** The offsets that keep the face's centre near the circle's centre. */
  private centred(scale: number): { x: Span; y: Span } {
    const t = this.tolerance;
    return {
      x: [-t - this.faceOffset.x * scale, t - this.faceOffset.x * scale],
      y: [-t - this.faceOffset.y * scale, t - this.faceOffset.y * scale],
    };
  }

  /** The offsets at which the crop lies inside the picture; reversed (hi < lo) when the crop is larger than it. */
  private inside(scale: number): { x: Span; y: Span } {
    const { cx, cy } = this.circle;
    const axis = (centre: number, length: number, extent: number, c: number): Span => [
      (centre - length) * scale + extent - c,
      centre * scale - c,
    ];
    return {
      x: axis(this.headCentre.x, this.picture.width, this.target.width, cx),
      y: axis(this.headCentre.y, this.picture.height, this.target.height, cy),
    };
  }

  /** Where the eyes sit EYE_LIFT above the circle's centre. */
  private ideal(scale: number): Point {
    return { x: -this.eyeOffset.x * scale, y: -EYE_LIFT * this.circle.r - this.eyeOffset.y * scale };
  }

  /** Whether the head fits in the circle with the face's centre near the circle's centre (easier as the scale falls). */
  headFits(scale: number): boolean {
    const box = this.centred(scale);
    return this.excess(scale, { x: clamp(0, box.x), y: clamp(0, box.y) }) <= 0;
  }

  /**
   * The offset within `box` nearest `want` that keeps the head in the circle: the box's point
   * nearest `want`, pulled along the straight line towards the box's point nearest the centre
   * (where the head fits best) until the head is inside. Null when even that point fails.
   */
  private settle(scale: number, box: { x: Span; y: Span }, want: Point): Point | null {
    if (box.x[0] > box.x[1] || box.y[0] > box.y[1]) return null;
    const best = { x: clamp(0, box.x), y: clamp(0, box.y) };
    if (this.excess(scale, best) > 0) return null;
    const start = { x: clamp(want.x, box.x), y: clamp(want.y, box.y) };
    if (this.excess(scale, start) <= 0) return start;
    let [lo, hi] = [0, 1];
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      const p = { x: best.x + (start.x - best.x) * mid, y: best.y + (start.y - best.y) * mid };
      if (this.excess(scale, p) <= 0) lo = mid;
      else hi = mid;
    }
    return { x: best.x + (start.x - best.x) * lo, y: best.y + (start.y - best.y) * lo };
  }

  /** The plan at this scale with the crop inside the picture, or null when none keeps the face as it should. */
  within(scale: number): CropPlan | null {
    const centred = this.centred(scale);
    const inside = this.inside(scale);
    const box = {
      x: [Math.max(centred.x[0], inside.x[0]), Math.min(centred.x[1], inside.x[1])] as Span,
      y: [Math.max(centred.y[0], inside.y[0]), Math.min(centred.y[1], inside.y[1])] as Span,
    };
    const d = this.settle(scale, box, this.ideal(scale));
    return d && this.plan(scale, d);
  }

  /** The plan at this scale on an extended canvas: the face kept as it should be, the crop as near the picture as that allows. */
  extended(scale: number): CropPlan {
    const inside = this.inside(scale);
    const ideal = this.ideal(scale);
    const toward = (v: number, [a, b]: Span) => clamp(v, [Math.min(a, b), Math.max(a, b)]);
    const want = { x: toward(ideal.x, inside.x), y: toward(ideal.y, inside.y) };
    const d = this.settle(scale, this.centred(scale), want) ?? { x: 0, y: 0 };
    return this.plan(scale, d);
  }

  private plan(scale: number, d: Point): CropPlan {
    const width = this.target.width / scale;
    const height = this.target.height / scale;
    const crop = {
      x: this.headCentre.x - (this.circle.cx + d.x) / scale,
      y: this.headCentre.y - (this.circle.cy + d.y) / scale,
      width,
      height,
    };
    return { crop, extended: reachesOutside(this.picture, crop) };
  }
}

/** The share of a crop that shows the picture. */
function coverage(picture: Size, crop: CropRect): number {
  const w = Math.max(0, Math.min(crop.x + crop.width, picture.width) - Math.max(crop.x, 0));
  const h = Math.max(0, Math.min(crop.y + crop.height, picture.height) - Math.max(crop.y, 0));
  return (w * h) / (crop.width * crop.height);
}

/**
 * One face: its face box FACE_FILL of the circle's diameter with the eyes EYE_LIFT above the
 * centre, the head (headBox) inside the circle. When that crop would leave the picture, zoom in
 * (never past ZOOM_CAP, nor past where the head still fits) and shift, the face's centre within
 * CENTRE_TOLERANCE of the radius; only when no scale works, extend the canvas at the scale that
 * shows the most picture (the nearest to the ideal of equals).
 */
function frameFace(picture: Size, face: DetectedFace, target: CropTarget): CropPlan {
  const fit = new FaceFit(picture, target, face);
  const { r } = circleOf(target);
  const cover = coverScale(picture, target);
  const cap = Math.max(ZOOM_CAP, cover);
  // The largest scale at which the head fits: the fit only gets harder as the scale grows.
  let [lo, hi] = [0, (4 * r) / Math.max(face.width, face.height, 1e-9)];
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (fit.headFits(mid)) lo = mid;
    else hi = mid;
  }
  const top = Math.min(cap, lo);
  const ideal = Math.min((FACE_FILL * 2 * r) / Math.max(face.height, 1e-9), top);
  const scales = [ideal];
  for (let s = Math.max(ideal, cover); s < top; s *= 1.01) scales.push(s);
  scales.push(top);
  let previous = ideal;
  for (const s of scales) {
    if (s < cover * (1 - 1e-12)) continue;
    const plan = fit.within(s);
    if (plan) {
      // The smallest zoom that works, between the last that did not and this one.
      let [bad, good, found] = [previous, s, plan];
      if (bad < good && bad >= cover)
        for (let i = 0; i < 30; i++) {
          const mid = (bad + good) / 2;
          const at = fit.within(mid);
          if (at) [good, found] = [mid, at];
          else bad = mid;
        }
      return found;
    }
    previous = s;
  }
  let best = fit.extended(ideal);
  for (const s of scales) {
    const plan = fit.extended(s);
    if (coverage(picture, plan.crop) > coverage(picture, best.crop) + 1e-9) best = plan;
  }
  return best;
}

/**
 * Several faces together, their heads inside the circle's inscribed square and filling it where
 * the zoom cap allows, centred; null when no crop inside the picture can hold them.
 */
function frameGroup(picture: Size, faces: readonly DetectedFace[], target: CropTarget): CropPlan | null {
  const circle: CropTarget = { width: target.width, height: target.height, safeZone: { shape: 'circle' } };
  const safe = safeRect(circle);
  const heads = unionOf(faces.map((face) => headBox(face, picture)));
  const range = holdingRange(picture, heads, target, safe);
  if (!range) return null;
  const cap = Math.max(ZOOM_CAP, coverScale(picture, target));
  const scale = 1 / Math.min(range.hi, Math.max(range.lo, 1 / cap));
  const axis = (length: number, extent: number, s0: number, s1: number, h0: number, h1: number) => {
    const slack: Span = [Math.max(0, h1 - s1 / scale), Math.min(length - extent, h0 - s0 / scale)];
    return clamp((h0 + h1) / 2 - (s0 + s1) / 2 / scale, slack);
  };
  const width = target.width / scale;
  const height = target.height / scale;
  const crop = {
    x: axis(picture.width, width, safe.x, safe.x + safe.width, heads.x, heads.x + heads.width),
    y: axis(picture.height, height, safe.y, safe.y + safe.height, heads.y, heads.y + heads.height),
    width,
    height,
  };
  return { crop, extended: reachesOutside(picture, crop) };
}

/**
 * The crop for a profile picture (a circle, or a square shown as one) framed on the face:
 * the faces scoring at least GROUP_SHARE of the best are kept together when a crop inside the
 * picture holds all their heads; otherwise one face, the most confident (not the largest box), or
 * in a group that does not fit the most prominent (score × √area), framed by frameFace.
 * Null when there is no face: the caller frames with planFraming and the saliency marks.
 */
export function planProfile(picture: Size, faces: readonly DetectedFace[], target: CropTarget): CropPlan | null {
  if (faces.length === 0) return null;
  const best = faces.reduce((a, b) => (b.score > a.score ? b : a));
  const group = faces.filter((face) => face.score >= GROUP_SHARE * best.score);
  if (group.length === 1) return frameFace(picture, best, target);
  const together = frameGroup(picture, group, target);
  if (together) return together;
  const prominence = (face: DetectedFace) => face.score * Math.sqrt(face.width * face.height);
  return frameFace(
    picture,
    group.reduce((a, b) => (prominence(b) > prominence(a) ? b : a)),
    target,
  );
}
