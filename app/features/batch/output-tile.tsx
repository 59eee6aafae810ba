import type { PlatformFormat } from '../../../shared/formats';
import { fileSummary } from '@social-resizer/engine/plan/output';
import { FileCheckLine } from '../tool-kit/file-check-line';
import { platformName } from '../../../shared/platforms';
import type { BatchPhoto } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import { enlargement } from '../../../shared/sharpness';
import { framingText } from '../tool-kit/framing-text';
import { SoftnessNote } from '../tool-kit/softness-note';

/**
 * One file of a batch: its preview once it is done (the owner's preview, never the file itself),
 * a placeholder of its shape while it converts, the reason when it failed; then what it is (format,
 * size, type and weight), what its framing kept, and its own download.
 */
export function OutputTile({
  photo,
  formatId,
  format,
}: {
  photo: BatchPhoto;
  formatId: number;
  /** Unknown while the catalogue loads, or for a format no longer offered. */
  format: PlatformFormat | undefined;
}) {
  const status = photo.results[formatId];
  const file = photo.files[formatId];
  const name = format ? `${platformName(format.platform)} ${format.format}` : `Format ${formatId}`;
  const wide = format ? format.width / format.height > 4 / 3 : true;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="batch-output"
    >
      <div className="flex h-32 items-center justify-center bg-slate-100 p-2">
        {status === 'complete' && file ? (
          <img
            src={`/api/preview/${photo.requestId}/${formatId}`}
            alt={`${photo.originalFilename}, ${name}`}
            loading="lazy"
            className="max-h-full max-w-full object-contain shadow-sm"
          />
        ) : status === 'failed' ? (
          <p className="text-center text-xs text-red-700">{photo.errors[formatId] ?? 'This format failed.'}</p>
        ) : (
          <div
            className={cn(
              'max-h-full max-w-full rounded bg-slate-300 motion-safe:animate-pulse',
              wide ? 'w-full' : 'h-full',
            )}
            style={{ aspectRatio: format ? `${format.width} / ${format.height}` : undefined }}
            role="img"
            aria-label={`${name}: converting`}
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 p-2 text-xs">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="text-slate-600">
          {format ? `${format.width}×${format.height}` : null}
          {file ? ` · ${fileSummary(file)}` : status === 'failed' ? ' · failed' : ' · converting…'}
        </p>
        {format ? <FileCheckLine file={file} platform={format.platform} brief /> : null}
        {file && format && photo.framings[formatId]?.crop ? (
          <SoftnessNote
            factor={enlargement(photo.framings[formatId].crop, format)}
            brief
            className="px-1.5 py-0.5 text-xs"
          />
        ) : null}
        {file ? (
          <p className="text-slate-600" data-testid={`batch-framing-${formatId}`}>
            {framingText(photo.framings[formatId], photo.boxKept ? 'focus' : 'auto')}
          </p>
        ) : null}
        {file ? (
          <a
            className="mt-auto pt-1 font-medium text-brand-700 underline"
            href={`/api/download/${photo.requestId}/${formatId}`}
            aria-label={`Download ${photo.originalFilename}, ${name}`}
            download
          >
            Download
          </a>
        ) : null}
      </div>
    </li>
  );
}
