/**
 * What the detectors found in one picture (docs/product.md, "Intelligent resizing"): faces and
 * lines of text, which every target keeps whole, and compact high-contrast marks (logos, badges)
 * from the saliency map, which only place a crop within the room the faces and text leave.
 * Boxes are in upright pixels of the whole picture, the coordinates of `CropRect` (engine/plan/crop.ts).
 */
import { unionOf, type CropRect } from './crop';
import type { Keep, KeptRect } from './framing';

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

export interface DetectedLine extends DetectedBox {
  /**
   * Designed text (large for the picture, in high contrast, set on it: a headline, a caption) as
   * against text in the scene (signs, print, labels), which may be cropped like anything else.
   * Absent in detections made before text was told apart: taken as designed, as it was then.
   */
  designed?: boolean;
}

export interface Detection {
  /** Upright size of the picture the boxes are in. */
  width: number;
  height: number;
  faces: DetectedFace[];
  /** One box per line of text. */
  text: DetectedLine[];
  /**
   * Plain panels behind designed text (a card, a band, the plain side of a banner), each kept
   * whole with its text. Absent in detections made before panels were looked for.
   */
  panels?: CropRect[];
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

/**
 * A face counts as the primary subject when its height is at least this share of the largest
 * face's: the people of a group photo (their faces 0.64 to 1 of the largest in the evaluation set's
 * groups), not the smaller faces behind them.
 */
export const PRIMARY_FACE = 0.6;
/** Faces smaller than this share of the largest are the crowd behind: they may be cropped. */
export const CROWD_FACE = 0.3;
/** Lines of designed text at least this share of the tallest one's height are the headline. */
export const HEADLINE = 0.8;
/** A face box reaching this share of its size past the picture's edge is a half face the picture already cuts. */
const CUT_FACE = 0.15;

/** Whether the picture's own edge cuts through the face (a bystander's half face at the edge). */
function cutByEdge(face: CropRect, picture: Size): boolean {
  const outX = Math.max(0, -face.x) + Math.max(0, face.x + face.width - picture.width);
  const outY = Math.max(0, -face.y) + Math.max(0, face.y + face.height - picture.height);
  return outX > CUT_FACE * face.width || outY > CUT_FACE * face.height;
}

/** A panel's edge within this share of the picture's long side of the border lies on it. */
const ON_BORDER = 0.01;

/**
 * What of a panel is kept whole with its text (docs/product.md, "Intelligent resizing"): a card
 * (inside the picture) whole, its four corners; a panel that runs off the picture (a band across
 * it, the plain side of a banner) only up to its edges inside the picture: an edge on the border
 * is no edge to keep, so on that side it is kept as far as its text.
 */
export function panelKept(panel: CropRect, lines: readonly CropRect[], picture: Size): CropRect {
  const on = lines.filter(
    (l) =>
      l.x >= panel.x &&
      l.y >= panel.y &&
      l.x + l.width <= panel.x + panel.width &&
      l.y + l.height <= panel.y + panel.height,
  );
  const text = on.length > 0 ? unionOf(on) : panel;
  const near = ON_BORDER * Math.max(picture.width, picture.height);
  const x0 = panel.x <= near ? text.x : panel.x;
  const y0 = panel.y <= near ? text.y : panel.y;
  const x1 = panel.x + panel.width >= picture.width - near ? text.x + text.width : panel.x + panel.width;
  const y1 = panel.y + panel.height >= picture.height - near ? text.y + text.height : panel.y + panel.height;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * What an extended canvas never repeats (engine/pixels/fill.ts): every head (the crowd's too), every
 * line of text (in the scene too) and every mark, with their margins; a copy of any of them beside
 * the picture would read as a second one.
 */
export function keepOutBoxes(detection: Detection): CropRect[] {
  return [
    ...detection.faces.map((face) => headBox(face, detection)),
    ...detection.text.map((line) => lineBox(line, detection)),
    ...detection.marks.map(({ x, y, width, height }) => ({ x, y, width, height })),
  ];
}

/**
 * What matters in the picture, by rank (docs/product.md, "Intelligent resizing"): the primary
 * subject (the most prominent faces, the headline) and the rest (the other faces and designed
 * lines, the panels behind them). Faces of the crowd behind, half faces the picture's edge cuts,
 * and text in the scene are not kept.
 */
function ranked(detection: Detection) {
  const faces = detection.faces.filter((face) => !cutByEdge(face, detection));
  const tallest = Math.max(0, ...faces.map((f) => f.height));
  const lines = detection.text.filter((line) => line.designed !== false);
  const headline = Math.max(0, ...lines.map((l) => l.height));
  return {
    primaryFaces: faces.filter((f) => f.height >= PRIMARY_FACE * tallest),
    otherFaces: faces.filter((f) => f.height < PRIMARY_FACE * tallest && f.height >= CROWD_FACE * tallest),
    headlines: lines.filter((l) => l.height >= HEADLINE * headline),
    otherLines: lines.filter((l) => l.height < HEADLINE * headline),
    panels: detection.panels ?? [],
  };
}

export type KeptBox = CropRect & { kind: 'face' | 'text' };

/** What the planner keeps whole, each face's head and each line of designed text with its margins, and which each is. */
export function keptBoxes(detection: Detection): KeptBox[] {
  const r = ranked(detection);
  return [
    ...[...r.primaryFaces, ...r.otherFaces].map((face) => ({ ...headBox(face, detection), kind: 'face' as const })),
    ...[...r.headlines, ...r.otherLines].map((line) => ({ ...lineBox(line, detection), kind: 'text' as const })),
  ];
}

/**
 * What planFraming keeps for this picture: the primary subject whole inside the safe zone, the
 * rest whole inside the frame, the marks where there is room; a head may lose its margin (to the
 * face box) and a line its own before the canvas is extended for them. The engine, the app and the
 * benchmark all frame from this one rule. (A user's box replaces it: the user chose what to keep,
 * and the app previews that box alone.)
 */
export function keepBoxes(detection: Detection): Keep {
  const r = ranked(detection);
  const head = (face: DetectedFace): KeptRect => ({ ...headBox(face, detection), core: clip(face, detection) });
  const line = (l: DetectedLine): KeptRect => ({ ...lineBox(l, detection), core: clip(l, detection) });
  return {
    must: [...r.primaryFaces.map(head), ...r.headlines.map(line)],
    whole: [
      ...r.otherFaces.map(head),
      ...r.otherLines.map(line),
      ...r.panels.map((p) => panelKept(p, [...r.headlines, ...r.otherLines], detection)),
    ],
    soft: detection.marks,
  };
}

/** A box clipped to the picture. */
function clip(box: CropRect, picture: Size): CropRect {
  return grow(box, picture, 0, 0, 0, 0);
}
