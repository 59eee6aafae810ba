import type { PlatformFormat } from '../../../shared/formats';
import type { ConversionResults } from '../../../shared/schemas';
import { Spinner } from '../../components/ui/spinner';
import type { AdjusterFlow } from './flows';

function header(flow: AdjusterFlow, starting: boolean, results: ConversionResults, targets: PlatformFormat[]): string {
  if (starting) return `Converting your ${flow.noun} to multiple formats...`;
  if (targets.every((t) => results[t.id] === 'complete')) return 'All conversions have been completed successfully!';
  // Our wording where the product has none: every target ended but some failed.
  if (targets.every((t) => results[t.id] === 'complete' || results[t.id] === 'failed'))
    return 'Some conversions failed. You can download the others, or go back and try again.';
  return 'Some conversions are still being processed...';
}

/** The results step's heading (announced as it changes) and, while targets render, how many are left. */
export function RunProgress({
  flow,
  starting,
  results,
  targets,
}: {
  flow: AdjusterFlow;
  starting: boolean;
  results: ConversionResults;
  targets: PlatformFormat[];
}) {
  const pending = targets.filter((t) => results[t.id] !== 'complete' && results[t.id] !== 'failed').length;
  return (
    <>
      <p className="text-lg font-medium text-slate-900" aria-live="polite">
        {header(flow, starting, results, targets)}
      </p>
      {starting || pending > 0 ? (
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner className="scale-75" label="Converting" />
          <span>Converting to {starting ? targets.length : pending} format(s)...</span>
        </div>
      ) : null}
    </>
  );
}
