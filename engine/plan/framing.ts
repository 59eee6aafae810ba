/**
 * The framing planner both sides use (docs/product.md, "Intelligent resizing" and "Keep this";
 * docs/decisions/0021-fill-the-frame.md): the engine renders from it, and the app opens its
 * cropper and draws its previews from the same plans. A designer's order:
 * 1. the primary subject (the most prominent faces and the headline, or the user's box) whole
 *    inside the target's safe zone;
 * 2. the rest that matters (the other faces and designed text, a panel behind text) whole inside
 *    the frame;
 * 3. a crop of the target's shape inside the picture whenever one can do both (the widest), and
 *    only where none can, the canvas extended, as little as it can be.
 * The picture always spans the frame along one axis: an output is never shrunk on all four sides
 * to satisfy the safe zone alone; where only that would hold the primary subject in the safe zone,
 * the safe zone gives way (first on one axis, then on both) and the frame still holds it all.
 * Pure and deterministic.
 */
import {
  coverScale,
  PLAN_ZOOM_MAX,
  reachesOutside,
  safeRect,
  unionOf,
  type CropPlan,
  type CropRect,
  type CropTarget,
  type WeightedRect,
} from './crop';

/** A box to keep, with the smaller box that must hold when its margin cannot (a face within its head). */
export interface KeptRect extends CropRect {
  core?: CropRect;
}

/**
 * What a crop keeps (docs/product.md, "Intelligent resizing"): `must` whole inside the safe zone
 * (the primary subject, or the user's box), `whole` whole inside the frame (the other faces and
 * designed text, a panel behind text), `soft` only placing the crop within the room they leave
 * (logos and badges the saliency map found).
 */
export interface Keep {
  must: readonly KeptRect[];
  whole?: readonly KeptRect[];
  soft: readonly WeightedRect[];
}

type Size = { width: number; height: number };
type Span = [number, number];
/** a + b·u, where u is the crop's source pixels per output pixel. */
type Linear = readonly [number, number];
/** The crop starts on one axis that keep a condition: from the largest `lo` to the smallest `hi`, each linear in u. */
interface Bounds {
  lo: Linear[];
  hi: Linear[];
}

/** One axis of the problem: picture and target lengths, the safe span (output pixels), the boxes' spans (source pixels). */
interface AxisSpec {
  length: number;
  extent: number;
  safe: Span;
  frame: Span;
  must: Span | null;
  whole: Span | null;
}

const inside = (a: AxisSpec): Bounds => ({ lo: [[0, 0]], hi: [[a.length, -a.extent]] });
const mustInSafe = (a: AxisSpec): Bounds =>
  a.must ? { lo: [[a.must[1], -a.safe[1]]], hi: [[a.must[0], -a.safe[0]]] } : { lo: [], hi: [] };
const wholeInFrame = (a: AxisSpec): Bounds =>
  a.whole ? { lo: [[a.whole[1], -a.frame[1]]], hi: [[a.whole[0], -a.frame[0]]] } : { lo: [], hi: [] };
const join = (...all: Bounds[]): Bounds => ({ lo: all.flatMap((b) => b.lo), hi: all.flatMap((b) => b.hi) });
const at = ([a, b]: Linear, u: number) => a + b * u;

/** The u in `range` for which some start keeps every bound on both axes: one interval (every bound is linear), or null. */
function feasible(axes: readonly Bounds[], range: Span, tolerance: number): Span | null {
  let [lo, hi] = range;
  for (const axis of axes)
    for (const l of axis.lo)
      for (const h of axis.hi) {
        // l(u) <= h(u): (lb - hb)·u <= ha - la
        const k = l[1] - h[1];
        const c = h[0] - l[0] + tolerance;
        if (Math.abs(k) < 1e-12) {
          if (c < 0) return null;
        } else if (k > 0) hi = Math.min(hi, c / k);
        else lo = Math.max(lo, c / k);
      }
  return hi >= lo ? [lo, hi] : null;
}

/** The starts that keep every bound at u (the two ends meet where rounding crossed them). */
function slackAt(bounds: Bounds, u: number): Span {
  const lo = Math.max(-Infinity, ...bounds.lo.map((l) => at(l, u)));
  const hi = Math.min(Infinity, ...bounds.hi.map((h) => at(h, u)));
  return lo <= hi ? [lo, hi] : [(lo + hi) / 2, (lo + hi) / 2];
}

const clamp = (v: number, [lo, hi]: Span) => Math.min(hi, Math.max(lo, v));
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** How far a crop keeps the must boxes from the safe zone's edges when it can: this share of the safe span. */
const COMFORT = 0.05;

/**
 * What a soft box's span is worth to a placement: its part inside the safe span, and a little for
 * its part inside the frame, so a mark the safe zone cannot take is still shown rather than cut.
 */
const IN_FRAME = 0.05;
const softShare = (safe0: number, safe1: number, frame0: number, frame1: number, lo: number, hi: number) =>
  overlap(safe0, safe1, lo, hi) + IN_FRAME * overlap(frame0, frame1, lo, hi);

/** A soft box on one axis, its weight already multiplied by how much of it the other axis keeps. */
interface SoftSpan {
  lo: number;
  hi: number;
  weight: number;
}

/** One axis at the chosen scale, in source pixels; positions are the crop's start. */
interface Placed {
  length: number;
  extent: number;
  /** The safe span, measured from the crop's start. */
  safe: Span;
  must: Span | null;
}

/**
 * The crop start on one axis, within `slack`: the most soft weight inside the safe span (and, a
 * little, inside the frame); then the must boxes at least COMFORT of the safe span from its edges;
 * then the centre of mass of what is kept in the middle of the safe span. Where nothing must be
 * kept and nothing soft reaches the slack, the crop is centred. The soft total is piecewise linear
 * in the start, so its maxima lie at the slack's ends or where a soft box's edge meets a safe edge.
 */
function placeOnAxis(
  axis: Placed,
  slack: Span,
  soft: readonly SoftSpan[],
  mustMass: { at: number; weight: number },
): number {
  if (slack[1] - slack[0] <= 1e-9 * Math.max(1, axis.length)) return slack[0];
  const [s0, s1] = axis.safe;
  const e = axis.extent;
  const kept = (x: number) =>
    soft.reduce((sum, b) => sum + b.weight * softShare(x + s0, x + s1, x, x + e, b.lo, b.hi), 0);
  const edges = (b: SoftSpan) => [b.lo - s0, b.hi - s0, b.lo - s1, b.hi - s1, b.lo, b.hi, b.lo - e, b.hi - e];
  const points = [slack[0], slack[1], ...soft.flatMap(edges)]
    .filter((x) => x >= slack[0] && x <= slack[1])
    .sort((a, b) => a - b);
  const values = points.map(kept);
  const best = Math.max(...values);
  // The starts that keep the most: runs of neighbouring breakpoints at the maximum (linear between).
  const atBest = values.map((v) => v >= best * (1 - 1e-9));
  const maxima: Span[] = [];
  if (best <= 0) maxima.push(slack);
  else
    points.forEach((x, i) => {
      if (!atBest[i]) return;
      const last = maxima.at(-1);
      if (last && i > 0 && atBest[i - 1]) last[1] = x;
      else maxima.push([x, x]);
    });

  // The centre of mass of what is kept: the must boxes and the soft boxes that reach the slack.
  let mass = mustMass.weight;
  let moment = mustMass.at * mustMass.weight;
  for (const b of soft) {
    if (overlap(slack[0], slack[1] + e, b.lo, b.hi) <= 0) continue;
    const w = b.weight * (b.hi - b.lo);
    mass += w;
    moment += w * ((b.lo + b.hi) / 2);
  }
  const centred = mass > 0 ? moment / mass - (s0 + s1) / 2 : (axis.length - axis.extent) / 2;
  const nearest = (spans: Span[], to: number) =>
    spans.map((span) => clamp(to, span)).reduce((a, b) => (Math.abs(b - to) < Math.abs(a - to) ? b : a));

  if (!axis.must) return nearest(maxima, centred);
  const [m0, m1] = axis.must;
  const margin = Math.max(0, Math.min(COMFORT * (s1 - s0), (s1 - s0 - (m1 - m0)) / 2));
  const comfortable: Span = [m1 + margin - s1, m0 - margin - s0];
  const roomy = maxima
    .map((span): Span => [Math.max(span[0], comfortable[0]), Math.min(span[1], comfortable[1])])
    .filter(([lo, hi]) => lo <= hi);
  if (roomy.length > 0) return nearest(roomy, centred);
  // No start keeps them comfortably: the one with the must boxes as far from the edges as it can.
  return nearest(maxima, (m0 + m1) / 2 - (s0 + s1) / 2);
}

/** The boxes' union on one axis, or null when there are none. */
function spanOf(boxes: readonly CropRect[], axis: 'x' | 'y'): Span | null {
  if (boxes.length === 0) return null;
  const u = unionOf(boxes);
  return axis === 'x' ? [u.x, u.x + u.width] : [u.y, u.y + u.height];
}

/**
 * One way of framing to try: the boxes (with or without their margins), the safe rectangle and the
 * frame they keep to (output pixels), the axes on which the must boxes keep to the safe rectangle
 * (else to the frame), crop or canvas.
 */
interface Attempt {
  must: readonly CropRect[];
  whole: readonly CropRect[];
  safe: CropRect;
  frame: CropRect;
  bind: { x: boolean; y: boolean };
  extend: boolean;
}

const coreOf = (box: KeptRect): CropRect => box.core ?? box;

/** Our margin inside the frame where the picture allows: this share of each side. */
const MARGIN = 0.03;

function intersect(a: CropRect, b: CropRect): CropRect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * The ways to frame a target, best first: at each level of the safe zone (binding both axes, one,
 * none), a crop inside the picture, and only then the canvas extended; each first with our 3 %
 * margin inside the frame (and the safe zone), then flush with the frame and the platform's safe
 * zone as published, then without the boxes' own margins (a head down to the face, a line to its
 * glyphs). The last attempt (nothing bound, the canvas extended up to the picture fitted whole
 * along one axis) always succeeds.
 */
function attempts(keep: Keep, target: CropTarget): Attempt[] {
  const overlaid = target.safeZone?.shape === 'rect' || target.safeZone?.shape === 'circle';
  const frame = { x: 0, y: 0, width: target.width, height: target.height };
  const inset = {
    x: MARGIN * target.width,
    y: MARGIN * target.height,
    width: (1 - 2 * MARGIN) * target.width,
    height: (1 - 2 * MARGIN) * target.height,
  };
  const zone = overlaid ? safeRect(target) : frame;
  const edges = [
    { safe: intersect(zone, inset), frame: inset },
    { safe: zone, frame },
  ];
  const must = keep.must;
  const whole = [...must, ...(keep.whole ?? [])];
  const boxes = [
    { must, whole },
    { must: must.map(coreOf), whole: whole.map(coreOf) },
  ];
  const levels = [
    { x: true, y: true },
    { x: false, y: true },
    { x: true, y: false },
    { x: false, y: false },
  ];
  const list: Attempt[] = [];
  for (const bind of levels) {
    if (must.length === 0 && (!bind.x || !bind.y)) break;
    for (const extend of [false, true])
      for (const b of boxes) for (const e of edges) list.push({ ...b, ...e, bind, extend });
  }
  return list;
}

/**
 * The crop for one target (see the file's comment). Without any box to keep: the cover crop,
 * placed on the soft boxes as smartcrop does, else centred. A crop zooms in at most PLAN_ZOOM_MAX
 * past the cover crop (no more than a user could by hand); a canvas is extended at most until the
 * picture fits it whole along one axis.
 */
export function planFraming(picture: Size, asked: Keep, target: CropTarget): CropPlan {
  const keep = onPicture(picture, asked);
  const uCover = 1 / coverScale(picture, target);
  const uContain = Math.max(picture.width / target.width, picture.height / target.height);
  const tolerance = 1e-9 * Math.max(picture.width, picture.height);
  const specs = (a: Attempt): { x: AxisSpec; y: AxisSpec } => ({
    x: {
      length: picture.width,
      extent: target.width,
      safe: [a.safe.x, a.safe.x + a.safe.width],
      frame: [a.frame.x, a.frame.x + a.frame.width],
      must: a.bind.x ? spanOf(a.must, 'x') : null,
      whole: spanOf(a.whole, 'x'),
    },
    y: {
      length: picture.height,
      extent: target.height,
      safe: [a.safe.y, a.safe.y + a.safe.height],
      frame: [a.frame.y, a.frame.y + a.frame.height],
      must: a.bind.y ? spanOf(a.must, 'y') : null,
      whole: spanOf(a.whole, 'y'),
    },
  });
  for (const attempt of attempts(keep, target)) {
    const { x, y } = specs(attempt);
    const bounds = (a: AxisSpec) =>
      attempt.extend ? join(mustInSafe(a), wholeInFrame(a)) : join(inside(a), mustInSafe(a), wholeInFrame(a));
    const bx = bounds(x);
    const by = bounds(y);
    // (The two ends meet, up to rounding, where the picture has the target's shape.)
    const range: Span = attempt.extend ? [uCover, Math.max(uCover, uContain)] : [uCover / PLAN_ZOOM_MAX, uCover];
    const found = feasible([bx, by], range, tolerance);
    if (!found) continue;
    // A crop as wide as it can be; a canvas extended as little as it can be.
    const u = attempt.extend ? found[0] : found[1];
    return place(picture, keep, attempt, { ...x, extent: target.width * u }, { ...y, extent: target.height * u }, u, [
      slackAt(bx, u),
      slackAt(by, u),
    ]);
  }
  // Not reached (the last attempt holds everything inside the frame once the picture fits it whole).
  return planFraming(picture, { must: [], soft: keep.soft }, target);
}

/**
 * The boxes as far as they lie on the picture (a box reaching past its edge, by rounding or a
 * margin, is kept as the picture has it), without those wholly off it: so the last attempt, the
 * picture fitted whole, always holds them.
 */
function onPicture(picture: Size, keep: Keep): Keep {
  const whole = { x: 0, y: 0, ...picture };
  const clip = (box: KeptRect): KeptRect | null => {
    const on = intersect(box, whole);
    if (on.width < 0 || on.height < 0) return null;
    return box.core ? { ...on, core: intersect(box.core, whole) } : on;
  };
  const all = (boxes: readonly KeptRect[]) => boxes.map(clip).filter((b): b is KeptRect => b !== null);
  return { must: all(keep.must), whole: all(keep.whole ?? []), soft: keep.soft };
}

/** Within `slack`, the starts that show the most picture (all of it on this axis when the crop is longer). */
function coverOf(length: number, extent: number, slack: Span): Span {
  const cover: Span = [Math.min(0, length - extent), Math.max(0, length - extent)];
  if (slack[1] < cover[0]) return [slack[1], slack[1]];
  if (slack[0] > cover[1]) return [slack[0], slack[0]];
  return [Math.max(slack[0], cover[0]), Math.min(slack[1], cover[1])];
}

/**
 * The crop at scale u (source pixels per output pixel) within the starts the attempt allows: those
 * that show the most picture, then placed on each axis by placeOnAxis, the soft boxes weighed on
 * one axis by how much of them the other keeps.
 */
function place(
  picture: Size,
  keep: Keep,
  attempt: Attempt,
  axisX: AxisSpec,
  axisY: AxisSpec,
  u: number,
  [slackX, slackY]: [Span, Span],
): CropPlan {
  const placed = (a: AxisSpec, must: Span | null): Placed => ({
    length: a.length,
    extent: a.extent,
    safe: [a.safe[0] * u, a.safe[1] * u],
    must,
  });
  const px = placed(axisX, spanOf(attempt.must, 'x'));
  const py = placed(axisY, spanOf(attempt.must, 'y'));
  const sx = coverOf(px.length, px.extent, slackX);
  const sy = coverOf(py.length, py.extent, slackY);
  const soft = keep.soft.filter((b) => b.width > 0 && b.height > 0);
  // The must boxes' centre of mass, by area (a point the user tapped counts as one).
  const must = attempt.must;
  const area = must.reduce((sum, b) => sum + b.width * b.height, 0);
  const massOf = (centre: (b: CropRect) => number) =>
    must.length === 0
      ? { at: 0, weight: 0 }
      : area > 0
        ? { at: must.reduce((s, b) => s + b.width * b.height * centre(b), 0) / area, weight: area }
        : { at: must.reduce((s, b) => s + centre(b), 0) / must.length, weight: 1 };
  const massX = massOf((b) => b.x + b.width / 2);
  const massY = massOf((b) => b.y + b.height / 2);
  // Each axis weighs a soft box by its score and by how much of it the other axis keeps.
  const spansX = (y: number): SoftSpan[] =>
    soft.map((b) => ({
      lo: b.x,
      hi: b.x + b.width,
      weight: (b.score ?? 1) * softShare(y + py.safe[0], y + py.safe[1], y, y + py.extent, b.y, b.y + b.height),
    }));
  const spansY = (x: number): SoftSpan[] =>
    soft.map((b) => ({
      lo: b.y,
      hi: b.y + b.height,
      weight: (b.score ?? 1) * softShare(x + px.safe[0], x + px.safe[1], x, x + px.extent, b.x, b.x + b.width),
    }));
  // Along an axis the canvas extends, the picture sits in the middle of the frame as far as the
  // boxes allow (even bands of backdrop); along the others, at the widest holding crop at most one
  // axis has room, and two rounds settle both.
  const middle = (a: Placed, slack: Span) => (a.extent > a.length ? clamp((a.length - a.extent) / 2, slack) : null);
  const mx = middle(px, sx);
  const my = middle(py, sy);
  let x = mx ?? placeOnAxis(px, sx, [], massX);
  let y = my ?? placeOnAxis(py, sy, spansY(x), massY);
  x = mx ?? placeOnAxis(px, sx, spansX(y), massX);
  y = my ?? placeOnAxis(py, sy, spansY(x), massY);
  const crop = { x, y, width: px.extent, height: py.extent };
  return { crop, extended: reachesOutside(picture, crop) };
}

/** The crop that keeps one region (the user's box, or the analysis's) whole: planFraming with it as the only must box. */
export function planRegionCrop(picture: Size, region: CropRect | null, target: CropTarget): CropPlan {
  return planFraming(picture, { must: region ? [region] : [], soft: [] }, target);
}

/**
 * The crop that keeps the first of `regions` (most generous first) that some crop inside the
 * picture can hold; when none can, the first one's plan, on an extended canvas. So a plain crop
 * that keeps the content whole wins over extending the canvas for a safety margin.
 */
export function planKeeping(
  picture: Size,
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

/**
 * Whether some crop of the target's shape inside the picture keeps `keep.must` inside `safe` and
 * everything inside the frame (no margins given way): where none can, a planner that never cuts
 * them must extend the canvas (the benchmark's floor).
 */
export function cropHolds(picture: Size, keep: Keep, target: CropTarget, safe: CropRect): boolean {
  const whole = [...keep.must, ...(keep.whole ?? [])];
  const axis = (length: number, extent: number, s: Span, d: 'x' | 'y'): AxisSpec => ({
    length,
    extent,
    safe: s,
    frame: [0, extent],
    must: spanOf(keep.must, d),
    whole: spanOf(whole, d),
  });
  const x = axis(picture.width, target.width, [safe.x, safe.x + safe.width], 'x');
  const y = axis(picture.height, target.height, [safe.y, safe.y + safe.height], 'y');
  const uCover = 1 / coverScale(picture, target);
  const bounds = (a: AxisSpec) => join(inside(a), mustInSafe(a), wholeInFrame(a));
  return feasible([bounds(x), bounds(y)], [0, uCover], 1e-9 * Math.max(picture.width, picture.height)) !== null;
}
