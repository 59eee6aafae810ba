import { useRef } from 'react';
import { MAX_BATCH_PHOTOS } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { PhotoFileInput } from '../tool-kit/photo-file-input';
import type { Photo } from './use-batch-photos';

/** "1. Photos": the drop zone and chooser for many photos, and each photo's state. */
export function PhotosSection({
  photos,
  readyCount,
  onAdd,
  onFrame,
}: {
  photos: Photo[];
  readyCount: number;
  onAdd: (files: File[]) => void;
  /** Opens "Keep this" for a ready photo. */
  onFrame: (key: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby="batch-photos" className="space-y-3">
      <h2 id="batch-photos" className="text-lg font-semibold text-slate-900">
        1. Photos{' '}
        <span className="text-sm font-normal text-slate-500">
          ({readyCount} of at most {MAX_BATCH_PHOTOS})
        </span>
      </h2>
      <div
        className="rounded-lg border-2 border-dashed border-slate-300 p-6 text-center"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          onAdd([...event.dataTransfer.files]);
        }}
      >
        <p className="text-sm text-slate-600">Drop photos here, or</p>
        <Button className="mt-2" variant="outline" onClick={() => input.current?.click()}>
          Choose photos
        </Button>
        <PhotoFileInput
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
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-live="polite">
          {photos.map((p) => (
            <li key={p.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
              <span className="min-w-0 truncate text-slate-900">{p.name}</span>
              {p.state === 'ready' ? (
                <Button size="sm" variant="ghost" onClick={() => onFrame(p.key)}>
                  {p.focus ? 'Box kept: change' : 'Keep this…'}
                </Button>
              ) : null}
              <span className={cn('shrink-0', p.state === 'refused' ? 'text-red-700' : 'text-slate-600')}>
                {p.state === 'ready'
                  ? `Ready · ${p.upload?.width} × ${p.upload?.height} px`
                  : p.state === 'refused'
                    ? p.message
                    : p.state === 'uploading'
                      ? 'Uploading…'
                      : 'Waiting'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
