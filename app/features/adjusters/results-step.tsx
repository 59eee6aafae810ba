import { useState } from 'react';
import { centredCrop, type CropRect } from '../../../shared/crop';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import type {
  ConversionFiles,
  ConversionResponse,
  ConversionResults,
  ReframeInput,
  TargetFraming,
  UploadResponse,
} from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ChoosePlan } from '../plans/choose-plan';
import { useDownload } from '../single-image/use-download';
import { groupByPlatform } from '../tool-kit/format-choice';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import { AdjustFramingDialog } from './adjust-framing-dialog';
import { AnalysisNotice } from './analysis-notice';
import type { AdjusterFlow } from './flows';
import type { Framing } from '../tool-kit/framing-text';
import { ResultCard } from './result-card';
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
  /** What the analysis found, as the server counted it (null or absent when it did not say). */
  detection: ConversionResponse['detection'];
  framing: Framing;
  /** The server's framing of each finished target, by format id. */
  framings: Record<string, TargetFraming>;
  /** How often each target was framed by hand (its preview's address changes with it). */
  versions: Record<number, number>;
  reframing: boolean;
  /** Frames one target by hand; resolves true once the server took it. */
  onReframe: (body: ReframeInput) => Promise<boolean>;
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

/**
 * Step 3: the source, the ZIP, and every target grouped by platform with its status and what it
 * kept; any finished target can be framed by hand. Downloads are the single tool's: a refused one
 * (a hand-framed file with no free download left) shows the plans.
 */
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
  detection,
  framing,
  framings,
  versions,
  reframing,
  onReframe,
  onBack,
  onStartOver,
}: Props) {
  const { paymentRequired, download, downloadAsync } = useDownload();
  const [adjusting, setAdjusting] = useState<PlatformFormat | null>(null);
  const startCrop = (format: PlatformFormat): CropRect => {
    const { x, y, width, height } = framings[format.id]?.crop ?? centredCrop(upload, format, 1);
    return { x, y, width, height };
  };
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

      <AnalysisNotice performed={analysisPerformed} detection={detection} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SourceCard flow={flow} upload={upload} source={source} />
        <ZipCard targets={targets} requestId={requestId} allComplete={allComplete} onDownload={downloadAsync} />
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
                targetFraming={framings[format.id]}
                version={versions[format.id] ?? 0}
                requestId={requestId}
                onDownload={download}
                onAdjust={() => setAdjusting(format)}
              />
            ))}
          </ul>
        </section>
      ))}

      {paymentRequired && requestId ? <ChoosePlan requestId={requestId} /> : null}

      {adjusting ? (
        <AdjustFramingDialog
          imageUrl={shownPictureUrl(upload)}
          picture={upload}
          format={adjusting}
          start={startCrop(adjusting)}
          saving={reframing}
          onSave={async (crop) => {
            if (await onReframe({ formatId: adjusting.id, crop })) setAdjusting(null);
          }}
          onClose={() => setAdjusting(null)}
        />
      ) : null}

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
