/**
 * Face and text detection (docs/research/detection.md): YuNet for faces, PP-OCRv4's detector for
 * lines of text, both run by our own small executor (executor.ts) on WebAssembly SIMD kernels, with
 * weights bundled (`#detect-models`), nothing fetched. Both functions are synchronous.
 */
import type { DetectedBox, DetectedFace } from '../plan/detection';
import type { Raster } from '../pixels/raster';
import type { RunStats } from './executor';
import { detectKernelBytes } from './kernels';
import { detectTextAt, releaseTextNetwork } from './text';
import { detectFacesAt, releaseFaceNetwork } from './yunet';

/**
 * The detectors read at most 640×640 pixels' worth of the picture: YuNet finds faces of about
 * 10-300 px at its input scale, and the text detector's live activations stay near 30 MB. A budget
 * of pixels rather than of the long side keeps a wide banner's small caption legible (a 1584×396
 * banner is read at 1280×320, not 640×160), up to DETECT_MAX_SIDE on the long side.
 */
export const DETECT_PIXELS = 640 * 640;
export const DETECT_MAX_SIDE = 2048;

/** The long side a picture of this size is read at (never enlarged). */
export function detectSide(width: number, height: number): number {
  const long = Math.max(width, height);
  const scale = Math.min(1, Math.sqrt(DETECT_PIXELS / Math.max(1, width * height)), DETECT_MAX_SIDE / long);
  return Math.max(1, Math.round(long * scale));
}

/** Faces in an upright RGBA copy of the picture (boxes in that copy's pixels), most confident first. */
export function detectFaces(picture: Raster, stats?: RunStats): DetectedFace[] {
  return detectFacesAt(picture, detectSide(picture.width, picture.height), stats);
}

/** Lines of text in an upright RGBA copy, in that copy's pixels, most confident first. */
export function detectText(picture: Raster, stats?: RunStats): DetectedBox[] {
  return detectTextAt(picture, detectSide(picture.width, picture.height), stats);
}

/**
 * Lets the parsed networks (~10 MB of weights, freed at once) go once a picture is detected:
 * detection runs once per upload, and the renders after it need that room for decoding in the
 * isolate's 128 MB. Loading again costs ~40 ms. The kernels' memory (about 4 MB) is kept, counted
 * in the ledger, which lets it go when a step needs the room (kernels.ts).
 */
export function releaseDetectors(): void {
  releaseFaceNetwork();
  releaseTextNetwork();
}

/** Bytes the detectors' WebAssembly memory has grown to (it never shrinks), for the benchmark. */
export function detectorMemoryBytes(): number {
  return detectKernelBytes();
}

export type { RunStats };
