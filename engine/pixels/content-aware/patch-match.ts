/**
 * PatchMatch (Barnes, Shechtman, Finkelstein and Goldman, 2009) on one level of the extension's
 * pyramid: for every patch that touches the unknown part, the most similar patch of the known,
 * allowed part (its nearest-neighbour field), found by propagating good matches from neighbours and
 * searching at random around the current one at halving radii. The field is a source pixel index per
 * pixel (-1 where the patch lies wholly in the known part and needs no match).
 */
import { PATCH_RADIUS } from './extension-plan';

/**
 * One level: RGB pixels, 3 bytes a pixel; the known part is a rectangle [x0, x1) × [y0, y1). Loops
 * read its width and height (and a raster's) as `level.width | 0`: objects made by literals that
 * start with the same keys share their fields' kind, and a {width, height} elsewhere in the isolate
 * holds fractions, so these hold boxed floats, and code V8 has not yet optimised makes a heap
 * number at every use of one (docs/decisions/0019).
 */
export interface Level {
  width: number;
  height: number;
  rgb: Uint8Array;
  known: { x0: number; y0: number; x1: number; y1: number };
  /** 1 where a source patch may be centred: wholly known and clear of every kept-out box. */
  valid: Uint8Array;
  /** The valid centres, `sourceCount` of them, for random starts. */
  sources: Int32Array;
  sourceCount: number;
  /**
   * The nearest-neighbour field and each match's distance: a sum of squared differences, an integer
   * (at most 49 pixels × 3 × 255², under 2³⁰: a small integer V8 never boxes).
   */
  field: Int32Array;
  distance: Int32Array;
  /** How many targets each source centre serves; a use past `allowance` costs `useCost` (see sourceCost). */
  uses: Int32Array;
  allowance: number;
  useCost: number;
}

/**
 * A small deterministic generator (xorshift32): the same input gives the same extension. Its 32-bit
 * state is kept as two 16-bit halves, so every value stays a small integer: a full 32-bit one is a
 * heap number in V8's interpreter, garbage on every call before V8 has optimised the caller
 * (docs/decisions/0019).
 */
export class Random {
  private high: number;
  private low: number;

  constructor(seed: number) {
    const state = seed >>> 0 || 0x9e3779b9;
    this.high = state >>> 16;
    this.low = state & 0xffff;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    let high = this.high;
    let low = this.low;
    // state ^= state << 13
    let shifted = ((high << 13) | (low >>> 3)) & 0xffff;
    low ^= (low << 13) & 0xffff;
    high ^= shifted;
    // state ^= state >>> 17
    low ^= high >>> 1;
    // state ^= state << 5
    shifted = ((high << 5) | (low >>> 11)) & 0xffff;
    low ^= (low << 5) & 0xffff;
    high ^= shifted;
    this.high = high;
    this.low = low;
    return ((((high % n) * 65536) % n) + low) % n;
  }
}

/** Whether a patch centred at (x, y) touches the unknown part, so needs a match. */
export function isTarget(level: Level, x: number, y: number): boolean {
  const { x0, y0, x1, y1 } = level.known;
  const r = PATCH_RADIUS;
  return x < x0 + r || x >= x1 - r || y < y0 + r || y >= y1 - r;
}

/**
 * Sum of squared RGB differences between the patch at target (tx, ty) and the one at source index
 * `s`, over the target patch's pixels inside the level. Stops early once it reaches `best`.
 */
export function patchDistance(level: Level, tx: number, ty: number, s: number, best: number): number {
  const { rgb } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const r = PATCH_RADIUS;
  const sx = s % w;
  const sy = (s - sx) / w;
  const xlo = Math.max(-r, -tx);
  const xhi = Math.min(r, w - 1 - tx);
  const ylo = Math.max(-r, -ty);
  const yhi = Math.min(r, h - 1 - ty);
  const n = (xhi - xlo + 1) * 3;
  let sum = 0;
  for (let dy = ylo; dy <= yhi; dy++) {
    let ti = ((ty + dy) * w + tx + xlo) * 3;
    let si = ((sy + dy) * w + sx + xlo) * 3;
    for (const end = ti + n; ti < end; ti++, si++) {
      const d = (rgb[ti] as number) - (rgb[si] as number);
      sum += d * d;
    }
    if (sum >= best) return sum;
  }
  return sum;
}

/** The number of pixels the target patch at (tx, ty) has inside the level (for per-pixel distances). */
export function patchArea(level: Level, tx: number, ty: number): number {
  const r = PATCH_RADIUS;
  const across = Math.min(r, (level.width | 0) - 1 - tx) - Math.max(-r, -tx) + 1;
  const down = Math.min(r, (level.height | 0) - 1 - ty) - Math.max(-r, -ty) + 1;
  return across * down;
}

/**
 * What taking source `s` costs beyond its distance: a source already serving more targets than its
 * share costs more with each (the occurrence term of Kaspar et al., 2015, "Self tuning texture
 * optimization"), so one striking patch (a wing, a window) is not stamped all over the extension.
 * `own`: `s` is the target's current match, counted in its uses already.
 */
export function sourceCost(level: Level, s: number, own: boolean): number {
  const excess = (level.uses[s] as number) - (own ? 1 : 0) - level.allowance;
  return excess > 0 ? excess * level.useCost : 0;
}

/** Counts the targets each source serves, after the field was set anew. */
export function countUses(level: Level): void {
  const { field, uses } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  uses.fill(0, 0, w * h);
  for (let t = 0; t < w * h; t++) {
    const s = field[t] as number;
    if (s >= 0) uses[s] = (uses[s] as number) + 1;
  }
}

/** The best match of one target so far: its source, distance and cost (distance and use). */
interface Match {
  source: number;
  distance: number;
  cost: number;
}

/** Takes source `s` for the target at (x, y) if it costs less than the match so far. */
function consider(level: Level, x: number, y: number, s: number, match: Match): void {
  const extra = sourceCost(level, s, false);
  if (extra >= match.cost) return;
  const d = patchDistance(level, x, y, s, match.cost - extra);
  if (d + extra < match.cost) {
    match.source = s;
    match.distance = d;
    match.cost = d + extra;
  }
}

/** Recomputes every match's distance on the level's current pixels. */
export function measureField(level: Level): void {
  const { field, distance } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = y * w + x;
      const s = field[t] as number;
      if (s >= 0) distance[t] = patchDistance(level, x, y, s, Infinity);
    }
}

/**
 * `iterations` passes of PatchMatch over every target, alternating scan order (forward: matches
 * come from the left and above; backward: from the right and below); the random search starts at
 * `reach` pixels from the best match so far.
 */
export function improveField(level: Level, random: Random, iterations: number, reach: number): void {
  const { field, distance, valid, uses } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const match: Match = { source: -1, distance: 0, cost: 0 };
  for (let pass = 0; pass < iterations; pass++) {
    const step = pass % 2 === 0 ? 1 : -1;
    const yStart = step > 0 ? 0 : h - 1;
    const xStart = step > 0 ? 0 : w - 1;
    for (let y = yStart; y >= 0 && y < h; y += step) {
      for (let x = xStart; x >= 0 && x < w; x += step) {
        const t = y * w + x;
        const current = field[t] as number;
        if (current < 0) continue;
        match.source = current;
        match.distance = distance[t] as number;
        match.cost = match.distance + sourceCost(level, current, true);
        // Propagation: the neighbour's match, shifted by one pixel, continues a coherent region.
        const nx = x - step;
        if (nx >= 0 && nx < w) {
          const m = field[t - step] as number;
          if (m >= 0) {
            const mx = (m % w) + step;
            const s = m + step;
            if (mx >= 0 && mx < w && valid[s] === 1 && s !== match.source) consider(level, x, y, s, match);
          }
        }
        const ny = y - step;
        if (ny >= 0 && ny < h) {
          const m = field[t - step * w] as number;
          if (m >= 0) {
            const s = m + step * w;
            if (s >= 0 && s < w * h && valid[s] === 1 && s !== match.source) consider(level, x, y, s, match);
          }
        }
        // Random search around the best match so far, at radii halving from `reach`.
        const bx = match.source % w;
        const by = (match.source - bx) / w;
        for (let radius = reach; radius >= 1; radius >>= 1) {
          const sx = Math.min(w - 1, Math.max(0, bx + random.below(2 * radius + 1) - radius));
          const sy = Math.min(h - 1, Math.max(0, by + random.below(2 * radius + 1) - radius));
          const s = sy * w + sx;
          if (valid[s] === 1 && s !== match.source) consider(level, x, y, s, match);
        }
        if (match.source !== current) {
          uses[current] = (uses[current] as number) - 1;
          uses[match.source] = (uses[match.source] as number) + 1;
        }
        field[t] = match.source;
        distance[t] = match.distance;
      }
    }
  }
}
