/**
 * Content-aware resizing (the banner adjuster's "intelligent resizing" and the profile flow's
 * subject centring), with no network and no model: a smartcrop-style saliency map of a small copy
 * of the picture finds what must stay visible, and a crop planner keeps it whole inside each
 * target's safe zone, zooming out and filling the extra canvas with a blurred copy when the target's
 * shape cannot hold it.
 *
 *   analysePicture ─► { region: what must stay visible, subject: where to centre, face }
 *   planRegionCrop ─► crop (may reach outside the picture) + whether the canvas was extended
 *   planSubjectCrop ─► cover crop centred on the subject
 *   fillBackdrop   ─► blurred cover copy under the transparent parts of an extended output
 *
 * Saliency, per pixel of a copy whose longest side is ANALYSIS_SIZE:
 * - detail: the density of strong luminance edges in a 9×9 window (text and logos pack many edges
 *   into a small area; one long edge such as a horizon fills a quarter of the window at most);
 * - colour: chroma that stands out from the picture's typical chroma, which counts only together
 *   with detail, and compact blobs whose colour differs from their surroundings (logos, badges);
 * - skin: the YCbCr skin range (faces), which also locates a face for the profile flow.
 * Pixels scoring over a threshold are grouped in 4×4 cells; specks of one or two cells are
 * dropped; the region is the bounding box of what is left, with a margin. It errs on the side of
 * keeping too much: a region too wide for a target costs some blurred canvas, a missed logo is lost.
 */
import { uprightSize } from './exif';
import type { CropRect, Picture, Raster } from './raster';
import { resampleCrop } from './resample';

export const ANALYSIS_SIZE = 256;
const CELL = 4;

export interface Analysis {
  /** Upright size of the picture analysed (coordinates below are in its pixels). */
  width: number;
  height: number;
  /** What must stay visible; null when nothing stands out (a centred crop is then as good). */
  region: CropRect | null;
  /** The point to centre a square crop on: a face when there is one, else the weighted saliency. */
  subject: { x: number; y: number };
  face: CropRect | null;
}

/** A target's safe zone in output pixels, as the catalogue describes it. */
export type SafeZoneInput = { shape: 'rect'; x: number; y: number; width: number; height: number } | { shape: 'circle' } | { shape: 'note' } | null;

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

function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Box blur of radius r, horizontal then vertical (twice ≈ a tent, close enough to Gaussian here). */
function boxBlur(values: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++, n++) sum += values[y * w + k] as number;
      tmp[y * w + x] = sum / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++, n++) sum += tmp[k * w + x] as number;
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

/** Components of marked cells (4-connected): each as its cells' bounding box, size and weight. */
function components(marked: Uint8Array, cw: number, ch: number, weight: Float32Array) {
  const label = new Int32Array(marked.length).fill(-1);
  const found: { x0: number; y0: number; x1: number; y1: number; cells: number; weight: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || label[start] !== -1) continue;
    const c = { x0: cw, y0: ch, x1: -1, y1: -1, cells: 0, weight: 0 };
    label[start] = found.length;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % cw;
      const y = (i - x) / cw;
      c.x0 = Math.min(c.x0, x);
      c.y0 = Math.min(c.y0, y);
      c.x1 = Math.max(c.x1, x);
      c.y1 = Math.max(c.y1, y);
      c.cells += 1;
      c.weight += weight[i] as number;
      for (const j of [x > 0 ? i - 1 : -1, x < cw - 1 ? i + 1 : -1, y > 0 ? i - cw : -1, y < ch - 1 ? i + cw : -1]) {
        if (j >= 0 && marked[j] && label[j] === -1) {
          label[j] = found.length;
          stack.push(j);
        }
      }
    }
    found.push(c);
  }
  return found;
}

/** Analyses the upright picture once; every target's crop is planned from the result. */
export function analysePicture(source: Picture, orientation: number): Analysis {
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const scale = Math.min(1, ANALYSIS_SIZE / Math.max(uw, uh));
  const w = Math.max(CELL, Math.round(uw * scale));
  const h = Math.max(CELL, Math.round(uh * scale));
  const small: Raster = resampleCrop({ source, orientation, crop: { x: 0, y: 0, width: uw, height: uh }, width: w, height: h });
  const n = w * h;
  const luma = new Float32Array(n);
  const chroma = new Float32Array(n);
  const skin = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = (small.data[p + 3] as number) / 255;
    // Transparent parts read as mid grey, so a logo's silhouette on a transparent canvas is an edge.
    const r = (small.data[p] as number) * a + 128 * (1 - a);
    const g = (small.data[p + 1] as number) * a + 128 * (1 - a);
    const b = (small.data[p + 2] as number) * a + 128 * (1 - a);
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    luma[i] = y;
    chroma[i] = (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
    skin[i] = a > 0.5 && y > 50 && cb >= 80 && cb <= 125 && cr >= 138 && cr <= 170 && r > g && r > b ? 1 : 0;
  }

  // Detail: Sobel magnitude, then its local mean (strokes of text make dense strong edges).
  const gradient = new Float32Array(n);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const l = (k: number) => luma[k] as number;
      const gx = l(i - w + 1) + 2 * l(i + 1) + l(i + w + 1) - l(i - w - 1) - 2 * l(i - 1) - l(i + w - 1);
      const gy = l(i + w - 1) + 2 * l(i + w) + l(i + w + 1) - l(i - w - 1) - 2 * l(i - w) - l(i - w + 1);
      gradient[i] = Math.hypot(gx, gy) / 4;
    }
  }
  // Density of strong edges: text and logos pack many into a small area; a single long edge (a
  // horizon, a shape's outline) fills at most a quarter of the window.
  const strongEdge = Math.min(40, Math.max(24, percentile(gradient, 0.9)));
  const strong = new Float32Array(n);
  for (let i = 0; i < n; i++) strong[i] = (gradient[i] as number) >= strongEdge ? 1 : 0;
  const density = boxBlur(strong, w, h, 4);
  const chromaTypical = percentile(chroma, 0.5);
  const chromaSpread = Math.max(0.2, percentile(chroma, 0.995) - chromaTypical);
  // Centre-surround colour contrast: how far each pixel's colour is from its wide neighbourhood's.
  const planes = [0, 1, 2].map((c) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = small.data[i * 4 + c] as number;
    return plane;
  });
  const surround = planes.map((plane) => boxBlur(boxBlur(plane, w, h, 8), w, h, 8));
  const centre = planes.map((plane) => boxBlur(plane, w, h, 1));
  const contrast = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let c = 0; c < 3; c++) sum += ((centre[c]?.[i] as number) - (surround[c]?.[i] as number)) ** 2;
    contrast[i] = Math.sqrt(sum) / 255;
  }
  const skinShare = skin.reduce((s, v) => s + v, 0) / n;
  const score = new Float32Array(n);
  const colourScore = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const d = Math.max(0, Math.min(1, ((density[i] as number) - 0.28) / 0.22));
    const c = Math.max(0, Math.min(1, ((chroma[i] as number) - chromaTypical - 0.15) / chromaSpread));
    // Colour or skin alone stays under the mark (0.5): a saturated sky or a skin-toned wall is not
    // content; with detail (a logo's rim, eyes and mouth) they lift a region over it.
    colourScore[i] = Math.max(0, Math.min(1, ((contrast[i] as number) - 0.12) / 0.2));
    const k = skinShare < 0.5 ? (skin[i] as number) : 0;
    score[i] = Math.min(1, Math.max(d, 0.4 * c + 0.6 * d, k * (0.45 + d)));
  }

  // Cells: marked where a quarter of their pixels score high.
  const cw = Math.ceil(w / CELL);
  const ch = Math.ceil(h / CELL);
  const cellScore = new Float32Array(cw * ch);
  const cellSkin = new Float32Array(cw * ch);
  const cellColour = new Float32Array(cw * ch);
  const colourMarked = new Uint8Array(cw * ch);
  const marked = new Uint8Array(cw * ch);
  const skinMarked = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let high = 0;
      let total = 0;
      let skinCount = 0;
      let colour = 0;
      let count = 0;
      for (let y = cy * CELL; y < Math.min(h, cy * CELL + CELL); y++) {
        for (let x = cx * CELL; x < Math.min(w, cx * CELL + CELL); x++, count++) {
          const v = score[y * w + x] as number;
          total += v;
          if (v >= 0.5) high += 1;
          skinCount += skin[y * w + x] as number;
          colour += colourScore[y * w + x] as number;
        }
      }
      const c = cy * cw + cx;
      cellScore[c] = total / count;
      cellSkin[c] = skinCount / count;
      marked[c] = high >= count / 4 ? 1 : 0;
      cellColour[c] = colour / count;
      colourMarked[c] = colour / count >= 0.5 ? 1 : 0;
      skinMarked[c] = skinShare < 0.5 && skinCount >= count / 2 ? 1 : 0;
    }
  }
  // Compact blobs of standing-out colour are logos and badges; a large one is a coloured backdrop.
  const blobs = components(colourMarked, cw, ch, cellColour).filter(
    (c) => c.cells >= 2 && c.cells <= 0.03 * cw * ch && c.weight / c.cells >= 0.6 && c.cells >= 0.4 * (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1),
  );
  const found = [...components(marked, cw, ch, cellScore).filter((c) => c.cells >= 3), ...blobs];
  // Specks far weaker than the main content (a glint, a sharp corner of a shape) do not count.
  const strongest = Math.max(0, ...found.map((c) => c.weight));
  const kept = found.filter((c) => c.cells >= 6 || c.weight >= 0.05 * strongest);
  const toPicture = (x: number, y: number) => ({ x: (x * CELL) / scale, y: (y * CELL) / scale });

  let region: CropRect | null = null;
  if (kept.length > 0) {
    const margin = Math.max(CELL / scale, 0.02 * Math.min(uw, uh));
    const a = toPicture(Math.min(...kept.map((c) => c.x0)), Math.min(...kept.map((c) => c.y0)));
    const b = toPicture(Math.max(...kept.map((c) => c.x1)) + 1, Math.max(...kept.map((c) => c.y1)) + 1);
    const x0 = Math.max(0, a.x - margin);
    const y0 = Math.max(0, a.y - margin);
    const x1 = Math.min(uw, b.x + margin);
    const y1 = Math.min(uh, b.y + margin);
    region = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  // A face: the largest skin component of some size, taller than a speck.
  const skins = components(skinMarked, cw, ch, cellSkin)
    .filter((c) => c.cells >= Math.max(4, 0.005 * cw * ch))
    .sort((p, q) => q.cells - p.cells);
  const blob = skins[0];
  let face: CropRect | null = null;
  if (blob) {
    const a = toPicture(blob.x0, blob.y0);
    const b = toPicture(blob.x1 + 1, blob.y1 + 1);
    face = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  }

  let subject = { x: uw / 2, y: uh / 2 };
  if (face) subject = { x: face.x + face.width / 2, y: face.y + face.height / 2 };
  else {
    let sx = 0;
    let sy = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = (score[i] as number) ** 2;
      sx += v * (i % w);
      sy += v * Math.floor(i / w);
      sum += v;
    }
    if (sum > 0) subject = { x: (sx / sum + 0.5) / scale, y: (sy / sum + 0.5) / scale };
  }
  return { width: uw, height: uh, region, subject, face };
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
export function planRegionCrop(picture: { width: number; height: number }, region: CropRect | null, target: CropTarget): CropPlan {
  const cover = Math.max(target.width / picture.width, target.height / picture.height);
  const safe = safeRect(target);
  const r = region ?? { x: picture.width / 2, y: picture.height / 2, width: 0, height: 0 };
  const scale = Math.min(cover, r.width > 0 ? safe.width / r.width : cover, r.height > 0 ? safe.height / r.height : cover);
  const width = target.width / scale;
  const height = target.height / scale;
  const x = place(picture.width, width, scale, r.x, r.x + r.width, safe.x, safe.x + safe.width);
  const y = place(picture.height, height, scale, r.y, r.y + r.height, safe.y, safe.y + safe.height);
  const crop = { x, y, width, height };
  const extended = x < -0.5 || y < -0.5 || x + width > picture.width + 0.5 || y + height > picture.height + 0.5;
  return { crop, extended };
}

/** The largest crop of the target's shape inside the picture, centred as near the subject as it can be. */
export function planSubjectCrop(picture: { width: number; height: number }, subject: { x: number; y: number }, target: { width: number; height: number }): CropRect {
  const cover = Math.max(target.width / picture.width, target.height / picture.height);
  const width = target.width / cover;
  const height = target.height / cover;
  const x = Math.min(picture.width - width, Math.max(0, subject.x - width / 2));
  const y = Math.min(picture.height - height, Math.max(0, subject.y - height / 2));
  return { x, y, width, height };
}

/**
 * Fills the transparent parts of an extended output with a blurred, slightly darkened copy of the
 * picture’s cover crop, in place. The backdrop is made at 1/32 of the size and sampled
 * bilinearly, so it costs a few kilobytes, not a second full-size buffer.
 */
export function fillBackdrop(output: Raster, source: Picture, orientation: number): void {
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const bw = Math.max(2, Math.round(output.width / 32));
  const bh = Math.max(2, Math.round(output.height / 32));
  const cover = Math.max(bw / uw, bh / uh);
  const cw = bw / cover;
  const ch = bh / cover;
  const small = resampleCrop({ source, orientation, crop: { x: (uw - cw) / 2, y: (uh - ch) / 2, width: cw, height: ch }, width: bw, height: bh });
  const blurred = [0, 1, 2, 3].map((c) => {
    const plane = new Float32Array(bw * bh);
    for (let i = 0; i < plane.length; i++) plane[i] = small.data[i * 4 + c] as number;
    return boxBlur(boxBlur(plane, bw, bh, 2), bw, bh, 2);
  });
  const DIM = 0.82;
  const data = output.data;
  for (let y = 0; y < output.height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / output.height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < output.width; x++) {
      const o = (y * output.width + x) * 4;
      const alpha = data[o + 3] as number;
      if (alpha === 255) continue;
      const fx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / output.width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const sample = (plane: Float32Array) =>
        ((plane[y0 * bw + x0] as number) * (1 - tx) + (plane[y0 * bw + x1] as number) * tx) * (1 - ty) + ((plane[y1 * bw + x0] as number) * (1 - tx) + (plane[y1 * bw + x1] as number) * tx) * ty;
      const a = alpha / 255;
      const backAlpha = sample(blurred[3] as Float32Array) / 255;
      const outAlpha = a + backAlpha * (1 - a);
      if (outAlpha <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const front = data[o + c] as number;
        const back = sample(blurred[c] as Float32Array) * DIM;
        data[o + c] = (front * a + back * backAlpha * (1 - a)) / outAlpha;
      }
      data[o + 3] = outAlpha * 255;
    }
  }
}
