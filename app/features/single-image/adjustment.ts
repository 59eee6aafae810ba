import type { Area, Point } from 'react-easy-crop';
import type { PlatformFormat } from '../../../shared/formats';
import type { CropDetailsInput, UploadResponse } from '../../../shared/schemas';

/**
 * The format and framing. `area` is the framing in the picture's own pixels (tool-kit/crop-area.ts pictureArea,
 * from the cropper's percentages); the cropper opens on it when it mounts again: back from the
 * download step, or an address with the request reopened.
 */
export type Adjustment = { format: PlatformFormat; crop: Point; zoom: number; area: Area | null };

/** The crop the request records: the framing in the picture's pixels plus the zoom. */
export function cropDetailsOf(adjustment: Adjustment, upload: UploadResponse): CropDetailsInput {
  const area = adjustment.area ?? { x: 0, y: 0, width: upload.width, height: upload.height };
  return { x: area.x, y: area.y, width: area.width, height: area.height, zoom: adjustment.zoom };
}

/** The same crop to within half a pixel and the slider's step. */
export function sameCrop(a: CropDetailsInput, b: CropDetailsInput): boolean {
  return (
    (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) < 0.5) &&
    Math.abs(a.zoom - b.zoom) < 0.005
  );
}
