import type { CropRect } from '@social-resizer/engine/plan/crop';
import { planRegionCrop } from '@social-resizer/engine/plan/framing';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import { OutputPreview } from '../tool-kit/output-preview';

/**
 * The selected targets as they will come out with the box kept, drawn in the browser from the same
 * crop plan the server renders (engine/plan/crop.ts), so they update at once.
 */
export function FocusPreviews({
  pictureUrl,
  picture,
  focus,
  targets,
  fill,
}: {
  pictureUrl: string;
  picture: { width: number; height: number };
  focus: CropRect;
  targets: PlatformFormat[];
  fill: Fill;
}) {
  const shown = targets.slice(0, 6);
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">How the selected formats keep it</p>
      <ul className="mt-2 flex flex-wrap items-end gap-4" aria-label="Previews with your box kept">
        {shown.map((format) => (
          <li key={format.id} aria-label={format.description}>
            <OutputPreview
              pictureUrl={pictureUrl}
              picture={picture}
              format={format}
              area={planRegionCrop(picture, focus, format).crop}
              fill={fill}
              longSide={120}
            />
          </li>
        ))}
      </ul>
      {targets.length > shown.length ? (
        <p className="mt-1 text-xs text-slate-500">and {targets.length - shown.length} more, framed the same way</p>
      ) : null}
    </div>
  );
}
