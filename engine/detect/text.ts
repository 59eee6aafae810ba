/**
 * Lines of text with PP-OCRv4's text detector (DBNet, models/README.md), post-processed as
 * PaddleOCR's DBPostProcess does but with axis-aligned boxes: the probability map above 0.3 splits
 * into connected regions, a region averaging ≥ 0.6 is kept and its box grown by
 * area·1.5/perimeter on every side (the network is trained on shrunk text). The product keeps
 * lines whole, so boxes on one line with a word-sized gap between them merge into one.
 */
import type { DetectedBox } from '../plan/detection';
import type { Raster } from '../pixels/raster';
import { textOnnx } from '#detect-models';
import { freeNow } from '../memory';
import { freeTensors, Network, type RunStats } from './executor';
import { networkInput } from './input';

const BINARY_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
/** Regions thinner than this (input pixels) are noise, as PaddleOCR's min_size. */
const MIN_SIZE = 3;
/** A region taller than wide and higher than this share of the picture's short side is no text. */
const BLOB_HEIGHT = 0.1;
/** Boxes on one line merge across a gap of up to this many line heights. */
const LINE_GAP = 1.5;

/**
 * PaddleOCR reads pictures as BGR and normalises with ImageNet's mean and deviation in that
 * channel order (NormalizeImage on cv2's BGR array).
 */
const PADDLE_BGR = [
  { source: 2, mean: 0.485 * 255, std: 0.229 * 255 },
  { source: 1, mean: 0.456 * 255, std: 0.224 * 255 },
  { source: 0, mean: 0.406 * 255, std: 0.225 * 255 },
] as const;

let network: Network | null = null;

/** Lets the parsed network go (see releaseDetectors). */
export function releaseTextNetwork(): void {
  network?.dispose();
  network = null;
}

export function detectTextAt(picture: Raster, maxSide: number, stats?: RunStats): DetectedBox[] {
  network ??= new Network(textOnnx);
  const input = networkInput(picture, maxSide, [...PADDLE_BGR]);
  const prob = network.run(input.tensor, stats).values().next().value!;
  const [, , height, width] = prob.shape as [number, number, number, number];
  const boxes = regions(prob.data, width, height, input.width, input.height);
  freeTensors([input.tensor, prob]);
  const inPicture = boxes.map((box) => {
    const x = Math.max(0, box.x / input.scale);
    const y = Math.max(0, box.y / input.scale);
    return {
      x,
      y,
      width: Math.min(picture.width, (box.x + box.width) / input.scale) - x,
      height: Math.min(picture.height, (box.y + box.height) / input.scale) - y,
      score: box.score,
    };
  });
  return mergeLines(inPicture).sort((a, b) => b.score - a.score);
}

/** Connected regions of the thresholded map (8-neighbour), each as a scored, grown box. */
function regions(prob: Float32Array, width: number, height: number, usedW: number, usedH: number): DetectedBox[] {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const found: DetectedBox[] = [];
  let next = 0;
  for (let start = 0; start < width * height; start++) {
    if (label[start]! || prob[start]! <= BINARY_THRESHOLD) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let count = 0;
    while (top) {
      const p = stack[--top]!;
      sum += prob[p]!;
      count++;
      const px = p % width;
      const py = (p - px) / width;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          const ny = py + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (!label[q]! && prob[q]! > BINARY_THRESHOLD) {
            label[q] = next;
            stack[top++] = q;
          }
        }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < MIN_SIZE) continue;
    // Without the recogniser that drops PaddleOCR's non-text boxes, the detector's false alarms
    // stay: they are blobs over smooth areas (a cup of coffee's crema), taller than wide and
    // large. A line of (horizontal) text is wider than tall unless it is one small character.
    if (w < h && h > BLOB_HEIGHT * Math.min(usedW, usedH)) continue;
    // The mean over the region itself, not its box: a slightly slanted line fills little of its
    // axis-aligned box (PaddleOCR scores the rotated rectangle around the region).
    const score = sum / count;
    if (score < BOX_THRESHOLD) continue;
    const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    const bx = Math.max(0, x0 - grow);
    const by = Math.max(0, y0 - grow);
    found.push({
      x: bx,
      y: by,
      width: Math.min(usedW, x1 + 1 + grow) - bx,
      height: Math.min(usedH, y1 + 1 + grow) - by,
      score,
    });
  }
  freeNow(label, stack); // 3.4 MB at the detectors' 640 × 640, given back now rather than at V8's next collection
  return found;
}

/**
 * Merges boxes that sit on one line: they overlap vertically by at least half the shorter one's
 * height, the horizontal gap between them is under 1.5 times the taller one's height (about
 * four spaces),
 * and they overlap horizontally by less than half the narrower one's width (lines stacked close
 * together overlap vertically once grown, but side by side they are not). Repeats until nothing
 * merges.
 */
export function mergeLines(boxes: DetectedBox[]): DetectedBox[] {
  const lines = [...boxes];
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < lines.length && !merged; i++)
      for (let j = i + 1; j < lines.length && !merged; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
        if (
          overlap < 0.5 * Math.min(a.height, b.height) ||
          gap > LINE_GAP * Math.max(a.height, b.height) ||
          -gap > 0.5 * Math.min(a.width, b.width)
        )
          continue;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        const areaA = a.width * a.height;
        const areaB = b.width * b.height;
        lines[i] = {
          x,
          y,
          width: Math.max(a.x + a.width, b.x + b.width) - x,
          height: Math.max(a.y + a.height, b.y + b.height) - y,
          score: (a.score * areaA + b.score * areaB) / (areaA + areaB),
        };
        lines.splice(j, 1);
        merged = true;
      }
  }
  return lines;
}
