/**
 * The saliency analysis's per-pixel maps (../../../pixels/content-aware/analyse.ts), on its small
 * copy of the picture (at most 256 × 256). Each computes what the JavaScript it replaced computed,
 * to the bit: every value read as a 64-bit float, the same operations in the same order, stored as
 * a 32-bit float (engine/test/analysis-kernels.unit.test.ts holds each against that JavaScript).
 * Here the loops never box a number, where V8 boxed every float of them until it had optimised
 * them (docs/decisions/0019). Maps are Float32Arrays, `n` = w × h values, row-major.
 */

// @ts-ignore: decorator
@inline
function get(map: usize, i: i32): f64 {
  return <f64>load<f32>(map + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
function put(map: usize, i: i32, value: f64): void {
  store<f32>(map + (<usize>i << 2), <f32>value);
}

// @ts-ignore: decorator
@inline
function clamp01(v: f64): f64 {
  return Math.max(0, Math.min(1, v));
}

/**
 * Per pixel of the RGBA copy: luminance, chroma (max less min, over 255) and 1 where the colour is
 * in the YCbCr skin range. Transparent parts read as mid grey, so a logo's silhouette on a
 * transparent canvas is an edge.
 */
export function analysisFeatures(rgba: usize, n: i32, luma: usize, chroma: usize, skin: usize): void {
  for (let i = 0; i < n; i++) {
    const p = rgba + (<usize>i << 2);
    const a = <f64>load<u8>(p + 3) / 255;
    const r = <f64>load<u8>(p) * a + 128 * (1 - a);
    const g = <f64>load<u8>(p + 1) * a + 128 * (1 - a);
    const b = <f64>load<u8>(p + 2) * a + 128 * (1 - a);
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    put(luma, i, y);
    put(chroma, i, (Math.max(Math.max(r, g), b) - Math.min(Math.min(r, g), b)) / 255);
    const isSkin = a > 0.5 && y > 50 && cb >= 80 && cb <= 125 && cr >= 138 && cr <= 170 && r > g && r > b;
    put(skin, i, isSkin ? 1 : 0);
  }
}

/** Sobel magnitude over 4 of the luminance, 0 on the border. */
export function sobel(luma: usize, w: i32, h: i32, gradient: usize): void {
  memory.fill(gradient, 0, <usize>(w * h) << 2);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const nw = get(luma, i - w - 1);
      const n0 = get(luma, i - w);
      const ne = get(luma, i - w + 1);
      const sw = get(luma, i + w - 1);
      const s0 = get(luma, i + w);
      const se = get(luma, i + w + 1);
      const gx = ne + 2 * get(luma, i + 1) + se - nw - 2 * get(luma, i - 1) - sw;
      const gy = sw + 2 * s0 + se - nw - 2 * n0 - ne;
      put(gradient, i, Math.sqrt(gx * gx + gy * gy) / 4);
    }
  }
}

/** 1 where the gradient reaches `strongEdge`, and where it reaches `crispEdge`, else 0. */
export function edgeMaps(gradient: usize, n: i32, strongEdge: f64, crispEdge: f64, strong: usize, crisp: usize): void {
  for (let i = 0; i < n; i++) {
    const v = get(gradient, i);
    put(strong, i, v >= strongEdge ? 1 : 0);
    put(crisp, i, v >= crispEdge ? 1 : 0);
  }
}

/** One channel of the RGBA copy as a map. */
export function channelMap(rgba: usize, n: i32, channel: i32, map: usize): void {
  for (let i = 0; i < n; i++) put(map, i, <f64>load<u8>(rgba + (<usize>i << 2) + channel));
}

/**
 * Box blur of radius r, across (into `tmp`) then down (into `out`): each value the mean of the
 * window inside the map, summed from its first value on.
 */
export function boxBlur(values: usize, w: i32, h: i32, r: i32, tmp: usize, out: usize): void {
  blurPass(values, tmp, h, w, w, 1, r);
  blurPass(tmp, out, w, h, 1, w, r);
}

/** One pass of boxBlur: `lines` lines of `length` values, a line `lineStep` values from the last, a value `step` from the last. */
function blurPass(from: usize, to: usize, lines: i32, length: i32, lineStep: i32, step: i32, r: i32): void {
  for (let line = 0; line < lines; line++) {
    const start = line * lineStep;
    for (let i = 0; i < length; i++) {
      let sum: f64 = 0;
      let n: f64 = 0;
      for (let k = max(0, i - r); k <= min(length - 1, i + r); k++, n++) sum += get(from, start + k * step);
      put(to, start + i * step, sum / n);
    }
  }
}

/**
 * Adds one channel's squared centre-surround difference to `squares` (64-bit floats, `first`
 * starts them); after the third, `contrast` gets their root over 255.
 */
export function addContrast(centre: usize, surround: usize, n: i32, squares: usize, first: bool, contrast: usize): void {
  for (let i = 0; i < n; i++) {
    const d = get(centre, i) - get(surround, i);
    const at = squares + (<usize>i << 3);
    store<f64>(at, first ? d * d : load<f64>(at) + d * d);
  }
  if (contrast) for (let i = 0; i < n; i++) put(contrast, i, Math.sqrt(load<f64>(squares + (<usize>i << 3))) / 255);
}

/** The number of skin pixels (a whole number). */
export function skinCount(skin: usize, n: i32): f64 {
  let sum: f64 = 0;
  for (let i = 0; i < n; i++) sum += get(skin, i);
  return sum;
}

/**
 * Each pixel's saliency score (detail, detailed colour, detailed skin) and colour-blob score, with
 * the analysis's tuning: density counts from `densityFrom` over `densitySpan`, chroma from
 * `chromaFrom` (the typical chroma and the margin above it) over `chromaSpread`, contrast from
 * `contrastFrom` over `contrastSpan`, skin only when `skinCounts`.
 */
export function saliencyScores(
  density: usize,
  chroma: usize,
  contrast: usize,
  skin: usize,
  n: i32,
  densityFrom: f64,
  densitySpan: f64,
  chromaTypical: f64,
  chromaAbove: f64,
  chromaSpread: f64,
  contrastFrom: f64,
  contrastSpan: f64,
  skinCounts: bool,
  score: usize,
  colourScore: usize,
): void {
  for (let i = 0; i < n; i++) {
    const d = clamp01((get(density, i) - densityFrom) / densitySpan);
    const c = clamp01((get(chroma, i) - chromaTypical - chromaAbove) / chromaSpread);
    put(colourScore, i, clamp01((get(contrast, i) - contrastFrom) / contrastSpan));
    const k = skinCounts ? get(skin, i) : 0;
    put(score, i, Math.min(1, Math.max(Math.max(d, 0.4 * c + 0.6 * d), k * (0.45 + d))));
  }
}

/**
 * The `cell` × `cell` cells of the maps: their means (score, skin, colour, crisp) and marks
 * (salient where a quarter of the pixels reach `mark`, colour where the colour mean does, skin
 * where half the pixels are skin and `skinCounts`). Cell maps are cw × ch; marks are bytes.
 */
export function cellMarks(
  score: usize,
  skin: usize,
  colourScore: usize,
  crisp: usize,
  w: i32,
  h: i32,
  cell: i32,
  mark: f64,
  skinCounts: bool,
  cellScore: usize,
  cellSkin: usize,
  cellColour: usize,
  cellCrisp: usize,
  marked: usize,
  colourMarked: usize,
  skinMarked: usize,
): void {
  const cw = (w + cell - 1) / cell;
  const ch = (h + cell - 1) / cell;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let high: f64 = 0;
      let total: f64 = 0;
      let skins: f64 = 0;
      let colour: f64 = 0;
      let sharp: f64 = 0;
      let count: f64 = 0;
      for (let y = cy * cell; y < min(h, cy * cell + cell); y++) {
        for (let x = cx * cell; x < min(w, cx * cell + cell); x++, count++) {
          const v = get(score, y * w + x);
          total += v;
          if (v >= mark) high += 1;
          skins += get(skin, y * w + x);
          colour += get(colourScore, y * w + x);
          sharp += get(crisp, y * w + x);
        }
      }
      const c = cy * cw + cx;
      put(cellScore, c, total / count);
      put(cellSkin, c, skins / count);
      store<u8>(marked + c, high >= count / 4 ? 1 : 0);
      put(cellColour, c, colour / count);
      put(cellCrisp, c, sharp / count);
      store<u8>(colourMarked + c, colour / count >= mark ? 1 : 0);
      store<u8>(skinMarked + c, skinCounts && skins >= count / 2 ? 1 : 0);
    }
  }
}

/**
 * The saliency-weighted centre's sums, each pixel weighted by its score squared: Σ v·x, Σ v·y and
 * Σ v, into three 64-bit floats at `out`.
 */
export function subjectSums(score: usize, w: i32, n: i32, out: usize): void {
  let sx: f64 = 0;
  let sy: f64 = 0;
  let sum: f64 = 0;
  for (let i = 0; i < n; i++) {
    const s = get(score, i);
    const v = s * s;
    sx += v * <f64>(i % w);
    sy += v * <f64>(i / w);
    sum += v;
  }
  store<f64>(out, sx);
  store<f64>(out + 8, sy);
  store<f64>(out + 16, sum);
}
