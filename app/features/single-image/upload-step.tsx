import { useEffect, useEffectEvent, useRef, useState, type DragEvent } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { fileProblem, PHOTO_ACCEPT, uploadPhoto } from './upload-photo';
import { sizeInMb } from './rules';

type Props = {
  upload: UploadResponse | null;
  file: { name: string; size: number } | null;
  onUploaded: (upload: UploadResponse, file: { name: string; size: number }) => void;
  onCleared: () => void;
  onNext: () => void;
};

/** The client-side checks; the server decides again (spec document 1, section 5). */
function checkFile(file: File): boolean {
  const problem = fileProblem(file);
  if (problem) toast({ ...problem, variant: 'destructive' });
  return problem === null;
}

/** Step 1: drop or pick a picture; it uploads at once. */
export function UploadStep({ upload, file, onUploaded, onCleared, onNext }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState<{ name: string; size: number; progress: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  async function start(chosen: File) {
    if (!checkFile(chosen)) return;
    const controller = new AbortController();
    abort.current = controller;
    setUploading({ name: chosen.name, size: chosen.size, progress: 0 });
    try {
      const result = await uploadPhoto(
        chosen,
        (progress) => setUploading((u) => (u ? { ...u, progress } : u)),
        controller.signal,
      );
      onUploaded({ ...result, originalFilename: chosen.name }, { name: chosen.name, size: chosen.size });
      toast({
        title: 'Upload Successful',
        description: 'Your image has been uploaded successfully.',
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({
        title: 'Upload Failed',
        description:
          error instanceof Error && error.message ? error.message : 'There was an error uploading your file.',
        variant: 'destructive',
      });
    } finally {
      if (abort.current === controller) abort.current = null;
      setUploading(null);
    }
  }

  // While this step shows, an image pasted (Ctrl/Cmd+V) or dropped anywhere on the page is taken
  // as if chosen here; the upload area's own drop comes first and marks the event handled.
  const take = useEffectEvent((chosen: File) => {
    if (!uploading) void start(chosen);
  });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      const image = files.find((f) => f.type.startsWith('image/')) ?? files[0];
      if (!image) return; // pasted text goes where it was pasted
      event.preventDefault();
      take(image);
    };
    const onDragOver = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDropAnywhere = (event: globalThis.DragEvent) => {
      const first = event.dataTransfer?.files[0];
      if (event.defaultPrevented || !first) return;
      event.preventDefault();
      take(first);
    };
    window.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDropAnywhere);
    return () => {
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDropAnywhere);
    };
  }, []);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const first = event.dataTransfer.files[0]; // only the first dropped file is used
    if (first) void start(first);
  }

  function cancel() {
    abort.current?.abort();
    abort.current = null;
    setUploading(null);
    onCleared();
    if (input.current) input.current.value = '';
  }

  const shown = uploading ?? file;
  return (
    <div className="space-y-6">
      <div
        role="group"
        aria-label="Upload area"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <p className="text-base font-medium text-slate-900">Drag and drop your image here</p>
        <p className="mt-1 text-sm text-slate-600">JPG, PNG or WEBP, up to 50 MB</p>
        <p className="mt-1 text-xs text-slate-500">iPhone HEIC photos too, where this browser opens them</p>
        <p className="mt-1 text-xs text-slate-500">or paste one (Ctrl+V / ⌘V), or drop it anywhere on the page</p>
        <input
          ref={input}
          id="single-image-file"
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          aria-label="Choose an image"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) void start(chosen);
          }}
        />
        <Button className="mt-4" variant="outline" disabled={uploading !== null} onClick={() => input.current?.click()}>
          {shown ? 'Choose Different File' : 'Browse Files'}
        </Button>
      </div>

      {shown ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4" aria-live="polite">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              {upload && !uploading ? (
                <img
                  src={`/uploads/${upload.path.split('/').pop() ?? ''}`}
                  alt="Your picture"
                  className="h-16 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
                />
              ) : null}
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{shown.name}</p>
                <p className="text-sm text-slate-600">
                  {sizeInMb(shown.size)}
                  {upload && !uploading ? ` · ${upload.width} × ${upload.height} px` : ''}
                </p>
              </div>
            </div>
            <Button variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          </div>
          {uploading ? (
            <div className="mt-3">
              <p className="text-sm text-slate-700">Uploading...</p>
              <div
                className="mt-2 h-2 overflow-hidden rounded bg-slate-200"
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(uploading.progress * 100)}
              >
                <div
                  className="h-full bg-brand-600 transition-[width]"
                  style={{ width: `${Math.round(uploading.progress * 100)}%` }}
                />
              </div>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="flex justify-end">
        <Button disabled={!upload || uploading !== null} onClick={onNext}>
          Next: Choose Format
        </Button>
      </div>
    </div>
  );
}
