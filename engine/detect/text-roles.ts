/**
 * Which lines of text matter (docs/product.md, "Intelligent resizing"): designed text (a headline,
 * a caption: large for the picture, in high contrast, set on it) as against text in the scene
 * (signs, print, labels), and the plain panels designed text is set on (a card, a band, the plain
 * side of a banner), which are kept whole with it. Read from the copy the detectors saw, in its
 * pixels; no second copy of the picture is made.
 */
import type { CropRect } from '../plan/crop';
import type { DetectedBox } from '../plan/detection';
import type { Raster } from '../pixels/raster';

/** A line of text is wider than this many times its height; a boxed blob (a badge, a star) is not a line. */
const ASPECT = 1.5;
/** Below this share of the picture's short side a line is print in the scene unless it is set on a panel. */
const SMALL = 0.03;
/**
 * The spread of light between the line's darkest and lightest tenths (out of 255) that designed
 * text has on a photo: set to be read, it stands out (the evaluation's captions: 200 and more;
 * text the detector found in the scenes: 110 at most).
 */
const CONTRAST = 120;
/** On a plain panel, less is needed: the panel itself says the text was set there. */
const PANEL_CONTRAST = 40;
/** How far two colours may be (sum of the channels' differences) and still be one plain panel. */
const SAME_COLOUR = 36;
/** The share of a panel's edge rows and columns that must be its colour (the rest: anti-aliasing, the text). */
const PLAIN = 0.9;
/** The share of the ring around a line that must be one colour for the line to sit on a panel (the line's box may clip its glyphs). */
const RING = 0.75;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function pixel(picture: Raster, x: number, y: number): Rgb {
  const i = (y * picture.width + x) * 4;
  return { r: picture.data[i] as number, g: picture.data[i + 1] as number, b: picture.data[i + 2] as number };
}

const distance = (a: Rgb, b: Rgb) => Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
const light = (c: Rgb) => 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;

/** Whole pixel bounds of a box, clipped to the picture. */
function bounds(picture: Raster, box: CropRect) {
  return {
    x0: Math.max(0, Math.floor(box.x)),
    y0: Math.max(0, Math.floor(box.y)),
    x1: Math.min(picture.width, Math.ceil(box.x + box.width)),
    y1: Math.min(picture.height, Math.ceil(box.y + box.height)),
  };
}

/** The spread of light inside the box: its 90th percentile less its 10th. */
export function contrastOf(picture: Raster, box: CropRect): number {
  const { x0, y0, x1, y1 } = bounds(picture, box);
  const histogram = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      histogram[Math.round(light(pixel(picture, x, y)))]! += 1;
      n += 1;
    }
  const percentile = (p: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] as number;
      if (seen >= p * n) return v;
    }
    return 255;
  };
  return n === 0 ? 0 : percentile(0.9) - percentile(0.1);
}

/** The pixels of a row or column segment that are within SAME_COLOUR of `colour`, as a share. */
function shareOf(picture: Raster, colour: Rgb, along: 'row' | 'column', at: number, from: number, to: number): number {
  let same = 0;
  for (let i = from; i < to; i++) {
    const p = along === 'row' ? pixel(picture, i, at) : pixel(picture, at, i);
    if (distance(p, colour) <= SAME_COLOUR) same += 1;
  }
  return to > from ? same / (to - from) : 0;
}

/** The most common colour of the ring just outside the box (a quarter of its height wide), and its share of the ring. */
function ringColour(picture: Raster, box: CropRect): { colour: Rgb; share: number } {
  const pad = Math.max(1, Math.round(box.height * 0.25));
  const outer = bounds(picture, {
    x: box.x - pad,
    y: box.y - pad,
    width: box.width + 2 * pad,
    height: box.height + 2 * pad,
  });
  const inner = bounds(picture, box);
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let n = 0;
  for (let y = outer.y0; y < outer.y1; y++)
    for (let x = outer.x0; x < outer.x1; x++) {
      if (x >= inner.x0 && x < inner.x1 && y >= inner.y0 && y < inner.y1) continue;
      const p = pixel(picture, x, y);
      const key = ((p.r >> 5) << 6) | ((p.g >> 5) << 3) | (p.b >> 5);
      const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bucket.n += 1;
      bucket.r += p.r;
      bucket.g += p.g;
      bucket.b += p.b;
      buckets.set(key, bucket);
      n += 1;
    }
  let best = { n: 0, r: 0, g: 0, b: 0 };
  for (const bucket of buckets.values()) if (bucket.n > best.n) best = bucket;
  if (best.n === 0) return { colour: { r: 0, g: 0, b: 0 }, share: 0 };
  const colour = { r: best.r / best.n, g: best.g / best.n, b: best.b / best.n };
  let same = 0;
  for (let y = outer.y0; y < outer.y1; y++)
    for (let x = outer.x0; x < outer.x1; x++) {
      if (x >= inner.x0 && x < inner.x1 && y >= inner.y0 && y < inner.y1) continue;
      if (distance(pixel(picture, x, y), colour) <= SAME_COLOUR) same += 1;
    }
  return { colour, share: n > 0 ? same / n : 0 };
}

/**
 * The plain panel the box sits on: the rectangle of the ring's colour grown outward from the box,
 * a row or a column at a time while at least PLAIN of it is that colour; null where the ring is not
 * plain, where the panel is hardly larger than the text, or where it is most of the picture (its
 * plain background, not a panel on it).
 */
export function panelAround(picture: Raster, box: CropRect): CropRect | null {
  const { colour, share } = ringColour(picture, box);
  if (share < RING) return null;
  let { x0, y0, x1, y1 } = bounds(picture, box);
  for (let grew = true; grew;) {
    grew = false;
    if (y0 > 0 && shareOf(picture, colour, 'row', y0 - 1, x0, x1) >= PLAIN) [y0, grew] = [y0 - 1, true];
    if (y1 < picture.height && shareOf(picture, colour, 'row', y1, x0, x1) >= PLAIN) [y1, grew] = [y1 + 1, true];
    if (x0 > 0 && shareOf(picture, colour, 'column', x0 - 1, y0, y1) >= PLAIN) [x0, grew] = [x0 - 1, true];
    if (x1 < picture.width && shareOf(picture, colour, 'column', x1, y0, y1) >= PLAIN) [x1, grew] = [x1 + 1, true];
  }
  const area = (x1 - x0) * (y1 - y0);
  if (area < 1.5 * box.width * box.height || area > 0.7 * picture.width * picture.height) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Each line judged designed or not, and the panels designed text is set on (one per panel, however
 * many lines it holds). A line is designed when it is a line (wider than tall) in contrast: on a
 * plain panel, or on the picture itself when it is not small. Text in the scene is small, or set
 * in the picture's own light and shade.
 */
export function judgeText(picture: Raster, lines: readonly DetectedBox[]): { designed: boolean[]; panels: CropRect[] } {
  const short = Math.min(picture.width, picture.height);
  const panels: CropRect[] = [];
  const designed = lines.map((line) => {
    if (line.width < ASPECT * line.height) return false;
    const contrast = contrastOf(picture, line);
    const panel = contrast >= PANEL_CONTRAST ? panelAround(picture, line) : null;
    if (panel) {
      panels.push(panel);
      return true;
    }
    return line.height >= SMALL * short && contrast >= CONTRAST;
  });
  return { designed, panels: merged(panels) };
}

/**
 * Panels grown from different lines of one panel stop at each other's text: the ones that overlap
 * are one panel, their union.
 */
function merged(panels: CropRect[]): CropRect[] {
  const out: CropRect[] = [];
  for (const panel of panels) {
    let union = panel;
    for (let i = out.length - 1; i >= 0; i--) {
      const other = out[i] as CropRect;
      const meet =
        union.x < other.x + other.width &&
        other.x < union.x + union.width &&
        union.y < other.y + other.height &&
        other.y < union.y + union.height;
      if (!meet) continue;
      const x = Math.min(union.x, other.x);
      const y = Math.min(union.y, other.y);
      union = {
        x,
        y,
        width: Math.max(union.x + union.width, other.x + other.width) - x,
        height: Math.max(union.y + union.height, other.y + other.height) - y,
      };
      out.splice(i, 1);
    }
    out.push(union);
  }
  return out;
}
