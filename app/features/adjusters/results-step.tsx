import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import type { ConversionFiles, ConversionResults, UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { groupByPlatform } from '../tool-kit/format-choice';
import { AnalysisNotice } from './analysis-notice';
import type { AdjusterFlow } from './flows';
import { ResultCard, type Framing } from './result-card';
import { SourceCard } from './source-card';
import { ZipCard } from './zip-card';

type Props = {
  flow: AdjusterFlow;
  upload: UploadResponse;
  source: PlatformFormat | null;
  targets: PlatformFormat[];
  requestId: string | null;
  results: ConversionResults;
  files: ConversionFiles;
  /** The fan-out call has not answered yet. */
  starting: boolean;
  /** Null when AI was not requested (or the flow has none). */
  analysisPerformed: boolean | null;
  framing: Framing;
  onBack: () => void;
  onStartOver: () => void;
};

function header(flow: AdjusterFlow, starting: boolean, results: ConversionResults, targets: PlatformFormat[]): string {
  if (starting) return `Converting your ${flow.noun} to multiple formats...`;
  if (targets.every((t) => results[t.id] === 'complete')) return 'All conversions have been completed successfully!';
  // Our wording where the product has none: every target ended but some failed.
  if (targets.every((t) => results[t.id] === 'complete' || results[t.id] === 'failed'))
    return 'Some conversions failed. You can download the others, or go back and try again.';
  return 'Some conversions are still being processed...';
}

/** Step 3: the source, the ZIP, and every target grouped by platform with its status. */
export function ResultsStep({
  flow,
  upload,
  source,
  targets,
  requestId,
  results,
  files,
  starting,
  analysisPerformed,
  framing,
  onBack,
  onStartOver,
}: Props) {
  const pending = targets.filter((t) => results[t.id] !== 'complete' && results[t.id] !== 'failed').length;
  const allComplete = targets.every((t) => results[t.id] === 'complete');

  return (
    <div className="space-y-6">
      <p className="text-lg font-medium text-slate-900" aria-live="polite">
        {header(flow, starting, results, targets)}
      </p>
      {starting || pending > 0 ? (
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner className="scale-75" label="Converting" />
          <span>Converting to {starting ? targets.length : pending} format(s)...</span>
        </div>
      ) : null}

      <AnalysisNotice performed={analysisPerformed} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SourceCard flow={flow} upload={upload} source={source} />
        <ZipCard targets={targets} requestId={requestId} allComplete={allComplete} />
      </div>

      {groupByPlatform(targets).map((group) => (
        <section key={group.platform} aria-label={`${group.platform} formats`}>
          <h3 className="mb-3 font-semibold text-slate-900">{platformName(group.platform)}</h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.formats.map((format) => (
              <ResultCard
                key={format.id}
                format={format}
                status={results[format.id]}
                file={files[format.id]}
                framing={framing}
                requestId={requestId}
              />
            ))}
          </ul>
        </section>
      ))}

      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" onClick={onBack}>
          Back to Selection
        </Button>
        <Button variant="secondary" onClick={onStartOver}>
          Start Over
        </Button>
      </div>
    </div>
  );
}
