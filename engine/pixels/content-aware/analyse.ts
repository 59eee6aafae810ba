/**
 * Content-aware resizing: the analysis. (engine/plan/crop.ts turns it into crops; ../fill.ts fills extended canvas.)
 *
 * Content-aware resizing (the banner adjuster's "intelligent resizing" and the profile flow's
 * subject centring), with no network and no model: a smartcrop-style saliency map of a small copy
 * of the picture finds what must stay visible, and a crop planner keeps it whole inside each
 * target's safe zone, zooming out and filling the extra canvas with a blurred copy when the target's
 * shape cannot hold it.
 *
 *   analysePicture ─► { region: what must stay visible, subject: where to centre, face }
 *   planKeeping    ─► the plain crop that holds the region, else its core, else an extended canvas
 *   planSubjectCrop ─► cover crop centred on the subject
 *   applyFill      ─► the fill, met through the picture's continuation, under an extended output
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
import type { DetectedBox } from '../../plan/detection';
import { uprightSize } from '../../input/exif';
import type { CropRect, Picture, Raster } from '../raster';
import { resampleCrop } from '../resample';
import { withBuffers } from '../../codecs/simd/kernels';
import { components, percentile } from './maps';

export const ANALYSIS_SIZE = 256;
const CELL = 4;
/** The edge-density window's radius, in pixels of the small copy. */
const DENSITY_RADIUS = 4;

export interface Analysis {
  /** Upright size of the picture analysed (coordinates below are in its pixels). */
  width: number;
  height: number;
  /** What must stay visible; null when nothing stands out (a centred crop is then as good). */
  region: CropRect | null;
  /**
   * The region without its safety margin and without the spread of the edge-density window: the
   * least that must stay whole. Planning prefers a plain crop that holds it over an extended canvas
   * that holds the margin too. Absent in analyses stored before it existed.
   */
  core?: CropRect | null;
  /**
   * Compact high-contrast marks (logos, badges, small graphics, clusters of text), strongest first:
   * the saliency map's components, without the huge ones (textured backgrounds) and the specks.
   * A softer class than faces and text (docs/product.md, "Intelligent resizing"): they place a crop
   * within the room the faces and text leave. Absent in analyses stored before they existed.
   */
  marks?: DetectedBox[];
  /** The point to centre a square crop on: a face when there is one, else the weighted saliency. */
  subject: { x: number; y: number };
  face: CropRect | null;
}

/** The tuned thresholds of the saliency map, in one place (see the module comment for what each scores). */
const TUNING = {
  /** A strong edge: the picture's 90th percentile of gradient, kept between these. */
  strongEdge: { min: 24, max: 40 },
  /** Edge density that starts to count, and the span over which it reaches 1. */
  density: { from: 0.28, span: 0.22 },
  /** Chroma above the typical that starts to count; the spread never under this. */
  chroma: { above: 0.15, minSpread: 0.2 },
  /** Centre-surround colour contrast that starts to count, and its span. */
  contrast: { from: 0.12, span: 0.2 },
  /** A pixel is salient from this score on (colour or skin alone stay under it). */
  mark: 0.5,
  /** Skin counts only while less than this share of the picture is skin-toned. */
  maxSkinShare: 0.5,
} as const;

/** What makes a component of the saliency map a mark. */
const MARKS = {
  /** At most this share of the picture: larger is a textured backdrop, not a mark. */
  maxShare: 0.25,
  /** At least this many cells (CELL × CELL pixels of the small copy): fewer is a speck. */
  minCells: 4,
  /**
   * At least this share of a mark's box has crisp edges: drawn graphics and text are made of them,
   * a photo's textures (fur, foliage, a pebbled road) seldom are.
   */
  minCrisp: 0.35,
  /** At most this many, the strongest. */
  count: 8,
  /** A crisp edge, in luminance levels (Sobel / 4) on the small copy. */
  crispEdge: 48,
} as const;

type Grid = { w: number; h: number; n: number };
type Component = ReturnType<typeof components>[number];

/**
 * The saliency maps of the small copy, made by the engine's kernels (codecs/simd/assembly/analyse.ts)
 * in their memory, as views read before anything else uses that memory (the analysis is
 * synchronous). Per pixel:
 * - luminance, chroma and skin;
 * - the density of strong edges (Sobel magnitude over a threshold, then its local mean), and where
 *   edges are crisp: text and logos pack many strong edges into a small area; a single long edge
 *   (a horizon, a shape's outline) fills at most a quarter of the window;
 * - centre-surround colour contrast: how far each pixel's colour is from its wide neighbourhood's;
 * - the saliency score (detail, detailed colour, detailed skin) and the colour-blob score.
 * Per CELL × CELL cell: the mean scores, and which cells are marked as salient, colour blobs or skin.
 */
function saliencyMaps(small: Raster, { w, h, n }: Grid) {
  const cw = Math.ceil(w / CELL);
  const ch = Math.ceil(h / CELL);
  const cells = cw * ch;
  const map = n * 4;
  const { kernels, at, buffer } = withBuffers({
    rgba: n * 4,
    luma: map,
    chroma: map,
    skin: map,
    crisp: map,
    density: map,
    contrast: map,
    score: map,
    colourScore: map,
    a: map,
    b: map,
    c: map,
    d: map,
    squares: n * 8,
    cellScore: cells * 4,
    cellSkin: cells * 4,
    cellColour: cells * 4,
    cellCrisp: cells * 4,
    marked: cells,
    colourMarked: cells,
    skinMarked: cells,
    subject: 24,
  });
  const floats = (name: keyof typeof at, length = n) => new Float32Array(buffer, at[name], length);
  const bytes = (name: keyof typeof at) => new Uint8Array(buffer, at[name], cells);
  new Uint8Array(buffer, at.rgba, n * 4).set(small.data.subarray(0, n * 4));
  kernels.analysisFeatures(at.rgba, n, at.luma, at.chroma, at.skin);

  // Edges: the gradient in a, strong edges in b, their density through c.
  kernels.sobel(at.luma, w, h, at.a);
  const strongEdge = Math.min(TUNING.strongEdge.max, Math.max(TUNING.strongEdge.min, percentile(floats('a'), 0.9)));
  kernels.edgeMaps(at.a, n, strongEdge, MARKS.crispEdge, at.b, at.crisp);
  kernels.boxBlur(at.b, w, h, DENSITY_RADIUS, at.c, at.density);

  // Colour contrast, a channel at a time: the plane in a, its surround (blurred twice) in d, its centre in b.
  for (let channel = 0; channel < 3; channel++) {
    kernels.channelMap(at.rgba, n, channel, at.a);
    kernels.boxBlur(at.a, w, h, 8, at.c, at.b);
    kernels.boxBlur(at.b, w, h, 8, at.c, at.d);
    kernels.boxBlur(at.a, w, h, 1, at.c, at.b);
    kernels.addContrast(at.b, at.d, n, at.squares, channel === 0, channel === 2 ? at.contrast : 0);
  }

  const chroma = floats('chroma');
  const chromaTypical = percentile(chroma, 0.5);
  const chromaSpread = Math.max(TUNING.chroma.minSpread, percentile(chroma, 0.995) - chromaTypical);
  const skinShare = kernels.skinCount(at.skin, n) / n;
  // Colour or skin alone stays under the mark: a saturated sky or a skin-toned wall is not
  // content; with detail (a logo's rim, eyes and mouth) they lift a region over it.
  const skinCounts = skinShare < TUNING.maxSkinShare;
  kernels.saliencyScores(
    at.density,
    at.chroma,
    at.contrast,
    at.skin,
    n,
    TUNING.density.from,
    TUNING.density.span,
    chromaTypical,
    TUNING.chroma.above,
    chromaSpread,
    TUNING.contrast.from,
    TUNING.contrast.span,
    skinCounts,
    at.score,
    at.colourScore,
  );
  // Marked where a quarter of the cell's pixels score high.
  kernels.cellMarks(
    at.score,
    at.skin,
    at.colourScore,
    at.crisp,
    w,
    h,
    CELL,
    TUNING.mark,
    skinCounts,
    at.cellScore,
    at.cellSkin,
    at.cellColour,
    at.cellCrisp,
    at.marked,
    at.colourMarked,
    at.skinMarked,
  );
  kernels.subjectSums(at.score, w, n, at.subject);
  const [sx, sy, sum] = new Float64Array(buffer, at.subject, 3);
  return {
    cells: {
      cw,
      ch,
      score: floats('cellScore', cells),
      skin: floats('cellSkin', cells),
      colour: floats('cellColour', cells),
      crisp: floats('cellCrisp', cells),
      marked: bytes('marked'),
      colourMarked: bytes('colourMarked'),
      skinMarked: bytes('skinMarked'),
    },
    /** Σ v·x, Σ v·y and Σ v over the pixels, v the score squared: the saliency-weighted centre. */
    subject: { sx: sx as number, sy: sy as number, sum: sum as number },
  };
}

/**
 * The marks among the salient components and colour blobs, as boxes in upright pixels. A salient
 * component's cells reach DENSITY_RADIUS past its edges (the density window), so its box is drawn
 * in by that much; boxes that overlap are one mark (a logo's rim and its colour, a line's words).
 */
function findMarks(
  salient: Component[],
  blobs: Component[],
  cells: { cw: number; ch: number; score: Float32Array; colour: Float32Array; crisp: Float32Array },
  { scale, uw, uh }: { scale: number; uw: number; uh: number },
): DetectedBox[] {
  // The share of crisp-edged pixels over the component's box.
  const crispness = (c: Component) => {
    let sum = 0;
    for (let y = c.y0; y <= c.y1; y++)
      for (let x = c.x0; x <= c.x1; x++) sum += cells.crisp[y * cells.cw + x] as number;
    return sum / ((c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1));
  };
  const spread = DENSITY_RADIUS / scale;
  const boxes = [...salient.map((c) => ({ c, inset: spread })), ...blobs.map((c) => ({ c, inset: 0 }))]
    .filter(({ c }) => c.cells >= MARKS.minCells)
    .map(({ c, inset }) => ({ c, inset, crisp: crispness(c) }))
    .filter(({ crisp }) => crisp >= MARKS.minCrisp)
    .map(({ c, inset, crisp }) => {
      const x0 = (c.x0 * CELL) / scale;
      const y0 = (c.y0 * CELL) / scale;
      const x1 = Math.min(uw, ((c.x1 + 1) * CELL) / scale);
      const y1 = Math.min(uh, ((c.y1 + 1) * CELL) / scale);
      const dx = Math.min(inset, (x1 - x0) / 4);
      const dy = Math.min(inset, (y1 - y0) / 4);
      // Salient and crisp: a mark as strong as its cells score, in full once half its box is crisp edges.
      const score = (c.weight / c.cells) * Math.min(1, crisp / (2 * MARKS.minCrisp));
      return { x0: x0 + dx, y0: y0 + dy, x1: x1 - dx, y1: y1 - dy, score };
    });
  // Overlapping boxes, one mark: merged until none overlap.
  const merged: typeof boxes = [];
  for (const box of boxes) {
    let current = { ...box };
    for (let i = merged.length - 1; i >= 0; i--) {
      const other = merged[i] as (typeof boxes)[number];
      if (other.x0 < current.x1 && current.x0 < other.x1 && other.y0 < current.y1 && current.y0 < other.y1) {
        current = {
          x0: Math.min(current.x0, other.x0),
          y0: Math.min(current.y0, other.y0),
          x1: Math.max(current.x1, other.x1),
          y1: Math.max(current.y1, other.y1),
          score: Math.max(current.score, other.score),
        };
        merged.splice(i, 1);
        i = merged.length;
      }
    }
    merged.push(current);
  }
  return merged
    .filter((b) => (b.x1 - b.x0) * (b.y1 - b.y0) <= MARKS.maxShare * uw * uh)
    .sort((p, q) => q.score - p.score)
    .slice(0, MARKS.count)
    .map((b) => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, score: Math.min(1, b.score) }));
}

/** Analyses the upright picture once; every target's crop is planned from the result. */
export function analysePicture(source: Picture, orientation: number): Analysis {
  const { width: uw, height: uh } = uprightSize(source.width, source.height, orientation);
  const scale = Math.min(1, ANALYSIS_SIZE / Math.max(uw, uh));
  const w = Math.max(CELL, Math.round(uw * scale));
  const h = Math.max(CELL, Math.round(uh * scale));
  const grid: Grid = { w, h, n: w * h };
  const small: Raster = resampleCrop({
    source,
    orientation,
    crop: { x: 0, y: 0, width: uw, height: uh },
    width: w,
    height: h,
    precise: true, // the saliency thresholds were set on a floating-point copy, as the detectors'
  });
  const maps = saliencyMaps(small, grid);
  const { cells } = maps;
  const { cw, ch } = cells;
  const toPicture = (x: number, y: number) => ({ x: (x * CELL) / scale, y: (y * CELL) / scale });

  // The region: salient components and compact blobs of standing-out colour (logos, badges; a
  // large one is a coloured backdrop), without specks far weaker than the main content.
  const blobs = components(cells.colourMarked, cw, ch, cells.colour).filter(
    (c) =>
      c.cells >= 2 &&
      c.cells <= 0.03 * cw * ch &&
      c.weight / c.cells >= 0.6 &&
      c.cells >= 0.4 * (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1),
  );
  const salient = components(cells.marked, cw, ch, cells.score);
  const marks = findMarks(salient, blobs, cells, { scale, uw, uh });
  const found = [...salient.filter((c) => c.cells >= 3), ...blobs];
  const strongest = Math.max(0, ...found.map((c) => c.weight));
  const kept = found.filter((c) => c.cells >= 6 || c.weight >= 0.05 * strongest);
  let region: CropRect | null = null;
  let core: CropRect | null = null;
  if (kept.length > 0) {
    const margin = Math.max(CELL / scale, 0.02 * Math.min(uw, uh));
    const a = toPicture(Math.min(...kept.map((c) => c.x0)), Math.min(...kept.map((c) => c.y0)));
    const b = toPicture(Math.max(...kept.map((c) => c.x1)) + 1, Math.max(...kept.map((c) => c.y1)) + 1);
    const x0 = Math.max(0, a.x - margin);
    const y0 = Math.max(0, a.y - margin);
    const x1 = Math.min(uw, b.x + margin);
    const y1 = Math.min(uh, b.y + margin);
    region = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    // The density window (radius DENSITY_RADIUS) lights pixels that far outside an edge.
    const spread = DENSITY_RADIUS / scale;
    const cx0 = Math.max(0, Math.min(a.x + spread, (a.x + b.x) / 2));
    const cy0 = Math.max(0, Math.min(a.y + spread, (a.y + b.y) / 2));
    const cx1 = Math.min(uw, Math.max(b.x - spread, cx0));
    const cy1 = Math.min(uh, Math.max(b.y - spread, cy0));
    core = { x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0 };
  }

  // A face: the largest skin component of some size, taller than a speck.
  const skins = components(cells.skinMarked, cw, ch, cells.skin)
    .filter((c) => c.cells >= Math.max(4, 0.005 * cw * ch))
    .sort((p, q) => q.cells - p.cells);
  const blob = skins[0];
  let face: CropRect | null = null;
  if (blob) {
    const a = toPicture(blob.x0, blob.y0);
    const b = toPicture(blob.x1 + 1, blob.y1 + 1);
    face = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  }

  // The subject: the face, else the saliency-weighted centre.
  let subject = { x: uw / 2, y: uh / 2 };
  if (face) subject = { x: face.x + face.width / 2, y: face.y + face.height / 2 };
  else {
    const { sx, sy, sum } = maps.subject;
    if (sum > 0) subject = { x: (sx / sum + 0.5) / scale, y: (sy / sum + 0.5) / scale };
  }
  return { width: uw, height: uh, region, core, marks, subject, face };
}
