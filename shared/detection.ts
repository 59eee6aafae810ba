/**
 * What the detectors found in one picture (docs/product.md, "Intelligent resizing"): faces and
 * lines of text, which every target keeps whole, and compact high-contrast marks (logos, badges)
 * from the saliency map, which only place a crop within the room the faces and text leave.
 * Boxes are in upright pixels of the whole picture, the coordinates of `CropRect` (shared/crop.ts).
 */
import type { CropRect, Keep } from './crop';

export interface Point {
  x: number;
  y: number;
}

export interface DetectedBox extends CropRect {
  /** The detector's confidence, 0..1. */
  score: number;
}

export interface DetectedFace extends DetectedBox {
  /** The face detector's five landmarks: right eye, left eye, nose tip, right and left mouth corner. */
  landmarks: Point[];
}

export interface Detection {
  /** Upright size of the picture the boxes are in. */
  width: number;
  height: number;
  faces: DetectedFace[];
  /** One box per line of text. */
  text: DetectedBox[];
  /** Compact high-contrast marks (logos, badges) from the saliency map: kept only where there is room. */
  marks: DetectedBox[];
  /**
   * 'models': the face and text models ran. 'saliency': they could not, and the saliency map's
   * region stands in for faces and text (the results say so).
   */
  source: 'models' | 'saliency';
  /** Why the models did not run, when `source` is 'saliency'. */
  failure?: string;
}

/**
 * How much a face box grows to hold the whole head, as shares of the box. YuNet's boxes (trained on
 * WIDER FACE) run from the forehead to the chin and from cheek to cheek, with the eyes about 40 %
 * down. The eyes sit halfway between the chin and the top of the skull, so the skull ends about
 * 20 % of the box above it and hair adds some 10 %: 30 % up; the ears 10 % each side; 10 % below
 * for the chin's underside and a beard (docs/product.md, "Intelligent resizing").
 */
export const HEAD_MARGIN = { up: 0.3, side: 0.1, down: 0.1 } as const;

/** How much a line of text grows on every side, as a share of its height: room for accents and descenders the box may clip. */
export const TEXT_MARGIN = 0.1;

type Size = { width: number; height: number };

function grow(box: CropRect, picture: Size, left: number, up: number, right: number, down: number): CropRect {
  const x0 = Math.max(0, box.x - left);
  const y0 = Math.max(0, box.y - up);
  const x1 = Math.min(picture.width, box.x + box.width + right);
  const y1 = Math.min(picture.height, box.y + box.height + down);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** The whole head around a detected face: the box grown by HEAD_MARGIN, clipped to the picture. */
export function headBox(face: CropRect, picture: Size): CropRect {
  const side = face.width * HEAD_MARGIN.side;
  return grow(face, picture, side, face.height * HEAD_MARGIN.up, side, face.height * HEAD_MARGIN.down);
}

/** A line of text with TEXT_MARGIN around it, clipped to the picture. */
export function lineBox(line: CropRect, picture: Size): CropRect {
  const m = line.height * TEXT_MARGIN;
  return grow(line, picture, m, m, m, m);
}

export type KeptBox = CropRect & { kind: 'face' | 'text' };

/** What every target keeps whole: each face's head and each line of text, with their margins, and which each is. */
export function keptBoxes(detection: Detection): KeptBox[] {
  return [
    ...detection.faces.map((face) => ({ ...headBox(face, detection), kind: 'face' as const })),
    ...detection.text.map((line) => ({ ...lineBox(line, detection), kind: 'text' as const })),
  ];
}

/** The kept boxes as plain rectangles. */
export function mustKeep(detection: Detection): CropRect[] {
  return keptBoxes(detection).map(({ x, y, width, height }) => ({ x, y, width, height }));
}

/**
 * What an extended canvas never repeats (worker/imaging/fill.ts): every head, line of text and
 * mark, with their margins; a copy of any of them beside the picture would read as a second one.
 */
export function keepOutBoxes(detection: Detection): CropRect[] {
  return [...mustKeep(detection), ...detection.marks.map(({ x, y, width, height }) => ({ x, y, width, height }))];
}

/**
 * What planFraming keeps for this picture: the heads and the lines whole, the marks where there is
 * room. The engine, the app and the benchmark all frame from this one rule. (A user's box replaces
 * it: the user chose what to keep, and the app previews that box alone.)
 */
export function keepBoxes(detection: Detection): Keep {
  return { must: mustKeep(detection), soft: detection.marks };
}
