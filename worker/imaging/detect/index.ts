/**
 * Face and text detection (docs/research/detection.md): YuNet for faces, PP-OCRv4's detector for
 * lines of text, both run by our own small executor (executor.ts) on WebAssembly SIMD kernels, with
 * weights bundled (`#detect-models`), nothing fetched. Both functions are synchronous.
 */
import type { DetectedBox, DetectedFace } from '../../../shared/detection';
import type { Raster } from '../raster';
import type { RunStats } from './executor';
import { detectKernelBytes, releaseDetectKernels } from './kernels';
import { detectTextAt, releaseTextNetwork } from './text';
import { detectFacesAt, releaseFaceNetwork } from './yunet';

/**
 * The long side of the upright copy the caller hands both detectors. 640 px: YuNet finds faces of
 * about 10-300 px at its input scale, and the text detector's live activations stay near 30 MB.
 */
export const DETECT_SIZE = 640;

/** Faces in an upright RGBA copy of the picture (boxes in that copy's pixels), most confident first. */
export function detectFaces(image: Raster, stats?: RunStats): DetectedFace[] {
  return detectFacesAt(image, DETECT_SIZE, stats);
}

/** Lines of text in an upright RGBA copy, in that copy's pixels, most confident first. */
export function detectText(image: Raster, stats?: RunStats): DetectedBox[] {
  return detectTextAt(image, DETECT_SIZE, stats);
}

/**
 * Lets the parsed networks (~10 MB of weights) and the kernels' memory (~15 MB, which never
 * shrinks) go once a picture is detected: detection runs once per upload, and the renders after it
 * need that room for decoding in the isolate's 128 MB. Loading again costs ~40 ms.
 */
export function releaseDetectors(): void {
  releaseFaceNetwork();
  releaseTextNetwork();
  releaseDetectKernels();
}

/** Bytes the detectors' WebAssembly memory has grown to (it never shrinks), for the benchmark. */
export function detectorMemoryBytes(): number {
  return detectKernelBytes();
}

export type { RunStats };
