import { useQuery } from '@tanstack/react-query';
import { platformName } from '../../../shared/platforms';
import type { BatchResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { framingText } from '../tool-kit/framing-text';
import { platformFormatsQuery } from '../tool-kit/queries';
import { batchQuery } from './queries';

/** A batch's progress, per photo and overall, and its ZIP once anything is finished. */
export function BatchProgress({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(batchQuery(id));
  const formats = useQuery(platformFormatsQuery).data ?? [];
  const nameOf = (formatId: string) => {
    const f = formats.find((x) => x.id === Number(formatId));
    return f ? `${platformName(f.platform)} ${f.format} (${f.width}×${f.height})` : `Format ${formatId}`;
  };
  if (isPending) return <Spinner />;
  if (error || !data) return <p className="text-red-700">{errorMessage(error, 'This batch could not be found.')}</p>;
  const { complete, failed, processing } = data.totals;
  const total = complete + failed + processing;
  const settled = processing === 0;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
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
      </div>
      {complete > 0 ? (
        <Button asChild>
          <a href={`/api/batches/${id}/zip`} download>
            Download ZIP ({complete} files{settled ? '' : ' so far'})
          </a>
        </Button>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {data.photos.map((photo) => (
          <BatchPhotoRow key={photo.requestId} photo={photo} formatCount={data.formats.length} nameOf={nameOf} />
        ))}
      </ul>
    </div>
  );
}

/**
 * One photo of the batch: how many formats are done, why any failed, and a link to each file with
 * what its framing kept when the server says.
 */
function BatchPhotoRow({
  photo,
  formatCount,
  nameOf,
}: {
  photo: BatchResponse['photos'][number];
  formatCount: number;
  nameOf: (formatId: string) => string;
}) {
  const done = Object.values(photo.results).filter((s) => s === 'complete').length;
  const failures = Object.entries(photo.errors);
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{photo.originalFilename}</span>
        <span className="text-slate-600">
          {photo.expired
            ? 'Deleted after 7 days'
            : `${done} of ${formatCount} done${failures.length ? `, ${failures.length} failed` : ''}${photo.boxKept ? ' · your box kept' : ''}`}
        </span>
      </div>
      {failures.map(([formatId, reason]) => (
        <p key={formatId} className="text-red-700">
          {nameOf(formatId)}: {reason}
        </p>
      ))}
      {!photo.expired ? (
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          {Object.keys(photo.files).map((formatId) => {
            const framing = photo.framings?.[formatId];
            return (
              <span key={formatId}>
                <a className="text-brand-700 underline" href={`/api/download/${photo.requestId}/${formatId}`} download>
                  {nameOf(formatId)}
                </a>
                {framing ? (
                  <span className="text-slate-500" data-testid={`batch-framing-${formatId}`}>
                    {' '}
                    ({framingText(framing, photo.boxKept ? 'focus' : 'auto')})
                  </span>
                ) : null}
              </span>
            );
          })}
        </p>
      ) : null}
    </li>
  );
}
