import type { Ref } from 'react';
import { UPLOAD_ACCEPT } from './upload-file';

/** The hidden file chooser of every tool: the types the server takes; a button of the tool opens it. */
export function UploadInput({
  ref,
  id,
  label,
  multiple,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  id: string;
  label: string;
  multiple?: boolean;
  /** The chosen files, and the input (to clear it for the same file chosen again). */
  onFiles: (files: File[], input: HTMLInputElement) => void;
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      multiple={multiple}
      accept={UPLOAD_ACCEPT}
      className="sr-only"
      aria-label={label}
      onChange={(event) => onFiles([...(event.target.files ?? [])], event.target)}
    />
  );
}
