import { useState, type Dispatch, type SetStateAction } from 'react';
import { transparencyRefusal, type Fill } from '../../../shared/fill';
import { ZOOM_MIN, type UploadResponse } from '../../../shared/schemas';
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
  pictureUrl,
  adjustment,
  onAdjust,
  history,
  fill,
  onFill,
}: {
  upload: UploadResponse;
  /** Where the picture is shown from (shown-picture.ts). */
  pictureUrl: string;
  adjustment: Adjustment;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  history: ReturnType<typeof useFramingHistory>;
  fill: Fill;
  onFill: (fill: Fill) => void;
}) {
  const { format, area } = adjustment;
  // The framing the format opens on (the cropper reads it once, when the picture loads), and
  // Reset's: a new cropper on it (`opened` counts them).
  const [start] = useState(() => ({ area: area ?? undefined, zoom: adjustment.zoom }));
  const [opened, setOpened] = useState(0);
  const minZoom = Math.min(ZOOM_MIN, start.zoom);
  const from = start.area;
  const atStart =
    Math.abs(adjustment.zoom - start.zoom) < 0.005 &&
    (!area || !from || (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(area[k] - from[k]) <= 1));
  const edge = useEdgeColour(pictureUrl, upload);
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
          key={opened}
          pictureUrl={pictureUrl}
          picture={upload}
          adjustment={adjustment}
          onAdjust={onAdjust}
          fill={shownFill}
          initialArea={start.area}
          minZoom={minZoom}
          onInteractionStart={history.remember}
        />
        <ZoomControls
          adjustment={adjustment}
          onAdjust={onAdjust}
          canUndo={history.canUndo}
          remember={history.remember}
          undo={history.undo}
          atStart={atStart}
          minZoom={minZoom}
          reset={() => {
            history.remember();
            onAdjust((a) => a && { ...a, zoom: start.zoom, area: start.area ?? a.area });
            setOpened((n) => n + 1);
          }}
        />
        {reachesOut ? (
          <div className="mt-4">
            <FillPicker value={fill} onChange={onFill} edge={edge} transparencyRefused={refused} />
          </div>
        ) : null}
      </div>
      <OutputPreview
        pictureUrl={pictureUrl}
        picture={upload}
        format={format}
        area={area}
        fill={shownFill}
        opaque={!!refused}
      />
    </div>
  );
}
