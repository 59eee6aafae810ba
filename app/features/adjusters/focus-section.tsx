import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { UploadResponse } from '../../../shared/schemas';
import type { DetectionState } from '../tool-kit/detection';
import { KeepThisPicker } from '../tool-kit/keep-this-picker';
import { FocusPreviews } from './focus-previews';

/** "3. Keep this": the box every target keeps, and the chosen targets drawn with it kept. */
export function FocusSection({
  pictureUrl,
  upload,
  focus,
  onFocus,
  chosen,
  fill,
  detection,
}: {
  pictureUrl: string;
  upload: UploadResponse;
  focus: CropRect | null;
  onFocus: (focus: CropRect | null) => void;
  chosen: PlatformFormat[];
  fill: Fill;
  /** What the detectors found, while the targets are content-aware. */
  detection: DetectionState;
}) {
  return (
    <section aria-labelledby="focus-heading" className="space-y-3">
      <h3 id="focus-heading" className="font-semibold text-slate-900">
        3. Keep this <span className="font-normal text-slate-500">(optional)</span>
      </h3>
      <p className="text-sm text-slate-600">
        {detection.kind === 'off'
          ? 'Drag a box around what must stay whole (a headline, a logo, a face), or tap a point to centre on. Every format keeps it inside the area the platform shows.'
          : 'The faces and lines of text we find are kept whole inside the area each platform shows. To keep something else, drag a box around it or tap a point to centre on.'}
      </p>
      <KeepThisPicker pictureUrl={pictureUrl} picture={upload} focus={focus} onFocus={onFocus} detection={detection} />
      {focus && chosen.length > 0 ? (
        <FocusPreviews pictureUrl={pictureUrl} picture={upload} focus={focus} targets={chosen} fill={fill} />
      ) : null}
    </section>
  );
}
