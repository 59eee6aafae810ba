import { ADJUSTER_DEFAULT_FILL, SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { Conversion, Framing, ImageRequest, Upload } from '../../db/schema';
import { centredCrop, fitCrop, planKeeping, planRegionCrop, planSubjectCrop, type CropRect } from '../../imaging';

export type Framed = { crop: CropRect; fill: Fill; framing: Framing };

/**
 * How a conversion's flow frames its format (docs/product.md, "Keep this" and "Banner and profile adjusters"):
 * - the single tool: the request's own crop for its own format, the same centre and zoom fitted to
 *   every other format (the framing it sells);
 * - the user's box, in any other flow: kept whole inside the target's safe zone;
 * - content-aware: a banner keeps the analysed region whole inside the safe zone (the canvas
 *   extended with the fill where it must be), a profile picture centres on the subject;
 * - otherwise the adjusters' centred cover crop (they are free, so they never carry the single
 *   tool's framing), and the batch's crop fitted from the request's.
 */
export function frame(conversion: Conversion, request: ImageRequest, upload: Upload, format: PlatformFormat): Framed {
  const picture = { width: upload.width, height: upload.height };
  const adjuster = conversion.flow === 'banner' || conversion.flow === 'profile';
  // The conversion's own fill, else its flow's: the adjusters' blurred backdrop, the request's otherwise.
  const fill = conversion.fill ?? (adjuster ? ADJUSTER_DEFAULT_FILL : (request.fill ?? SINGLE_DEFAULT_FILL));
  if (conversion.flow === 'single') {
    const own = format.id === request.formatId;
    return {
      crop: own ? request.cropDetails : fitCrop(request.cropDetails, picture, format),
      fill,
      framing: 'request',
    };
  }
  if (conversion.focus) return { crop: planRegionCrop(picture, conversion.focus, format).crop, fill, framing: 'box' };
  if (conversion.mode !== 'content-aware' || !upload.analysis)
    return adjuster
      ? { crop: centredCrop(picture, format, 1), fill, framing: 'centred' }
      : { crop: fitCrop(request.cropDetails, picture, format), fill, framing: 'request' };
  const crop =
    conversion.flow === 'profile'
      ? planSubjectCrop(picture, upload.analysis.subject, format)
      : planKeeping(picture, [upload.analysis.region, upload.analysis.core], format).crop;
  return { crop, fill, framing: 'planned' };
}
