/** The adjusters' calls: start a fan-out, poll its statuses, frame one target by hand. */
import { queryOptions } from '@tanstack/react-query';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { conversionResponseSchema, type ConversionResponse, type ReframeInput } from '../../../shared/schemas';
import { apiRequest, apiWatch, watchInterval } from '../../lib/api';
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

/**
 * A run's statuses (`run` tells one start from the next on the same request), asked again as each
 * answer arrives until every target has ended: the server holds each call until the statuses change
 * (apiWatch), so a finished target shows when it finishes.
 */
export const conversionsQuery = (requestId: string, run: number, targets: number[]) =>
  queryOptions({
    queryKey: ['/api/conversions', requestId, run],
    queryFn: ({ client, queryKey, signal }) =>
      apiWatch(
        `/api/conversions/${requestId}`,
        conversionResponseSchema,
        client.getQueryData<ConversionResponse>(queryKey),
        signal,
      ),
    structuralSharing: false,
    refetchInterval: (query) =>
      watchInterval(query, query.state.data !== undefined && settled(query.state.data.results, targets)),
  });

/** Every target has ended (complete or failed). */
export function settled(results: ConversionResponse['results'], targets: number[]): boolean {
  return targets.every((id) => results[id] === 'complete' || results[id] === 'failed');
}
