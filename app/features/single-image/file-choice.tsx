/** The download step's file type and quality, and how the file it gives is described. */
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { OUTPUT_LABELS, type OutputSettings } from '@social-resizer/engine/plan/output';
import { platformName } from '../../../shared/platforms';
import type { ImageRequestResponse, OutputFile } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { OutputPicker } from '../tool-kit/output-picker';
import type { QualityEstimate } from '../tool-kit/output-notes';
import { useOutputSettings } from '../tool-kit/output-settings';
import { processImage } from './queries';

/** 'JPEG, quality 82', 'PNG (transparent background)', 'PNG (no transparency: ...)'. */
export function describeFile(file: OutputFile, format: PlatformFormat): string {
  if (file.type === 'png')
    return format.opaque ? 'PNG (opaque: this platform refuses transparency)' : 'PNG (lossless, keeps transparency)';
  return `${OUTPUT_LABELS[file.type]}, quality ${file.quality ?? ''}`;
}

/**
 * The file type and quality of this download. A change is remembered for the visitor and the file
 * is made again (after a pause, so dragging the quality makes one file, not twenty); the size
 * shown is then the real one. Meanwhile the browser's estimate of the size follows the slider.
 */
export function FileChoice({
  request,
  format,
  onRequest,
  onBusy,
  draft,
  onDraft: setDraft,
  estimate,
}: {
  request: ImageRequestResponse;
  format: PlatformFormat;
  onRequest: (request: ImageRequestResponse) => void;
  onBusy: (busy: boolean) => void;
  /** The type and quality being chosen (the download step's, shared with its quality preview). */
  draft: OutputSettings;
  onDraft: (next: OutputSettings) => void;
  estimate?: QualityEstimate;
}) {
  const [, remember] = useOutputSettings();
  const { mutate, isPending } = useMutation({
    mutationFn: (output: OutputSettings) => processImage(request.id, { output }),
    onSuccess: onRequest,
    onError: (error) => {
      setDraft(request.output);
      toast({
        title: 'Processing Failed',
        description: errorMessage(error, 'Failed to process your image.'),
        variant: 'destructive',
      });
    },
  });
  const changed = draft.type !== request.output.type || draft.quality !== request.output.quality;
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => mutate(draft), 400);
    return () => clearTimeout(timer);
  }, [changed, draft, mutate]);
  useEffect(() => onBusy(changed || isPending), [changed, isPending, onBusy]);
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <OutputPicker
        value={draft}
        onChange={(next) => {
          setDraft(next);
          remember(next);
        }}
        accepted={format.types}
        single
        platformName={platformName(format.platform)}
        estimate={estimate}
      />
      <p className="mt-2 text-xs text-slate-500" aria-live="polite">
        {changed || isPending ? `Making your ${OUTPUT_LABELS[draft.type]} file...` : ''}
      </p>
    </div>
  );
}
