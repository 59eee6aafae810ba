import { useState, type RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { UploadInput } from './upload-input';

/** The drop zone of the upload step, with its file chooser; only the first dropped file is used. */
export function UploadArea({
  inputRef,
  busy,
  hasFile,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  hasFile: boolean;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      role="group"
      aria-label="Upload area"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const first = event.dataTransfer.files[0];
        if (first) onFile(first);
      }}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 text-center transition-colors',
        // With a picture chosen it is the way to another one: smaller, under the picture and Next.
        hasFile ? 'py-5' : 'py-12',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <p className="text-base font-medium text-slate-900">
        {hasFile ? 'Drop another image here' : 'Drag and drop your image here'}
      </p>
      <p className="mt-1 text-sm text-slate-600">JPG, PNG or WEBP, up to 50 MB</p>
      {hasFile ? null : (
        <>
          <p className="mt-1 text-xs text-slate-500">iPhone HEIC photos too, where this browser opens them</p>
          <p className="mt-1 text-xs text-slate-500">or paste one (Ctrl+V / ⌘V), or drop it anywhere on the page</p>
        </>
      )}
      <UploadInput
        ref={inputRef}
        id="single-image-file"
        label="Choose an image"
        onFiles={([chosen]) => {
          if (chosen) onFile(chosen);
        }}
      />
      <Button className="mt-4" variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
        {hasFile ? 'Choose Different File' : 'Browse Files'}
      </Button>
    </div>
  );
}
