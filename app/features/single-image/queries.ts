/** The single tool's calls: render a request's formats, and their ZIP. */
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { imageRequestResponseSchema, type ImageRequestResponse } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

/** Renders the request's format (and `formats`), as `output` when given, else as it was asked. */
export async function processImage(
  id: string,
  body: { formats?: number[]; output?: OutputSettings; fill?: Fill } = {},
): Promise<ImageRequestResponse> {
  return apiRequest('POST', `/api/process-image/${id}`, imageRequestResponseSchema, body);
}

/** The ZIP of a request's made formats (GET /api/download-zip/{id}?formats=1,2,3, through the one door). */
export function zipDownloadPath(id: string, formatIds: readonly number[]): string {
  return `/api/download-zip/${id}?formats=${formatIds.join(',')}`;
}
