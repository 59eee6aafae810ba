/**
 * What the face and text detectors found in an uploaded picture, for "Keep this" (docs/product.md,
 * "Keep this"): the boxes every target keeps, drawn on the picture, and their union as the box the
 * picker starts from.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unionOf, type CropRect } from '../../../shared/crop';
import type { PlatformFormat } from '../../../shared/formats';
import { detectionResponseSchema, type DetectionResponse, type UploadResponse } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';
import { createCentredRequest } from './queries';

/**
 * Detection hangs on an image request; the upload has none yet while "Keep this" shows, so one is
 * made (centred, for the given format) the first time the picture is looked at. The server detects
 * once per picture, so this costs nothing later.
 */
export const detectionQuery = (upload: UploadResponse, format: PlatformFormat | undefined) =>
  queryOptions({
    queryKey: ['/api/image-requests', 'detection', upload.path],
    queryFn: async (): Promise<DetectionResponse> => {
      if (!format) throw new Error('No format to make the request for');
      const request = await createCentredRequest(upload, format);
      return apiRequest('GET', `/api/image-requests/${request.id}/detection`, detectionResponseSchema);
    },
  });

/** The smallest box holding every face and line of text, or null when there are none (marks are kept only where there is room). */
export function keptUnion(answer: DetectionResponse): CropRect | null {
  const boxes = answer.keep.filter((box) => box.kind !== 'mark');
  return boxes.length > 0 ? unionOf(boxes) : null;
}

export type DetectionState =
  | { kind: 'off' }
  | { kind: 'busy' }
  | { kind: 'failed' }
  | { kind: 'done'; answer: DetectionResponse; union: CropRect | null };

/**
 * The detection for "Keep this" while the targets are content-aware (`enabled`); `format` is any
 * format the request can be made for (the source, or the first one offered).
 */
export function useDetection(
  upload: UploadResponse,
  format: PlatformFormat | undefined,
  enabled: boolean,
): DetectionState {
  const query = useQuery({ ...detectionQuery(upload, format), enabled: enabled && !!format });
  if (!enabled || !format) return { kind: 'off' };
  if (query.isPending) return { kind: 'busy' };
  if (query.isError) return { kind: 'failed' };
  return { kind: 'done', answer: query.data, union: keptUnion(query.data) };
}
