/**
 * What the face and text detectors found in an uploaded picture, for "Keep this" (docs/product.md,
 * "Keep this"): the boxes every target keeps, drawn on the picture, and their union as the box the
 * picker starts from.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unionOf, type CropRect } from '@social-resizer/engine/plan/crop';
import { detectionResponseSchema, type DetectionResponse, type UploadResponse } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

/** The upload's detection: the server detects once per picture, so asking again costs nothing. */
export const detectionQuery = (upload: UploadResponse) => {
  const url = `/api/upload/${upload.id}/detection`;
  return queryOptions({
    queryKey: [url],
    queryFn: (): Promise<DetectionResponse> => apiRequest('GET', url, detectionResponseSchema),
  });
};

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

/** The detection for "Keep this" while the targets are content-aware (`enabled`). */
export function useDetection(upload: UploadResponse, enabled: boolean): DetectionState {
  const query = useQuery({ ...detectionQuery(upload), enabled });
  if (!enabled) return { kind: 'off' };
  if (query.isPending) return { kind: 'busy' };
  if (query.isError) return { kind: 'failed' };
  return { kind: 'done', answer: query.data, union: keptUnion(query.data) };
}
