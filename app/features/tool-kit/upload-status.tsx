import { formatSize } from '@social-resizer/engine/plan/output';
import type { UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { shownPictureUrl } from './shown-picture';
import type { ChosenFile, Uploading } from './use-upload';

/** The chosen picture: its name and size, then its thumbnail and pixels once up, or the progress. */
export function UploadStatus({
  shown,
  upload,
  uploading,
  onCancel,
}: {
  shown: ChosenFile;
  upload: UploadResponse | null;
  uploading: Uploading | null;
  onCancel: () => void;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {upload && !uploading ? (
            <img
              src={shownPictureUrl(upload)}
              alt="Your picture"
              // Drawn when decoded, not holding up the frame (a 12 MP photo for this thumbnail).
              decoding="async"
              className="h-16 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{shown.name}</p>
            <p className="text-sm text-slate-600">
              {formatSize(shown.size)}
              {upload && !uploading ? ` · ${upload.width} × ${upload.height} px` : ''}
            </p>
            {upload && !uploading ? (
              <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
                <span aria-hidden="true">✓ </span>
                <span>Uploaded</span>
              </p>
            ) : null}
          </div>
        </div>
        <Button variant="ghost" onClick={onCancel}>
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
  );
}
