import { useQuery } from '@tanstack/react-query';
import { isFreeAdjusterFile } from '../../../shared/framings';
import { findPlan } from '../../../shared/plans';
import type { ConversionResults, TargetFraming } from '../../../shared/schemas';
import { imageRequestQuery } from '../tool-kit/queries';
import { useAccess } from '../tool-kit/use-access';
import type { AdjusterFlow } from './flows';

/**
 * What downloading a finished target costs: nothing (the adjuster's own output, or an image its
 * owner has), one of the free downloads, a payment, or not known yet.
 */
export type Charge = 'free' | 'allowance' | 'payment' | 'checking';

/**
 * The price of each result, shown before a click (docs/product.md, "Free downloads"): the pixel
 * door's own test (isFreeAdjusterFile) tells the adjuster's free files from those under the request
 * rule (a target framed by hand); for those, the image's access decides.
 * The server decides again on every download.
 */
export function useCharges({
  flow,
  requestId,
  requestFormatId,
  results,
  framings,
}: {
  flow: AdjusterFlow;
  requestId: string | null;
  requestFormatId: number | null;
  results: ConversionResults;
  framings: Record<string, TargetFraming>;
}) {
  const underRequestRule = (formatId: number) =>
    requestFormatId !== null &&
    results[formatId] === 'complete' &&
    // The adjusters' requests are fan-outs: no file of theirs is the single tool's own (null).
    !isFreeAdjusterFile({ formatId, renderedFlow: flow.kind, framing: framings[formatId]?.framing ?? null }, null);
  const anyUnderRule = Object.keys(results).some((id) => underRequestRule(Number(id)));
  const request = useQuery({ ...imageRequestQuery(requestId ?? ''), enabled: anyUnderRule && requestId !== null });
  const access = useAccess(request.data);
  const requestCharge: Charge =
    access.kind === 'payment'
      ? 'payment'
      : access.kind === 'free'
        ? 'allowance'
        : access.kind === 'loading'
          ? 'checking'
          : 'free';
  return {
    chargeOf: (formatId: number): Charge => (underRequestRule(formatId) ? requestCharge : 'free'),
    /** Why a target is under the request rule, in the user's words. */
    reasonOf: (formatId: number) =>
      framings[formatId]?.framing === 'hand' ? 'framed by hand' : 'framed with your crop and zoom',
  };
}

const single = findPlan('single')!;

/** The status line of a finished target, by what downloading it costs. */
export function chargeText(charge: Charge, reason: string): string {
  if (charge === 'payment') return `$${single.price.toFixed(2)} to download: ${reason}`;
  if (charge === 'allowance') return `Ready to download: uses one of your free downloads (${reason})`;
  if (charge === 'checking') return 'Checking your downloads...';
  return 'Ready to download';
}
