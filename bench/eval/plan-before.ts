/**
 * The framing planner as it was before the fill-first order (docs/decisions/0021-fill-the-frame.md),
 * kept only so `npm run bench -- detection` prints it beside today's in the same run: every face
 * and line of text whole inside the safe zone, the widest crop that holds them, else the canvas
 * extended at the largest scale up to the cover crop's at which they fit the safe zone (on all four
 * sides where it must). Not used by the product.
 */
import {
  coverScale,
  holdingRange,
  PLAN_ZOOM_MAX,
  reachesOutside,
  safeRect,
  unionOf,
  type CropPlan,
  type CropRect,
  type CropTarget,
  type WeightedRect,
} from '@social-resizer/engine/plan/crop';

type Size = { width: number; height: number };
type Span = [number, number];

/** What the planner before kept: every face and line whole inside the safe zone, marks where there was room. */
export interface KeepBefore {
  must: readonly CropRect[];
  soft: readonly WeightedRect[];
}

/** How far a crop keeps must boxes from the safe zone's edges when it can: this share of the safe span. */
const COMFORT = 0.05;

/** One axis of a placement at a fixed scale, in source pixels; positions are the crop's start. */
interface Axis {
  length: number;
  extent: number;
  /** The safe span's start and end, measured from the crop's start. */
  safe: Span;
  /** The must boxes' union on this axis, or null when nothing must be kept. */
  must: Span | null;
}

const clamp = (v: number, [lo, hi]: Span) => Math.min(hi, Math.max(lo, v));
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * What a soft box's span is worth to a placement: its part inside the safe span, and a little for
 * its part inside the frame, so a mark the safe zone cannot take is still shown rather than cut.
 */
const IN_FRAME = 0.05;
const softShare = (safe0: number, safe1: number, frame0: number, frame1: number, lo: number, hi: number) =>
  overlap(safe0, safe1, lo, hi) + IN_FRAME * overlap(frame0, frame1, lo, hi);

/**
 * The crop starts that keep the must boxes inside the safe span and, among those, cover as much of
 * the picture as they can (all of it on this axis when the crop fits inside it).
 */
function slackOf(axis: Axis): Span {
  const { length, extent, safe, must } = axis;
  const cover: Span = [Math.min(0, length - extent), Math.max(0, length - extent)];
  if (!must) return cover;
  let [lo, hi] = [must[1] - safe[1], must[0] - safe[0]];
  // A union exactly as large as the safe span leaves one start, up to rounding.
  if (lo > hi) [lo, hi] = [(lo + hi) / 2, (lo + hi) / 2];
  if (hi < cover[0]) return [hi, hi];
  if (lo > cover[1]) return [lo, lo];
  return [Math.max(lo, cover[0]), Math.min(hi, cover[1])];
}

/** A soft box on one axis, its weight already multiplied by how much of it the other axis keeps. */
interface SoftSpan {
  lo: number;
  hi: number;
  weight: number;
}

/**
 * The crop start on one axis, within `slack`: the most soft weight inside the safe span (and, a
 * little, inside the frame); then the
 * must boxes at least COMFORT of the safe span from its edges; then the centre of mass of what is
 * kept in the middle of the safe span. Where nothing must be kept and nothing soft reaches the
 * slack, the crop is centred. The soft total is piecewise linear in the start, so its maxima lie
 * at the slack's ends or where a soft box's edge meets a safe edge.
 */
function placeOnAxis(
  axis: Axis,
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

/**
 * The crop for one target (docs/product.md, "Intelligent resizing" and "Keep this"), cropping first:
 * - with must boxes: the widest crop of the target's shape inside the picture that holds all of
 *   them whole inside the safe zone (the cover crop when it can, else zoomed in as little as
 *   needed), placed within the room it leaves to hold the most soft weight, then to keep the must
 *   boxes COMFORT away from the safe zone's edges, then to centre what it keeps;
 * - only when no crop inside the picture can hold them: the canvas is extended, at the largest
 *   scale up to the cover crop's at which they fit the safe zone, and placed to cover as much
 *   picture as it can. (Zooming past the cover crop would only trim the strip a box near the
 *   picture's edge forces, at most the safe zone's inset, at the price of enlarging the picture.)
 * - without must boxes: the cover crop, placed by the soft boxes as smartcrop does, else centred.
 * Never cuts a must box for a soft one. Where the target has no platform overlay (no catalogue
 * safe zone), the 3 % margin gives way before the canvas is extended.
 * Pure and deterministic: the app draws its previews with it.
 */
export function planFramingBefore(picture: Size, keep: KeepBefore, target: CropTarget): CropPlan {
  const plan = planWithin(picture, keep, target, safeRect(target));
  const overlaid = target.safeZone?.shape === 'rect' || target.safeZone?.shape === 'circle';
  if (!plan.extended || overlaid) return plan;
  // Without a platform's overlay the safe zone is only our 3 % comfort margin: a box the picture's
  // own edge cuts through sits on the frame's edge rather than forcing a strip of backdrop.
  const flush = planWithin(picture, keep, target, { x: 0, y: 0, width: target.width, height: target.height });
  return flush.extended ? plan : flush;
}

/** planFraming with the given safe rectangle (output pixels). */
function planWithin(picture: Size, keep: KeepBefore, target: CropTarget, safe: CropRect): CropPlan {
  const cover = coverScale(picture, target);
  const union = keep.must.length > 0 ? unionOf(keep.must) : null;
  let scale = cover;
  if (union) {
    const range = holdingRange(picture, union, target, safe);
    const fill = Math.min(
      union.width > 0 ? safe.width / union.width : Infinity,
      union.height > 0 ? safe.height / union.height : Infinity,
    );
    // A crop that needs more zoom than PLAN_ZOOM_MAX (a tapped point or a tiny box near the edge,
    // pushed in by the safe zone's inset) is no crop: the canvas extends a little instead.
    const held = range && 1 / range.hi <= cover * PLAN_ZOOM_MAX * (1 + 1e-9) ? range : null;
    scale = held ? 1 / held.hi : Math.min(cover, fill);
  }
  const axisX: Axis = {
    length: picture.width,
    extent: target.width / scale,
    safe: [safe.x / scale, (safe.x + safe.width) / scale],
    must: union && [union.x, union.x + union.width],
  };
  const axisY: Axis = {
    length: picture.height,
    extent: target.height / scale,
    safe: [safe.y / scale, (safe.y + safe.height) / scale],
    must: union && [union.y, union.y + union.height],
  };
  const slackX = slackOf(axisX);
  const slackY = slackOf(axisY);
  const soft = keep.soft.filter((b) => b.width > 0 && b.height > 0);
  // The must boxes' centre of mass, by area (a point the user tapped counts as one).
  const area = keep.must.reduce((sum, b) => sum + b.width * b.height, 0);
  const massOf = (centre: (b: CropRect) => number) =>
    keep.must.length === 0
      ? { at: 0, weight: 0 }
      : area > 0
        ? { at: keep.must.reduce((s, b) => s + b.width * b.height * centre(b), 0) / area, weight: area }
        : { at: keep.must.reduce((s, b) => s + centre(b), 0) / keep.must.length, weight: 1 };
  const massX = massOf((b) => b.x + b.width / 2);
  const massY = massOf((b) => b.y + b.height / 2);
  // Each axis weighs a soft box by its score and by how much of it the other axis keeps.
  const spansX = (y: number): SoftSpan[] =>
    soft.map((b) => ({
      lo: b.x,
      hi: b.x + b.width,
      weight:
        (b.score ?? 1) * softShare(y + axisY.safe[0], y + axisY.safe[1], y, y + axisY.extent, b.y, b.y + b.height),
    }));
  const spansY = (x: number): SoftSpan[] =>
    soft.map((b) => ({
      lo: b.y,
      hi: b.y + b.height,
      weight: (b.score ?? 1) * softShare(x + axisX.safe[0], x + axisX.safe[1], x, x + axisX.extent, b.x, b.x + b.width),
    }));
  // At the widest holding crop at most one axis has room; otherwise two rounds settle both.
  let x = placeOnAxis(axisX, slackX, [], massX);
  let y = placeOnAxis(axisY, slackY, spansY(x), massY);
  x = placeOnAxis(axisX, slackX, spansX(y), massX);
  y = placeOnAxis(axisY, slackY, spansY(x), massY);
  const crop = { x, y, width: axisX.extent, height: axisY.extent };
  return { crop, extended: reachesOutside(picture, crop) };
}
