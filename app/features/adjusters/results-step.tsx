import { platformName } from '../../../shared/platforms';
import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { fileSummary } from '../../../shared/output';
import type { ConversionFiles, ConversionResults, UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { cn } from '../../lib/cn';
import { groupByPlatform, type AdjusterFlow } from './flows';

type Status = ConversionResults[string] | undefined;

const BADGES: Record<
  'complete' | 'processing' | 'failed' | 'waiting',
  { label: string; text: string; className: string }
> = {
  complete: { label: 'Ready', text: 'Ready to download', className: 'bg-emerald-100 text-emerald-800' },
  processing: { label: 'Processing', text: 'Processing...', className: 'bg-sky-100 text-sky-800' },
  failed: { label: 'Failed', text: 'Processing failed', className: 'bg-red-100 text-red-800' },
  waiting: { label: 'Waiting', text: 'Waiting to process', className: 'bg-slate-100 text-slate-700' },
};

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
  /** How every target was framed: the user's box, the analysis, or a centred crop. */
  framing: 'focus' | 'auto' | 'centre';
  onBack: () => void;
  onStartOver: () => void;
};

function header(flow: AdjusterFlow, starting: boolean, results: ConversionResults, targets: PlatformFormat[]): string {
  if (starting) return `Converting your ${flow.noun} to multiple formats...`;
  if (targets.every((t) => results[t.id] === 'complete')) return 'All conversions have been completed successfully!';
  // Our wording where the spec has none: every target ended but some failed.
  if (targets.every((t) => results[t.id] === 'complete' || results[t.id] === 'failed'))
    return 'Some conversions failed. You can download the others, or go back and try again.';
  return 'Some conversions are still being processed...';
}

const FRAMING = {
  focus: 'Kept your box',
  auto: 'Framed automatically',
  centre: 'Centred crop',
} as const;

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
  const [zipping, setZipping] = useState(false);
  const pending = targets.filter((t) => results[t.id] !== 'complete' && results[t.id] !== 'failed').length;
  const allComplete = targets.every((t) => results[t.id] === 'complete');
  const imageUrl = `/uploads/${upload.path.split('/').pop() ?? ''}`;

  async function download(url: string) {
    try {
      await downloadFile(url);
    } catch (error) {
      toastDownloadFailed(error);
    }
  }

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

      {analysisPerformed === true ? (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
          <p className="font-semibold">AI Analysis Successful</p>
          <p>We found the text, logos and faces in your banner and kept them inside the area each platform shows.</p>
        </div>
      ) : analysisPerformed === false ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="status">
          <p className="font-semibold">Standard Conversion Used</p>
          <p>
            AI analysis was requested but couldn't be performed. A standard conversion was used instead to preserve your
            image content.
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div
          className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
          data-testid="source-card"
        >
          <img
            src={imageUrl}
            alt={`Your ${flow.noun}`}
            className={cn('h-20 w-20 object-cover', flow.kind === 'profile' ? 'rounded-full' : 'rounded-md')}
          />
          <div>
            <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">Original</span>
            {source ? (
              <>
                <p className="mt-1 font-medium text-slate-900">{platformName(source.platform)}</p>
                <p className="text-sm text-slate-600">
                  {source.description} · {source.width} × {source.height} px
                </p>
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-600">
                Your photo · {upload.width} × {upload.height} px
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div>
            <p className="font-medium text-slate-900">Download All as ZIP</p>
            <p className="text-sm text-slate-600">
              {targets.length} {targets.length === 1 ? 'file' : 'files'}, named by platform, format and size.
              {allComplete ? '' : ' Available when every format is ready.'}
            </p>
          </div>
          <Button
            disabled={!allComplete || !requestId || zipping}
            onClick={async () => {
              setZipping(true);
              await download(`/api/download-zip/${requestId}?formats=${targets.map((t) => t.id).join(',')}`);
              setZipping(false);
            }}
          >
            {zipping ? 'Preparing ZIP...' : 'Download All as ZIP'}
          </Button>
        </div>
      </div>

      {groupByPlatform(targets).map((group) => (
        <section key={group.platform} aria-label={`${group.platform} formats`}>
          <h3 className="mb-3 font-semibold text-slate-900">{platformName(group.platform)}</h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.formats.map((format) => {
              const status: Status = results[format.id];
              const badge = BADGES[status ?? 'waiting'];
              return (
                <li
                  key={format.id}
                  className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
                  data-testid={`result-${format.id}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-900">{format.description}</p>
                      <p className="text-sm text-slate-600">
                        {format.width} × {format.height} px
                      </p>
                      <p className="text-xs text-slate-500" data-testid={`framing-${format.id}`}>
                        {FRAMING[framing]}
                      </p>
                      {files[format.id] ? (
                        <p className="text-sm text-slate-600" data-testid={`file-${format.id}`}>
                          {fileSummary(files[format.id]!)}
                        </p>
                      ) : null}
                    </div>
                    <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}>
                      {badge.label}
                    </span>
                  </div>
                  <div className="flex h-32 items-center justify-center overflow-hidden rounded-md bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]">
                    {status === 'complete' && requestId ? (
                      <img
                        src={`/api/preview/${requestId}/${format.id}`}
                        alt={`${format.description} preview`}
                        className={cn('max-h-full max-w-full object-contain', format.profile && 'rounded-full')}
                        loading="lazy"
                      />
                    ) : status === 'processing' ? (
                      <Spinner className="scale-75" label="Processing" />
                    ) : null}
                  </div>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm text-slate-600">{badge.text}</span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={status !== 'complete' || !requestId}
                      onClick={() => void download(`/api/download/${requestId}/${format.id}`)}
                    >
                      Download
                    </Button>
                  </div>
                </li>
              );
            })}
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
