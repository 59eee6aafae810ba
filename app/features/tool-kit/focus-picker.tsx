import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { KeepBox } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { DetectedBoxes } from './detected-boxes';
import { useFocusBox } from './use-focus-box';

/** What the detectors found: the boxes every format keeps, and their union (the box the picker starts from). */
export interface Detected {
  boxes: KeepBox[];
  union: CropRect | null;
}

function statusText(value: CropRect | null, detected: Detected | undefined): string {
  if (value)
    return value.width > 0
      ? `Every format keeps this box whole (${Math.round(value.width)} × ${Math.round(value.height)} px).`
      : 'Every format centres on this point.';
  if (detected?.union)
    return `Every format keeps the faces and text found whole (${Math.round(detected.union.width)} × ${Math.round(detected.union.height)} px).`;
  return 'No box: each format is framed automatically.';
}

/**
 * "Keep this": drag a box on the picture, or tap a point; arrow keys move it. Used by the adjusters
 * for every target and by the batch for each photo. With `detected`, the found faces and text are
 * drawn and the box starts as their union; `value` is only the user's own box (null until changed),
 * and "Use detected" returns to the found ones.
 */
export function FocusPicker({
  pictureUrl,
  picture,
  value,
  onChange,
  detected,
}: {
  pictureUrl: string;
  picture: { width: number; height: number };
  value: CropRect | null;
  onChange: (focus: CropRect | null) => void;
  detected?: Detected;
}) {
  const shown = value ?? detected?.union ?? null;
  const { frame, ...handlers } = useFocusBox(picture, shown, onChange);
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <div className="grid gap-2">
      <div
        ref={frame}
        role="application"
        tabIndex={0}
        aria-label="Keep this: drag a box on the picture, or tap a point; arrow keys move it"
        className="relative w-fit max-w-full cursor-crosshair touch-none overflow-hidden rounded-md select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        {...handlers}
        data-testid="focus-frame"
      >
        <img src={pictureUrl} alt="" draggable={false} className="block max-h-60 w-auto max-w-full" />
        {detected ? <DetectedBoxes boxes={detected.boxes} picture={picture} /> : null}
        {shown ? (
          shown.width > 0 && shown.height > 0 ? (
            <div
              data-testid="focus-box"
              className="pointer-events-none absolute border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.45)] outline outline-1 outline-slate-900"
              style={{
                left: pct(shown.x, picture.width),
                top: pct(shown.y, picture.height),
                width: pct(shown.width, picture.width),
                height: pct(shown.height, picture.height),
              }}
            />
          ) : (
            <div
              data-testid="focus-box"
              className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow"
              style={{ left: pct(shown.x, picture.width), top: pct(shown.y, picture.height) }}
            />
          )
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span aria-live="polite">{statusText(value, detected)}</span>
        {value ? (
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            {detected?.union ? 'Use detected' : 'Clear'}
          </Button>
        ) : null}
      </div>
      {detected?.boxes.some((box) => box.kind === 'mark') ? (
        <p className="text-xs text-slate-500">Dashed outlines: logos and marks, kept where there is room.</p>
      ) : null}
    </div>
  );
}
