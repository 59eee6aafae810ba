import { useState, type Dispatch, type SetStateAction } from 'react';
import { transparencyRefusal, type Fill } from '../../../shared/fill';
import type { UploadResponse } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import { FillPicker } from '../tool-kit/fill-picker';
import { OutputPreview } from '../tool-kit/output-preview';
import { readOutputSettings } from '../tool-kit/output-settings';
import { useEdgeColour } from '../tool-kit/use-edge-colour';
import type { Adjustment } from './adjustment';
import { CropEditor } from './crop-editor';
import { PREVIEW_BESIDE_MAX_ASPECT } from './rules';
import { ZoomControls } from './zoom-controls';
import type { useFramingHistory } from './use-framing-history';

/**
 * The framing of the chosen format: the cropper, the zoom, the fill where the framing leaves the
 * picture, and the output as it will be.
 */
export function FramingPanel({
  upload,
  imageUrl,
  adjustment,
  onAdjust,
  history,
  fill,
  onFill,
}: {
  upload: UploadResponse;
  /** Where the picture is shown from (shown-picture.ts). */
  imageUrl: string;
  adjustment: Adjustment;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  history: ReturnType<typeof useFramingHistory>;
  fill: Fill;
  onFill: (fill: Fill) => void;
}) {
  const { format, area } = adjustment;
  // The framing the step opens on (the cropper reads it once, when the picture loads).
  const [initialArea] = useState(() => area ?? undefined);
  const edge = useEdgeColour(imageUrl, upload);
  const refused = transparencyRefusal([format], readOutputSettings().type);
  // Where transparency is refused, the file gets white; the editor shows what the file will hold.
  const shownFill: Fill = fill.kind === 'transparent' && refused ? { kind: 'color', color: '#ffffff' } : fill;
  const reachesOut =
    !!area &&
    (area.x < -0.5 ||
      area.y < -0.5 ||
      area.x + area.width > upload.width + 0.5 ||
      area.y + area.height > upload.height + 0.5);

  // On a desktop the output stands beside the cropper (under it for a wide format), so the frame,
  // the zoom and the result fit one screen above the action bar.
  const beside = format.width / format.height <= PREVIEW_BESIDE_MAX_ASPECT;
  return (
    <div className={cn('grid gap-4', beside && 'lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start')}>
      <div className="@container">
        <CropEditor
          imageUrl={imageUrl}
          picture={upload}
          adjustment={adjustment}
          onAdjust={onAdjust}
          fill={shownFill}
          initialArea={initialArea}
          onInteractionStart={history.remember}
        />
        <ZoomControls
          adjustment={adjustment}
          onAdjust={onAdjust}
          canUndo={history.canUndo}
          remember={history.remember}
          undo={history.undo}
        />
        {reachesOut ? (
          <div className="mt-4">
            <FillPicker value={fill} onChange={onFill} edge={edge} transparencyRefused={refused} />
          </div>
        ) : null}
      </div>
      <OutputPreview
        imageUrl={imageUrl}
        picture={upload}
        format={format}
        area={area}
        fill={shownFill}
        opaque={!!refused}
      />
    </div>
  );
}
