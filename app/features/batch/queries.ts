/** The Batch page's calls: start a batch of uploaded photos, follow it (docs/product.md, "Batches"). */
import { queryOptions } from '@tanstack/react-query';
import { z } from '../../../shared/zod';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { batchResponseSchema, batchSummarySchema, type BatchResponse } from '../../../shared/schemas';
import { apiRequest, apiWatch, watchInterval } from '../../lib/api';

export async function createBatch(body: {
  requestIds: string[];
  formats: number[];
  output: OutputSettings;
  fill: Fill;
  /** The box to keep, by image request id. */
  focus: Record<string, CropRect>;
}): Promise<BatchResponse> {
  return apiRequest('POST', '/api/batches', batchResponseSchema, body);
}

/**
 * The caller's latest batches; each batch's own entry sits under this key. Read again whenever the
 * list is shown: a batch started since (here or in another tab) belongs in it.
 */
export const batchesQuery = queryOptions({
  queryKey: ['/api/batches'],
  queryFn: () => apiRequest('GET', '/api/batches', z.array(batchSummarySchema)),
  staleTime: 0,
});

/**
 * A batch's progress, asked again as each answer arrives until nothing is processing: the server
 * holds each call until the progress changes (apiWatch).
 */
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/batches', id],
    queryFn: ({ client, queryKey, signal }) =>
      apiWatch(`/api/batches/${id}`, batchResponseSchema, client.getQueryData<BatchResponse>(queryKey), signal),
    structuralSharing: false,
    refetchInterval: (query) => watchInterval(query, query.state.data?.totals.processing === 0),
  });
