import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { centredCrop, type CropRect } from '@social-resizer/engine/plan/crop';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { useDownload } from '../tool-kit/use-download';
import { groupByPlatform } from '../tool-kit/format-choice';
import { imageRequestQuery } from '../tool-kit/queries';
import { shownPictureUrl } from '../tool-kit/shown-picture';
import { AdjustFramingDialog } from './adjust-framing-dialog';
import { AnalysisNotice } from './analysis-notice';
import type { AdjusterFlow } from './flows';
import { ResultCard } from './result-card';
import { RunProgress } from './run-progress';
import { SourceCard } from './source-card';
import { useCharges } from './use-charges';
import type { useAdjusterRun } from './use-adjuster-run';
import { ZipCard } from './zip-card';

type FanOut = ReturnType<typeof useAdjusterRun>;
/** The run shown (use-adjuster-run.ts): its targets and request, statuses, files and framings. */
export type ShownRun = Pick<
  FanOut,
  | 'results'
  | 'files'
  | 'starting'
  | 'analysisPerformed'
  | 'detection'
  | 'framing'
  | 'framings'
  | 'versions'
  | 'reframing'
  | 'reframe'
> & { run: Pick<NonNullable<FanOut['run']>, 'source' | 'targets' | 'requestId' | 'requestFormatId'> | null };

type Props = {
  flow: AdjusterFlow;
  upload: UploadResponse;
  fanOut: ShownRun;
  onBack: () => void;
  onStartOver: () => void;
};

/**
 * Step 3: the source, the ZIP, and every target grouped by platform with its status, what it kept
 * and what downloading it costs; any finished target can be framed by hand. Where a target needs
 * payment (framed by hand, with no free download left) its price and the buttons that pay stand in
 * its card and in the ZIP card, before any click.
 */
export function ResultsStep({ flow, upload, fanOut, onBack, onStartOver }: Props) {
  const run = fanOut.run!;
  const { targets, requestId } = run;
  const { results, framings } = fanOut;
  const queryClient = useQueryClient();
  const { chargeOf, reasonOf } = useCharges({
    flow,
    requestId,
    requestFormatId: run.requestFormatId,
    results,
    framings,
  });
  // A download the server let through may have made the image the owner's (door.ts marks it acquired).
  const { download, downloadAsync } = useDownload({
    onDownloaded: () => void queryClient.invalidateQueries({ queryKey: imageRequestQuery(requestId ?? '').queryKey }),
  });
  const [adjusting, setAdjusting] = useState<PlatformFormat | null>(null);
  const startCrop = (format: PlatformFormat): CropRect => {
    const { x, y, width, height } = framings[format.id]?.crop ?? centredCrop(upload, format, 1);
    return { x, y, width, height };
  };
  const allComplete = targets.every((t) => results[t.id] === 'complete');

  return (
    <div className="space-y-6">
      <RunProgress flow={flow} starting={fanOut.starting} results={results} targets={targets} />

      <AnalysisNotice performed={fanOut.analysisPerformed} detection={fanOut.detection} />

      <div className="grid gap-4 sm:grid-cols-2">
        <SourceCard flow={flow} upload={upload} source={run.source} />
        <ZipCard
          targets={targets}
          requestId={requestId}
          allComplete={allComplete}
          chargeOf={chargeOf}
          reasonOf={reasonOf}
          onDownload={downloadAsync}
        />
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
                file={fanOut.files[format.id]}
                framing={fanOut.framing}
                targetFraming={framings[format.id]}
                version={fanOut.versions[format.id] ?? 0}
                requestId={requestId}
                charge={chargeOf(format.id)}
                reason={reasonOf(format.id)}
                onDownload={download}
                onAdjust={() => setAdjusting(format)}
              />
            ))}
          </ul>
        </section>
      ))}

      {adjusting ? (
        <AdjustFramingDialog
          pictureUrl={shownPictureUrl(upload)}
          picture={upload}
          format={adjusting}
          start={startCrop(adjusting)}
          saving={fanOut.reframing}
          onSave={async (crop) => {
            if (await fanOut.reframe({ formatId: adjusting.id, crop })) setAdjusting(null);
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
