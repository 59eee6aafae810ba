/**
 * The quality preview as a step shows it: the before/after view of the chosen JPEG or WebP
 * quality. Loaded on its own (lazy.tsx) when a quality is chosen.
 */
import { OUTPUT_LABELS } from '@social-resizer/engine/plan/output';
import { CompareView } from './compare-view';
import type { QualityPreviewState } from './use-quality-preview';

export default function QualityPanel({
  preview,
  width,
  height,
  quality,
}: {
  preview: QualityPreviewState;
  width: number;
  height: number;
  /** The quality chosen now (the picture may still show the one before while it is encoded). */
  quality: number;
}) {
  const shown = preview.type && preview.quality !== null ? preview : null;
  const label = shown ? `${OUTPUT_LABELS[shown.type ?? 'jpeg']}, quality ${shown.quality}` : 'Compressing...';
  return (
    <figure className="flex w-full flex-col gap-2" aria-label="Quality preview">
      <CompareView before={preview.before} after={preview.after} width={width} height={height} afterLabel={label} />
      <figcaption className="text-xs text-slate-600" aria-live="polite">
        {preview.error
          ? `The preview is not available: ${preview.error}. The file is made as chosen all the same.`
          : preview.busy || shown?.quality !== quality
            ? `Compressing at quality ${quality}...`
            : `${width} × ${height}, compressed in your browser as the file will be.`}
      </figcaption>
    </figure>
  );
}
