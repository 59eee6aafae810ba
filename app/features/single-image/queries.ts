/** The single tool's calls: render a request's formats, their ZIP, the free downloads left, one request. */
import type { Fill } from '../../../shared/fill';
import { queryOptions } from '@tanstack/react-query';
import type { OutputSettings } from '../../../shared/output';
import { allowanceAnswerSchema, imageRequestResponseSchema, type ImageRequestResponse } from '../../../shared/schemas';
import { apiRequest, apiResponse } from '../../lib/api';

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

export type RateLimits = { unlimited: true } | { unlimited: false; remaining: number };

/** GET /api/check-rate-limits: the remaining count is read from X-RateLimit-Remaining (0 when missing). */
export async function checkRateLimits(): Promise<RateLimits> {
  const { answer, headers } = await apiResponse('GET', '/api/check-rate-limits', allowanceAnswerSchema);
  if (answer.unlimited) return { unlimited: true };
  const header = headers.get('X-RateLimit-Remaining');
  if (header === null) return { unlimited: false, remaining: 0 };
  const remaining = Number.parseInt(header, 10);
  return { unlimited: false, remaining: Number.isFinite(remaining) ? remaining : 0 };
}

export const rateLimitsQuery = queryOptions({
  queryKey: ['/api/check-rate-limits'],
  queryFn: checkRateLimits,
  staleTime: 0,
});

/** One image request (the checkout's order summary). */
export function imageRequestQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/image-requests', id],
    queryFn: () => apiRequest('GET', `/api/image-requests/${id}`, imageRequestResponseSchema),
    retry: 1,
  });
}
