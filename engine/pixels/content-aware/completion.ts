/**
 * Patch-based completion, coarse to fine (Wexler, Shechtman and Irani, 2007, with PatchMatch for
 * the search: the method of Content-Aware Fill): the unknown part of each level is what the known
 * patches that match it say, by vote, and the matches are found again on the new pixels, a few
 * times a level; each level starts from the coarser one's matches, doubled. Only the finest level's
 * field is kept: content-aware/extension.ts copies the output's own pixels through it.
 */
import { PATCH_RADIUS, Slab, type ExtensionPlan } from './extension-plan';
import { PixelRect, type Raster } from '../raster';
import { countUses, improveField, isTarget, measureField, patchArea, Random, type Level } from './patch-match';

/** A rectangle of output pixels, [x0, x1) × [y0, y1). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Fewer valid source patches than this on a level, and the level is not used. */
const MIN_SOURCES = 24;
/** Rounds of match-and-vote on the coarsest level and on every finer one; PatchMatch passes a round. */
const COARSEST_ROUNDS = 6;
const FINER_ROUNDS = 1;
const PASSES_A_ROUND = 2;
/**
 * On a finer level the doubled matches are close already: the random search starts at a quarter of
 * the level (the coarsest one's search, doubled, covered the rest).
 */
const FINER_REACH_SHIFT = 2;
/**
 * A vote's weight falls with its patch's mean squared difference per pixel (all three channels):
 * a patch 20 levels off in each channel (1,200) counts a quarter of a perfect one.
 */
const VOTE_SCALE = 400;
/**
 * A pixel takes the votes of the patches centred within this radius of it, not of all 49 that
 * cover it: a fifth of the work, and less of the blur that averaging many patches brings.
 */
const VOTE_RADIUS = 1;
/** See shareSources. */
const USE_LEVELS = 8;
const USE_SHARE = 4;

/**
 * Completes the output's unknown part (everything outside `known`, output pixels) at the plan's
 * finest level, taking patches only where `allowed` says (per finest-level pixel: 0 inside a kept-out
 * box). Returns the finest level with its field, or null where the known part has too few patches
 * to draw from.
 */
export function complete(
  output: Raster,
  known: Rect,
  plan: ExtensionPlan,
  slab: Slab,
  allowed: (level: { scale: number }) => (x0: number, y0: number, x1: number, y1: number) => boolean,
  seed: number,
): Level | null {
  const levelPixels = plan.levels.map((size) => slab.u8(size.width * size.height * 3));
  const fine = plan.levels[0];
  if (!fine) return null;
  const fineCount = fine.width * fine.height;
  const second = plan.levels[1];
  // Two fields and distances, the finest level's size and the next one's, used turn about.
  const fields = [slab.i32(fineCount), slab.i32(second ? second.width * second.height : 0)];
  const distances = [slab.i32(fineCount), slab.i32(second ? second.width * second.height : 0)];
  const valid = slab.u8(fineCount);
  const sources = slab.i32(fineCount);
  const sums = slab.f32(fineCount * 4);
  const uses = slab.i32(fineCount);

  const levels: Level[] = [];
  for (const [l, size] of plan.levels.entries()) {
    const s = size.scale;
    const rect = new PixelRect(
      Math.ceil(known.x0 / s),
      Math.ceil(known.y0 / s),
      Math.min(size.width, Math.floor(known.x1 / s)),
      Math.min(size.height, Math.floor(known.y1 / s)),
    );
    if (rect.x1 - rect.x0 <= 2 * PATCH_RADIUS || rect.y1 - rect.y0 <= 2 * PATCH_RADIUS) break;
    levels.push({
      width: size.width,
      height: size.height,
      rgb: levelPixels[l] as Uint8Array,
      known: rect,
      valid,
      sources,
      sourceCount: 0,
      field: fields[l % 2] as Int32Array,
      distance: distances[l % 2] as Int32Array,
      uses,
      allowance: 0,
      useCost: 0,
    });
  }
  if (levels.length === 0) return null;
  shrinkKnown(output, levels, plan.factor);

  const random = new Random(seed);
  // The coarsest level that has patches enough to draw from.
  let top = levels.length - 1;
  while (top >= 0 && markSources(levels[top] as Level, allowed(plan.levels[top] as { scale: number })) < MIN_SOURCES)
    top -= 1;
  if (top < 0) return null;

  const coarsest = levels[top] as Level;
  diffuse(coarsest);
  randomField(coarsest, random);
  shareSources(coarsest);
  measureField(coarsest);
  for (let round = 0; round < COARSEST_ROUNDS; round++) {
    improveField(coarsest, random, PASSES_A_ROUND, Math.max(coarsest.width, coarsest.height));
    vote(coarsest, sums);
  }
  for (let l = top - 1; l >= 0; l--) {
    const level = levels[l] as Level;
    const coarse = levels[l + 1] as Level;
    // The coarser level's matches, doubled, on its own fill: the valid map is the finer level's now.
    if (markSources(level, allowed(plan.levels[l] as { scale: number })) < MIN_SOURCES) return null;
    upsample(coarse, level, random);
    shareSources(level);
    measureField(level);
    vote(level, sums);
    for (let round = 0; round < FINER_ROUNDS; round++) {
      measureField(level);
      improveField(level, random, PASSES_A_ROUND, Math.max(level.width, level.height) >> FINER_REACH_SHIFT);
      vote(level, sums);
    }
  }
  return levels[0] as Level;
}

/** The known part of every level: the output's known pixels averaged over each level pixel's block. */
function shrinkKnown(output: Raster, levels: Level[], scale: number): void {
  const finest = levels[0] as Level;
  const { x0, y0, x1, y1 } = finest.known;
  const data = output.data;
  const width = output.width | 0;
  const height = output.height | 0;
  const finestWidth = finest.width | 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let oy = y * scale; oy < Math.min(height, (y + 1) * scale); oy++)
        for (let ox = x * scale, o = (oy * width + ox) * 4; ox < Math.min(width, (x + 1) * scale); ox++) {
          r += data[o] as number;
          g += data[o + 1] as number;
          b += data[o + 2] as number;
          n += 1;
          o += 4;
        }
      const i = (y * finestWidth + x) * 3;
      finest.rgb[i] = Math.round(r / n);
      finest.rgb[i + 1] = Math.round(g / n);
      finest.rgb[i + 2] = Math.round(b / n);
    }
  for (let l = 1; l < levels.length; l++) {
    const fine = levels[l - 1] as Level;
    const level = levels[l] as Level;
    const k = level.known;
    const fineWidth = fine.width | 0;
    const fineHeight = fine.height | 0;
    const levelWidth = level.width | 0;
    for (let y = k.y0; y < k.y1; y++)
      for (let x = k.x0; x < k.x1; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          let n = 0;
          for (let fy = 2 * y; fy < Math.min(fineHeight, 2 * y + 2); fy++)
            for (let fx = 2 * x; fx < Math.min(fineWidth, 2 * x + 2); fx++) {
              sum += fine.rgb[(fy * fineWidth + fx) * 3 + c] as number;
              n += 1;
            }
          level.rgb[(y * levelWidth + x) * 3 + c] = Math.round(sum / n);
        }
  }
}

/** Marks where source patches may be centred on the level; their count. */
function markSources(level: Level, allowed: (x0: number, y0: number, x1: number, y1: number) => boolean): number {
  const { known, valid, sources } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const r = PATCH_RADIUS;
  valid.fill(0, 0, w * h);
  let count = 0;
  for (let y = known.y0 + r; y < known.y1 - r; y++)
    for (let x = known.x0 + r; x < known.x1 - r; x++) {
      if (!allowed(x - r, y - r, x + r + 1, y + r + 1)) continue;
      valid[y * w + x] = 1;
      sources[count++] = y * w + x;
    }
  level.sourceCount = count;
  return count;
}

/** A first guess of the coarsest level's unknown pixels: the known ones spread inward (Jacobi steps). */
function diffuse(level: Level): void {
  const { rgb, known } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const inside = (x: number, y: number) => x >= known.x0 && x < known.x1 && y >= known.y0 && y < known.y1;
  // Start from each unknown pixel's nearest known pixel, then smooth so no edge runs outward.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (inside(x, y)) continue;
      const kx = Math.min(known.x1 - 1, Math.max(known.x0, x));
      const ky = Math.min(known.y1 - 1, Math.max(known.y0, y));
      rgb.copyWithin((y * w + x) * 3, (ky * w + kx) * 3, (ky * w + kx) * 3 + 3);
    }
  for (let step = 0; step < 2 * Math.max(w, h); step++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (inside(x, y)) continue;
        const left = x > 0 ? 1 : 0;
        const right = x < w - 1 ? 1 : 0;
        const up = y > 0 ? 1 : 0;
        const down = y < h - 1 ? 1 : 0;
        const n = left + right + up + down;
        const i = y * w + x;
        for (let c = 0; c < 3; c++) {
          const sum =
            left * (rgb[(i - left) * 3 + c] as number) +
            right * (rgb[(i + right) * 3 + c] as number) +
            up * (rgb[(i - up * w) * 3 + c] as number) +
            down * (rgb[(i + down * w) * 3 + c] as number);
          rgb[(y * w + x) * 3 + c] = roundedMean(sum, n);
        }
      }
}

/**
 * Math.round(sum / n) for n of 1 to 4 and sum at most 255·n, in small integers (the same for every
 * such pair): a division's fraction is a heap number in code V8 has not yet optimised, and diffuse
 * divides for every channel of every unknown pixel, over and over (docs/decisions/0019).
 */
function roundedMean(sum: number, n: number): number {
  if (n === 4) return (sum + 2) >> 2;
  if (n === 2) return (sum + 1) >> 1;
  if (n === 3) return ((2 * sum + 3) * 10923) >> 16; // ⌊(2·sum + 3) / 6⌋: 10923 / 65536 is 1/6 and under 1/196,608 more
  return sum;
}

/**
 * Each source's fair share of the targets (at least one), what a use past it costs, and the
 * current uses: a patch used USE_SHARE times over costs as much as a patch USE_LEVELS off in
 * every pixel and channel.
 */
function shareSources(level: Level): void {
  let targets = 0;
  for (let t = 0, n = (level.width | 0) * (level.height | 0); t < n; t++)
    if ((level.field[t] as number) >= 0) targets += 1;
  level.allowance = Math.max(1, Math.ceil(targets / level.sourceCount));
  const area = (2 * PATCH_RADIUS + 1) ** 2;
  level.useCost = (3 * area * USE_LEVELS * USE_LEVELS) / USE_SHARE;
  countUses(level);
}

/** Every target matched to a valid source at random. */
function randomField(level: Level, random: Random): void {
  const { field, sources, sourceCount } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      field[y * w + x] = isTarget(level, x, y) ? (sources[random.below(sourceCount)] as number) : -1;
}

/**
 * The finer level's field from the coarser one's: each target takes its parent's match, doubled,
 * plus its own place within the parent; the unknown pixels start as their parent's colour.
 */
function upsample(coarse: Level, level: Level, random: Random): void {
  const { field, valid, sources, sourceCount, rgb, known } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const cw = coarse.width | 0;
  const ch = coarse.height | 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const px = Math.min(cw - 1, x >> 1);
      const py = Math.min(ch - 1, y >> 1);
      const inside = x >= known.x0 && x < known.x1 && y >= known.y0 && y < known.y1;
      if (!inside) {
        const from = (py * cw + px) * 3;
        const to = (y * w + x) * 3;
        rgb[to] = coarse.rgb[from] as number;
        rgb[to + 1] = coarse.rgb[from + 1] as number;
        rgb[to + 2] = coarse.rgb[from + 2] as number;
      }
      const t = y * w + x;
      if (!isTarget(level, x, y)) {
        field[t] = -1;
        continue;
      }
      const m = coarse.field[py * cw + px] as number;
      let s = -1;
      if (m >= 0) {
        const mx = m % cw;
        const my = (m - mx) / cw;
        const sx = Math.min(w - 1, 2 * mx + (x - 2 * px));
        const sy = Math.min(h - 1, 2 * my + (y - 2 * py));
        if (valid[sy * w + sx] === 1) s = sy * w + sx;
        else if (valid[2 * my * w + 2 * mx] === 1) s = 2 * my * w + 2 * mx;
      }
      field[t] = s >= 0 ? s : (sources[random.below(sourceCount)] as number);
    }
}

/**
 * Each unknown pixel becomes the weighted mean of what every matched patch covering it says there
 * (the source pixel at the same place in its patch); a close match weighs more.
 */
function vote(level: Level, sums: Float32Array): void {
  const { rgb, field, distance, known } = level;
  const w = level.width | 0;
  const h = level.height | 0;
  const r = VOTE_RADIUS;
  sums.fill(0, 0, w * h * 4);
  for (let ty = 0; ty < h; ty++)
    for (let tx = 0; tx < w; tx++) {
      const t = ty * w + tx;
      const s = field[t] as number;
      if (s < 0) continue;
      const perPixel = (distance[t] as number) / patchArea(level, tx, ty);
      const weight = 1 / (1 + perPixel / VOTE_SCALE);
      const sx = s % w;
      const sy = (s - sx) / w;
      for (let dy = Math.max(-r, -ty); dy <= Math.min(r, h - 1 - ty); dy++) {
        const y = ty + dy;
        const rowInside = y >= known.y0 && y < known.y1;
        for (let dx = Math.max(-r, -tx); dx <= Math.min(r, w - 1 - tx); dx++) {
          const x = tx + dx;
          if (rowInside && x >= known.x0 && x < known.x1) continue;
          const p = (y * w + x) * 4;
          const q = ((sy + dy) * w + sx + dx) * 3;
          sums[p] = (sums[p] as number) + weight * (rgb[q] as number);
          sums[p + 1] = (sums[p + 1] as number) + weight * (rgb[q + 1] as number);
          sums[p + 2] = (sums[p + 2] as number) + weight * (rgb[q + 2] as number);
          sums[p + 3] = (sums[p + 3] as number) + weight;
        }
      }
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 4;
      const total = sums[p + 3] as number;
      if (total <= 0) continue;
      const i = (y * w + x) * 3;
      rgb[i] = Math.round((sums[p] as number) / total);
      rgb[i + 1] = Math.round((sums[p + 1] as number) / total);
      rgb[i + 2] = Math.round((sums[p + 2] as number) / total);
    }
}
