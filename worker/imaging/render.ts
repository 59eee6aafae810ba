/**
 * One format from one picture: crop, orient, resize to the exact size, flatten where the platform
 * refuses transparency, encode as the smallest PNG, and keep under the platform's file-size cap.
 */
import { fillBackdrop } from './content-aware/backdrop';
import { encodePng } from './png/encode';
import type { CropRect, Picture, Raster } from './raster';
import { flatten, resampleCrop } from './resample';

export interface TargetFormat {
  width: number;
  height: number;
  /** The platform refuses any alpha channel. */
  opaque: boolean;
  maxBytes: number | null;
}

export interface Rendered {
  png: Uint8Array;
  /** A small PNG of the same output for display: see previewSize. */
  preview: Uint8Array;
  /** Bits dropped per channel (with dithering) to meet the platform's file-size cap; 0 = lossless. */
  reducedBits: number;
}

export const PREVIEW_SIZE = 480;

/**
 * A preview is never the deliverable: at most half the output on each side, and at most
 * PREVIEW_SIZE on its longest side (docs/decisions/0002-previews-are-not-deliverables.md).
 */
export function previewSize(target: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(0.5, PREVIEW_SIZE / Math.max(target.width, target.height));
  return {
    width: Math.max(1, Math.floor(target.width * scale)),
    height: Math.max(1, Math.floor(target.height * scale)),
  };
}

/** Ordered 4×4 Bayer thresholds, centred on zero, for dithering when bits are dropped. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

/** Keeps 8 - bits of each colour channel, dithered so gradients do not band. Alpha is untouched. */
export function reduceBits(raster: Raster, bits: number): Raster {
  const step = 1 << bits;
  const data = new Uint8ClampedArray(raster.data.length);
  for (let y = 0, i = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++, i += 4) {
      const threshold = (BAYER[((y & 3) << 2) | (x & 3)] ?? 0) * step;
      for (let c = 0; c < 3; c++) {
        const v = (raster.data[i + c] ?? 0) + threshold;
        data[i + c] = Math.min(255, Math.max(0, Math.round(v / step) * step));
      }
      data[i + 3] = raster.data[i + 3] ?? 0;
    }
  }
  return { width: raster.width, height: raster.height, data };
}

export class FileSizeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The output cannot be made smaller than the platform's limit of ${(maxBytes / 1024 / 1024).toFixed(1)} MB.`);
    this.name = 'FileSizeError';
  }
}

/**
 * `backdrop`: where the crop reaches outside the picture, fill with a blurred copy of the picture
 * instead of leaving it transparent (content-aware mode's extended canvas).
 */
export async function renderFormat(
  source: Picture,
  orientation: number,
  crop: CropRect,
  target: TargetFormat,
  options: { backdrop?: boolean } = {},
): Promise<Rendered> {
  const output = resampleCrop({ source, orientation, crop, width: target.width, height: target.height });
  if (options.backdrop) fillBackdrop(output, source, orientation);
  if (target.opaque) flatten(output);
  const alpha = target.opaque ? 'drop' : 'keep';
  let png = await encodePng(output, { alpha });
  let reducedBits = 0;
  // Over the platform's cap: first the slower, smaller lossless encode, then drop colour bits.
  if (target.maxBytes !== null && png.length > target.maxBytes)
    png = await encodePng(output, { alpha, effort: 'small' });
  while (target.maxBytes !== null && png.length > target.maxBytes) {
    reducedBits += 1;
    if (reducedBits > 4) throw new FileSizeError(target.maxBytes);
    png = await encodePng(reduceBits(output, reducedBits), { alpha, effort: 'small' });
  }
  const size = previewSize(target);
  const previewRaster = resampleCrop({
    source: { ...output, channels: 4 },
    orientation: 1,
    crop: { x: 0, y: 0, width: target.width, height: target.height },
    ...size,
  });
  const preview = await encodePng(previewRaster, { alpha });
  return { png, preview, reducedBits };
}
