import { useRef, useState } from 'react';
import { MAX_BATCH_PHOTOS } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { UploadInput } from '../tool-kit/upload-input';
import { uploadUrl } from '../tool-kit/upload-file';
import type { Photo } from './use-batch-photos';

/** "Photos": the drop zone and chooser for many photos, then each photo as a thumbnail with its state. */
export function PhotosSection({
  photos,
  readyCount,
  onAdd,
  onRemove,
  onFrame,
}: {
  photos: Photo[];
  readyCount: number;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Opens "Keep this" for a ready photo. */
  onFrame: (key: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby="batch-photos" className="space-y-3">
      <h2 id="batch-photos" className="text-lg font-semibold text-slate-900">
        Photos{' '}
        <span className="text-sm font-normal text-slate-600">
          ({readyCount} ready, at most {MAX_BATCH_PHOTOS})
        </span>
      </h2>
      <div
        className={cn(
          'flex flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-lg border-2 border-dashed border-slate-300 text-center',
          photos.length > 0 ? 'p-3' : 'p-8',
        )}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          onAdd([...event.dataTransfer.files]);
        }}
      >
        <p className="text-sm text-slate-600">Drop photos here, or</p>
        <Button variant="outline" onClick={() => input.current?.click()}>
          {photos.length > 0 ? 'Add photos' : 'Choose photos'}
        </Button>
        <UploadInput
          ref={input}
          id="batch-files"
          label="Choose photos"
          multiple
          onFiles={(files, chooser) => {
            onAdd(files);
            chooser.value = '';
          }}
        />
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-label="Chosen photos">
          {photos.map((p) => (
            <PhotoTile key={p.key} photo={p} onRemove={() => onRemove(p.key)} onFrame={() => onFrame(p.key)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One chosen photo: its thumbnail from the local file, its state, "Keep this…" once it is up, and Remove. */
function PhotoTile({ photo, onRemove, onFrame }: { photo: Photo; onRemove: () => void; onFrame: () => void }) {
  // A file the browser cannot draw (HEIC) shows the server's copy once it is up.
  const [broken, setBroken] = useState(false);
  // A photo kept from before a reload has no local file: the server's copy shows.
  const serverCopy = photo.upload ? uploadUrl(photo.upload) : null;
  const source = broken || !photo.thumbnail ? serverCopy : photo.thumbnail;
  const status =
    photo.state === 'ready'
      ? `${photo.upload?.width} × ${photo.upload?.height} px`
      : photo.state === 'refused'
        ? photo.message
        : photo.state === 'uploading'
          ? 'Uploading…'
          : 'Waiting';
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border bg-white',
        photo.state === 'refused' ? 'border-red-300' : 'border-slate-200',
      )}
      data-testid="batch-photo"
    >
      <div className="relative flex aspect-[4/3] items-center justify-center bg-slate-100">
        {source ? (
          <img
            src={source}
            alt={photo.name}
            className={cn('h-full w-full object-cover', photo.state !== 'ready' && 'opacity-60')}
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="px-2 text-xs text-slate-600">No preview</span>
        )}
        {photo.focus ? (
          <span className="absolute top-1 left-1 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-medium text-white">
            Box kept
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-2 text-xs">
        <span className="truncate font-medium text-slate-900" title={photo.name}>
          {photo.name}
        </span>
        <span className={cn(photo.state === 'refused' ? 'text-red-700' : 'text-slate-600')} aria-live="polite">
          {status}
        </span>
        <div className="mt-auto flex flex-wrap gap-1">
          {photo.state === 'ready' ? (
            <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onFrame}>
              {photo.focus ? 'Change box' : 'Keep this…'}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 text-xs"
            aria-label={`Remove ${photo.name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
