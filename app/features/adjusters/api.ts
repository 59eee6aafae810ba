/** The adjusters' calls: start a fan-out, poll its statuses (spec document 1, section 7). */
import type { CropRect } from '../../../shared/crop';
import type { Fill } from '../../../shared/fill';
import type { OutputSettings } from '../../../shared/output';
import type { ConversionResponse } from '../../../shared/schemas';
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
  const res = await apiRequest('POST', `/api/${flow.endpoint}/${requestId}`, body);
  return (await res.json()) as ConversionResponse;
}

export async function conversionStatus(requestId: string): Promise<ConversionResponse> {
  const res = await apiRequest('GET', `/api/conversions/${requestId}`);
  return (await res.json()) as ConversionResponse;
}

/** Every target has ended (complete or failed). */
export function settled(results: ConversionResponse['results'], targets: number[]): boolean {
  return targets.every((id) => results[id] === 'complete' || results[id] === 'failed');
}
