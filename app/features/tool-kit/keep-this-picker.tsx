import type { CropRect } from '@social-resizer/engine/plan/crop';
import { Spinner } from '../../components/ui/spinner';
import type { DetectionState } from './detection';
import { FocusPicker } from './focus-picker';

/** What the detection came to, in a sentence, or null when the boxes say it all. */
function detectionNote(state: DetectionState): string | null {
  if (state.kind === 'failed') return 'Faces and text could not be looked for: each format is framed automatically.';
  if (state.kind !== 'done') return null;
  if (state.answer.detection.source === 'saliency')
    return 'Face and text detection was unavailable: the picture’s most detailed area is kept instead.';
  if (!state.union) return 'No faces or text found: the crop is centred on the most detailed area.';
  return null;
}

/**
 * "Keep this" with what the detectors found (docs/product.md, "Keep this"): a short busy state while
 * they run (below the picture, so the picture does not move under a finger or pointer about to draw),
 * then the found faces and text drawn and the box pre-filled with them. `focus` stays null
 * until the user changes the box, so an unchanged box is never sent and the server plans from its
 * own detection (faces and lines apart, which keeps more than their union).
 */
export function KeepThisPicker({
  pictureUrl,
  picture,
  focus,
  onFocus,
  detection,
}: {
  pictureUrl: string;
  picture: { width: number; height: number };
  focus: CropRect | null;
  onFocus: (focus: CropRect | null) => void;
  detection: DetectionState;
}) {
  const note = detectionNote(detection);
  return (
    <div className="grid gap-2">
      <FocusPicker
        pictureUrl={pictureUrl}
        picture={picture}
        value={focus}
        onChange={onFocus}
        detected={
          detection.kind === 'done' && detection.answer.detection.source === 'models'
            ? { boxes: detection.answer.keep, union: detection.union }
            : undefined
        }
      />
      {detection.kind === 'busy' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="scale-50" label="Finding faces and text" />
          <span>Finding faces and text…</span>
        </p>
      ) : null}
      {note ? (
        <p className="text-sm text-slate-600" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
