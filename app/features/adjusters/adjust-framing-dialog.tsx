import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { PlatformFormat } from '../../../shared/formats';
import { HAND_ZOOM_MAX, ZOOM_MIN } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { areaPercentages, pictureArea } from '../tool-kit/crop-area';

/**
 * "Adjust framing" for one finished target: the cropper on the source picture at the target's shape,
 * opening on the crop the server used (zoom up to HAND_ZOOM_MAX, so a small face can fill a profile
 * circle); Save sends the new crop. A crop framed by hand is the user's
 * own, as in the Single Image tool, and downloads on its terms (docs/product.md, "Free downloads").
 * The cropper shows the picture as the page has it (the file this page sent, else the server's
 * original) and works in shares of it, so the crop is in the upload's pixels whatever file is shown.
 */
export function AdjustFramingDialog({
  pictureUrl,
  picture,
  format,
  start,
  saving,
  onSave,
  onClose,
}: {
  pictureUrl: string;
  /** The upload's upright size: crops are in its pixels. */
  picture: { width: number; height: number };
  format: PlatformFormat;
  /** The crop the target was rendered with, in upright picture pixels. */
  start: CropRect;
  saving: boolean;
  onSave: (crop: CropRect) => void;
  onClose: () => void;
}) {
  const aspect = format.width / format.height;
  // The zoom the start crop is at: the frame at zoom 1 spans the picture along its limiting side.
  const largest = picture.width >= picture.height * aspect ? picture.height * aspect : picture.width;
  const startZoom = start.width > 0 ? Math.min(HAND_ZOOM_MAX, largest / start.width) : 1;
  // An extended canvas can be wider than ZOOM_MIN reaches (a banner of a portrait): it still opens as it is.
  const minZoom = Math.min(ZOOM_MIN, startZoom);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(startZoom);
  // The cropper reports its area once the picture has loaded and after every move; until then, the start.
  const [area, setArea] = useState<CropRect>(start);
  const track = (shown: CropRect) => setArea(pictureArea(shown, picture, aspect, zoom >= 1));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Adjust framing: ${format.description}`}
      description="Drag the picture and zoom to frame this format by hand. A format framed by hand downloads like the Single Image tool: it uses one of your free downloads, or a payment if this photo has none."
    >
      <div className="relative h-64 w-full overflow-hidden rounded-lg bg-slate-800" data-testid="framing-cropper">
        <Cropper
          image={pictureUrl}
          crop={position}
          zoom={zoom}
          minZoom={minZoom}
          maxZoom={HAND_ZOOM_MAX}
          aspect={aspect}
          cropShape={format.profile ? 'round' : 'rect'}
          restrictPosition={zoom >= 1}
          objectFit="contain"
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropAreaChange={track}
          onCropComplete={track}
          initialCroppedAreaPercentages={areaPercentages(start, picture, aspect, startZoom)}
        />
      </div>
      <label className="mt-4 block text-sm font-medium text-slate-700">
        Zoom: {zoom.toFixed(2)}x
        <input
          type="range"
          className="mt-1 block w-full accent-brand-600"
          min={minZoom}
          max={HAND_ZOOM_MAX}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={saving}
          onClick={() =>
            onSave({
              x: Math.round(area.x),
              y: Math.round(area.y),
              width: Math.round(area.width),
              height: Math.round(area.height),
            })
          }
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Dialog>
  );
}
