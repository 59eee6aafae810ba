/** The Batch page's calls: start a batch of uploaded photos, follow it (docs/product-decisions.md, "Batches"). */
import { queryOptions } from '@tanstack/react-query';
import type { CropRect } from '../../../shared/crop';
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '../../../shared/output';
import type { BatchResponse, BatchSummary } from '../../../shared/schemas';
import { apiRequest, getJson } from '../../lib/api';

export async function createBatch(body: {
  requestIds: string[];
  formats: number[];
  output: OutputSettings;
  fill: Fill;
  /** The box to keep, by image request id. */
  focus: Record<string, CropRect>;
}): Promise<BatchResponse> {
  const res = await apiRequest('POST', '/api/batches', body);
  return (await res.json()) as BatchResponse;
}

/** A batch's progress, polled every second until nothing is processing. */
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: [`/api/batches/${id}`],
    queryFn: () => getJson<BatchResponse>(`/api/batches/${id}`),
    refetchInterval: (query) => (query.state.data && query.state.data.totals.processing === 0 ? false : 1000),
  });

export const batchesQuery = queryOptions({
  queryKey: ['/api/batches'],
  queryFn: () => getJson<BatchSummary[]>('/api/batches'),
});
