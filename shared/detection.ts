/**
 * What the detectors found in one picture (docs/product.md, "Intelligent resizing"): faces and
 * lines of text, which every target keeps whole, and compact high-contrast marks (logos, badges)
 * from the saliency map, which only place a crop within the room the faces and text leave.
 * Boxes are in upright pixels of the whole picture, the coordinates of `CropRect` (shared/crop.ts).
 */
import type { CropRect } from './crop';

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

/** What every target keeps whole: the faces and the lines of text (the user's box is added by the caller). */
export function mustKeep(detection: Detection): CropRect[] {
  return [...detection.faces, ...detection.text].map(({ x, y, width, height }) => ({ x, y, width, height }));
}
