import { autoFraming, framingWithin } from '../../../shared/auto-framing';
import type { Framing } from '../../../shared/framings';
import { planRegionCrop } from '@social-resizer/engine/plan/framing';
import { ADJUSTER_DEFAULT_FILL, SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { Conversion, ImageRequest, Upload } from '../../db/schema';
import { centredCrop, fitCrop, planKeeping, planSubjectCrop, type CropRect } from '@social-resizer/engine';

export type Framed = { crop: CropRect; fill: Fill; framing: Framing };

/**
 * How a conversion's flow frames its format (docs/product.md, "Keep this", "Intelligent resizing"
 * and "Banner and profile adjusters"):
 * - the single tool: the request's own crop for its own format (the framing it sells); every other
 *   format planned from what that crop shows (shared/auto-framing.ts framingWithin), else its centre
 *   and zoom fitted to the format;
 * - the user's own crop of one target, re-framed by hand on the results: that crop;
 * - the user's box, in any other flow: kept whole inside the target's safe zone (as the app previews it);
 * - content-aware, from the upload's detection (shared/auto-framing.ts): the primary subject whole
 *   inside the safe zone and the rest inside the frame (a crop first, the canvas extended only when
 *   no crop can hold them); a profile picture framed on the most confident face (or the group);
 *   where the models could not run, the saliency analysis as before;
 * - otherwise the adjusters' centred cover crop (they are free, so they never carry the single
 *   tool's framing), and the batch's crop fitted from the request's.
 */
export function frame(conversion: Conversion, request: ImageRequest, upload: Upload, format: PlatformFormat): Framed {
  const picture = { width: upload.width, height: upload.height };
  const adjuster = conversion.flow === 'banner' || conversion.flow === 'profile';
  // The conversion's own fill, else its flow's: the single tool's is the request's; the flows that
  // plan their own framing (adjusters, batch) may extend a canvas, which gets the blurred backdrop.
  const fill =
    conversion.fill ?? (conversion.flow === 'single' ? (request.fill ?? SINGLE_DEFAULT_FILL) : ADJUSTER_DEFAULT_FILL);
  if (conversion.flow === 'single') {
    if (format.id === request.formatId) return { crop: request.cropDetails, fill, framing: 'request' };
    // Other formats keep what the request's framing shows, planned for their shape.
    const planned =
      upload.detection?.source === 'models'
        ? framingWithin(picture, upload.detection, request.cropDetails, format)
        : null;
    return { crop: planned?.crop ?? fitCrop(request.cropDetails, picture, format), fill, framing: 'request' };
  }
  if (conversion.handCrop) return { crop: conversion.handCrop, fill, framing: 'hand' };
  const detection = upload.detection;
  if (conversion.focus) {
    // The box alone, as the app previews it (engine/plan/crop.ts planRegionCrop).
    return { crop: planRegionCrop(picture, conversion.focus, format).crop, fill, framing: 'box' };
  }
  if (conversion.mode === 'content-aware' && detection?.source === 'models') {
    return { crop: autoFraming(picture, detection, format).crop, fill, framing: 'planned' };
  }
  if (conversion.mode === 'content-aware' && upload.analysis) {
    const analysis = upload.analysis;
    const crop = format.profile
      ? planSubjectCrop(picture, analysis.subject, format)
      : planKeeping(picture, [analysis.region, analysis.core], format).crop;
    return { crop, fill, framing: 'planned' };
  }
  return adjuster
    ? { crop: centredCrop(picture, format, 1), fill, framing: 'centred' }
    : { crop: fitCrop(request.cropDetails, picture, format), fill, framing: 'request' };
}
