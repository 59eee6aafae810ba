/**
 * What the adjusters show before anything is converted (docs/product.md, "Intelligent resizing"):
 * the upload's detection, made on first need, and the boxes every target keeps whole.
 */
import { keptBoxes } from '@social-resizer/engine/plan/detection';
import type { DetectionResponse } from '../../../shared/schemas';
import type { Upload } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { detectionOf, type RenderDeps } from './picture';

export const DETECTION_UNAVAILABLE = 'The picture could not be read just now. Please try again in a moment.';

export async function detectionAnswer(deps: RenderDeps, upload: Upload): Promise<DetectionResponse> {
  const detection = await detectionOf(deps, upload, { retry: true });
  if (!detection) throw new ApiError(503, DETECTION_UNAVAILABLE);
  return {
    detection,
    keep: [
      ...keptBoxes(detection),
      ...detection.marks.map(({ x, y, width, height }) => ({ x, y, width, height, kind: 'mark' as const })),
    ],
  };
}
