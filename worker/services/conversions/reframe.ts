/**
 * One target of a fan-out framed by hand on the results (docs/product.md, "Intelligent resizing"):
 * the user's own crop of that target, rendered again through the queue like any target. It is the
 * single tool's kind of framing, so its file downloads by the request rule (access/door.ts).
 */
import { fitCrop, type CropRect } from '@social-resizer/engine/plan/crop';
import { findFormat } from '../../../shared/formats';
import { HAND_ZOOM_MAX, ZOOM_MIN } from '../../../shared/schemas';
import type { ImageRequest, Upload } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { takeConversions } from '../access/rate-limits';
import type { Caller } from '../caller';
import { conversionsOf } from './answers';
import { startConversions, type FanOutDeps } from './fan-out';
import { renderIdentity, renderLimitKey, type RenderAsk } from './identity';

export const NOT_A_TARGET = 'Only a converted target can be framed by hand. Convert to this format first.';
export const STILL_PROCESSING = 'This format is still being converted. Please wait until it has finished.';
export const CROP_OFF_PICTURE = 'The middle of the crop must be on the picture. Please frame it again.';
export const CROP_SHAPE = "The crop must have this format's shape. Please frame it again.";
export const CROP_ZOOM = `The crop must be between ${ZOOM_MIN}x and ${HAND_ZOOM_MAX}x the largest crop of this shape, or no wider than this format's crop now. Please frame it again.`;

/**
 * The user's crop made exactly the target's shape (same centre and area; the cropper's whole-pixel
 * rounding is forgiven, another shape is not), checked: its middle on the picture, and between zoom
 * ZOOM_MIN and HAND_ZOOM_MAX of the largest crop of that shape (400 otherwise). `rendered`: the crop
 * the target has now, which the user may keep however far it extends the canvas (a banner of a
 * portrait keeps the face at a zoom of 0.37), within the cropper's rounding to whole pixels (at
 * most 1.75 px on the crop's width, up to a 6:1 shape) and no more: a crop saved again and again
 * goes out at most 2 px a render.
 */
export function handCropFor(
  crop: CropRect,
  picture: { width: number; height: number },
  target: { width: number; height: number },
  rendered: CropRect | null = null,
): CropRect {
  const aspect = target.width / target.height;
  // Rounding each side to a whole pixel moves the shape by at most a pixel in either.
  const slack = 1 / crop.width + 1 / crop.height + 0.01;
  if (Math.abs(crop.width / crop.height / aspect - 1) > slack) throw new ApiError(400, CROP_SHAPE);
  const width = Math.sqrt(crop.width * crop.height * aspect);
  const height = width / aspect;
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  if (cx < 0 || cy < 0 || cx > picture.width || cy > picture.height) throw new ApiError(400, CROP_OFF_PICTURE);
  const largest = fitCrop({ x: 0, y: 0, ...picture, zoom: 1 }, picture, target).width;
  const zoom = largest / width;
  const keepsRendered = rendered !== null && width <= rendered.width + 2;
  if ((zoom < ZOOM_MIN * 0.99 && !keepsRendered) || zoom > HAND_ZOOM_MAX * 1.01) throw new ApiError(400, CROP_ZOOM);
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** Marks the target to render from the user's crop (its flow, type, quality and fill kept) and queues it. */
export async function reframeTarget(
  deps: FanOutDeps,
  caller: Caller,
  request: ImageRequest,
  upload: Upload,
  input: { formatId: number; crop: CropRect },
): Promise<void> {
  const format = findFormat(input.formatId);
  const [row] = format ? await conversionsOf(deps.db, request.id, [format.id]) : [];
  if (!format || !row || row.flow === 'single') throw new ApiError(400, NOT_A_TARGET);
  if (row.status === 'processing') throw new ApiError(409, STILL_PROCESSING);
  const ask: RenderAsk = {
    flow: row.flow,
    mode: row.mode,
    output: { type: row.outputChoice, quality: row.quality },
    fill: row.fill,
    focus: row.focus,
    handCrop: handCropFor(input.crop, { width: upload.width, height: upload.height }, format, row.renderedCrop),
  };
  const grant = await takeConversions(deps.counters, caller, [
    renderLimitKey(request.id, format.id, renderIdentity(ask)),
  ]);
  try {
    await startConversions(deps, request, upload, [format], ask.flow, ask.mode, ask);
  } catch (error) {
    await grant.release();
    throw error;
  }
}
