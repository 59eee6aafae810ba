/**
 * One format from one picture: crop, orient, resize to the exact size, flatten where the platform
 * refuses transparency, encode as the type asked (Auto's pick where asked or where the platform
 * refuses the type), and keep under the platform's file-size cap.
 */
import { choiceFor, type FormatRules, type OutputSettings } from '../plan/output';
import type { Fill } from '../plan/fill';
import { applyFill } from '../pixels/fill';
import { autoType } from './auto-type';
import { encodeOutput, type Encoded } from './encode';
import { encodeJpeg } from '../codecs/jpeg/encode';
import { encodePng } from '../codecs/png/encode';
import type { CropRect, Picture, Raster } from '../pixels/raster';
import { boxShrink, flatten, resampleCrop } from '../pixels/resample';
import type { Codecs } from '../codecs/wasm/codecs';
import { freeNow } from '../memory';

/** What a render needs of a target: the rules its file must keep. */
export type TargetFormat = FormatRules;

export interface Rendered {
  file: Encoded;
  /** A small picture of the same output for display: see previewSize. */
  preview: Preview;
}

/** A JPEG output's preview is a JPEG, any other's a PNG (it may show transparency; a graphic stays crisp). */
export interface Preview {
  bytes: Uint8Array;
  type: 'jpeg' | 'png';
}

export const PREVIEW_SIZE = 480;
/** A JPEG preview's quality: a sixth of the PNG's bytes for a photo (2004default.jpg's 118 formats: 18 KB against 108 on average). */
export const PREVIEW_JPEG_QUALITY = 80;

/**
 * A preview is never the deliverable: at most half the output on each side, and at most
 * PREVIEW_SIZE on its longest side (docs/decisions/0002-one-door-for-pixels.md, "Previews are never the
 * deliverable").
 */
export function previewSize(target: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(0.5, PREVIEW_SIZE / Math.max(target.width, target.height));
  return {
    width: Math.max(1, Math.floor(target.width * scale)),
    height: Math.max(1, Math.floor(target.height * scale)),
  };
}

/**
 * `fill`: what goes where the crop reaches outside the picture (transparent by default; a platform
 * that refuses transparency then gets white, as does a JPEG). `keepOut`: boxes (faces, lines of
 * text, marks; in the crop's coordinates) an extension never copies from (fill.ts).
 */
export async function renderFormat(
  source: Picture,
  orientation: number,
  crop: CropRect,
  target: TargetFormat,
  options: { fill?: Fill; keepOut?: readonly CropRect[]; output: OutputSettings; encoders: Codecs },
): Promise<Rendered> {
  const output = resampleCrop({ source, orientation, crop, width: target.width, height: target.height });
  if (options.fill) applyFill(output, options.fill, source, orientation, crop, options.keepOut);
  if (target.opaque) flatten(output);
  const choice = choiceFor(options.output.type, target.types);
  const type = choice === 'auto' ? autoType(output, target.types, target.opaque) : choice;
  const file = await encodeOutput(
    output,
    {
      type,
      quality: options.output.quality,
      opaque: target.opaque,
      maxBytes: target.maxBytes,
      auto: choice === 'auto' ? { jpegAccepted: target.types.includes('jpeg') } : undefined,
      accepts: target.types,
    },
    options.encoders,
  );
  // JPEG flattened the output in place, so the preview shows what the file holds.
  const size = previewSize(target);
  const previewRaster = previewOf(output, target, size, output.opaque === true || file.type === 'jpeg');
  const preview: Preview =
    file.type === 'jpeg'
      ? { bytes: await encodeJpeg(previewRaster, PREVIEW_JPEG_QUALITY, options.encoders.jpegEncoder), type: 'jpeg' }
      : { bytes: await encodePng(previewRaster, { alpha: target.opaque ? 'drop' : 'auto' }), type: 'png' };
  freeNow(output.data, previewRaster.data); // both are encoded, and read no more
  return { file, preview };
}

/**
 * The output reduced to the preview's size: an opaque one box-averaged by the whole part of the
 * reduction first (as a decoded view is shrunk for smaller formats: a preview is at most half the
 * output), then resampled the rest of the way; one with transparency resampled all the way.
 */
function previewOf(
  output: Raster,
  target: TargetFormat,
  size: { width: number; height: number },
  opaque: boolean,
): Raster {
  const factor = opaque ? Math.floor(Math.min(target.width / size.width, target.height / size.height)) : 1;
  const whole = { x: 0, y: 0, width: target.width, height: target.height };
  if (factor <= 1) return resampleCrop({ source: { ...output, channels: 4 }, orientation: 1, crop: whole, ...size });
  // A cell is `factor` output pixels across (the last may be fewer): the output's edges at whole/factor.
  const cells = boxShrink({ ...output, channels: 4, opaque: true }, factor);
  const crop = { x: 0, y: 0, width: target.width / factor, height: target.height / factor };
  const preview = resampleCrop({ source: cells, orientation: 1, crop, ...size });
  freeNow(cells.data);
  return preview;
}
