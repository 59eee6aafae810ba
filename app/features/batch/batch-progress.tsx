import { useQuery } from '@tanstack/react-query';
import { findFormat } from '../../../shared/formats';
import type { BatchResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { platformFormatsQuery } from '../tool-kit/queries';
import { ToolCard } from '../tool-kit/tool-card';
import { OutputTile } from './output-tile';
import { batchQuery } from './queries';
import { STEP_NAMES } from './steps';
import { plural } from '../../lib/words';

/**
 * A batch's results page (`/batch?id=…`): overall progress and the ZIP first, then each photo's
 * files as a grid of pictures that fills in as each one finishes.
 */
export function BatchProgress({ id, onNewBatch }: { id: string; onNewBatch: () => void }) {
  const { data, error, isPending } = useQuery(batchQuery(id));
  const formats = useQuery(platformFormatsQuery).data ?? [];
  const settled = data ? data.totals.processing === 0 : false;
  return (
    <ToolCard
      steps={STEP_NAMES}
      step={STEP_NAMES.length}
      title={settled ? 'Your batch is ready' : 'Converting your batch'}
    >
      {isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading this batch…
        </p>
      ) : error || !data ? (
        <p className="text-red-700">{errorMessage(error, 'This batch could not be found.')}</p>
      ) : (
        <div className="space-y-6">
          <Summary id={id} data={data} onNewBatch={onNewBatch} />
          {data.photos.map((photo) => (
            <section key={photo.requestId} aria-label={photo.originalFilename} className="space-y-2">
              <h3 className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="min-w-0 truncate font-semibold text-slate-900">{photo.originalFilename}</span>
                <span className="font-normal text-slate-600">{photoStatus(photo, data.formats.length)}</span>
              </h3>
              {photo.expired ? null : (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  {data.formats.map((formatId) => (
                    <OutputTile
                      key={formatId}
                      photo={photo}
                      formatId={formatId}
                      format={formats.find((f) => f.id === formatId) ?? findFormat(formatId)}
                    />
                  ))}
                </ul>
              )}
            </section>
          ))}
          {settled ? (
            <Button variant="outline" className="w-full sm:hidden" onClick={onNewBatch}>
              New batch
            </Button>
          ) : null}
        </div>
      )}
    </ToolCard>
  );
}

/** The batch in all: how far it is, and the ZIP of everything finished, a folder per photo. */
function Summary({ id, data, onNewBatch }: { id: string; data: BatchResponse; onNewBatch: () => void }) {
  const { complete, failed, processing } = data.totals;
  const total = complete + failed + processing;
  const settled = processing === 0;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {settled ? 'Finished' : 'Converting'}: {complete} done, {failed} failed, {processing} remaining of {total}
      </p>
      <div
        className="h-2 overflow-hidden rounded bg-slate-200"
        role="progressbar"
        aria-label="Batch progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={complete + failed}
      >
        <div
          className="h-full bg-brand-600 transition-[width]"
          style={{ width: `${total ? ((complete + failed) / total) * 100 : 0}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {complete > 0 ? (
          <Button asChild size="lg">
            <a href={`/api/batches/${id}/zip`} download>
              Download ZIP ({complete} files{settled ? '' : ' so far'})
            </a>
          </Button>
        ) : (
          <Button size="lg" disabled>
            Download ZIP
          </Button>
        )}
        {/* On a phone it follows the results, which come first under the ZIP. */}
        {settled ? (
          <Button variant="outline" className="ml-auto hidden sm:inline-flex" onClick={onNewBatch}>
            New batch
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        {complete > 0
          ? `A folder per photo, ${plural(data.photos.length, 'photo')} × ${plural(data.formats.length, 'format')}`
          : 'Ready as soon as the first file is done'}
      </p>
    </div>
  );
}

function photoStatus(photo: BatchResponse['photos'][number], formatCount: number): string {
  if (photo.expired) return 'Deleted after 7 days';
  const done = Object.values(photo.results).filter((s) => s === 'complete').length;
  const failed = Object.keys(photo.errors).length;
  return `${done} of ${formatCount} done${failed ? `, ${failed} failed` : ''}${photo.boxKept ? ' · your box kept' : ''}`;
}
