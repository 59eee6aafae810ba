/** The adjusters' calls: start a fan-out, poll its statuses, frame one target by hand. */
import { queryOptions } from '@tanstack/react-query';
import type { CropRect } from '../../../shared/crop';
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '../../../shared/output';
import { conversionResponseSchema, type ConversionResponse, type ReframeInput } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';
import type { AdjusterFlow } from './flows';

export async function startConversions(
  flow: AdjusterFlow,
  requestId: string,
  body: {
    sourceFormatId: number | null;
    targetFormatIds: number[];
    useAi?: boolean;
    output: OutputSettings;
    fill: Fill;
    focus?: CropRect;
  },
): Promise<ConversionResponse> {
  return apiRequest('POST', `/api/${flow.endpoint}/${requestId}`, conversionResponseSchema, body);
}

/** Renders one target again with the user's own crop; answers the statuses with that target processing. */
export async function reframeTarget(requestId: string, body: ReframeInput): Promise<ConversionResponse> {
  return apiRequest('POST', `/api/conversions/${requestId}/reframe`, conversionResponseSchema, body);
}

async function conversionStatus(requestId: string): Promise<ConversionResponse> {
  return apiRequest('GET', `/api/conversions/${requestId}`, conversionResponseSchema);
}

/**
 * A run's statuses (`run` tells one start from the next on the same request), polled every
 * second until every target has ended.
 */
export const conversionsQuery = (requestId: string, run: number, targets: number[]) =>
  queryOptions({
    queryKey: ['/api/conversions', requestId, run],
    queryFn: () => conversionStatus(requestId),
    refetchInterval: (query) => (query.state.data && settled(query.state.data.results, targets) ? false : 1000),
  });

/** Every target has ended (complete or failed). */
export function settled(results: ConversionResponse['results'], targets: number[]): boolean {
  return targets.every((id) => results[id] === 'complete' || results[id] === 'failed');
}
