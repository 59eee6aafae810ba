import { useState } from 'react';
import Cropper from 'react-easy-crop';
import type { CropRect } from '../../../shared/crop';
import type { PlatformFormat } from '../../../shared/formats';
import { HAND_ZOOM_MAX, ZOOM_MIN } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * "Adjust framing" for one finished target: the cropper on the source picture at the target's shape,
 * opening on the crop the server used (zoom up to HAND_ZOOM_MAX, so a small face can fill a profile
 * circle); Save sends the new crop. A crop framed by hand is the user's
 * own, as in the Single Image tool, and downloads on its terms (docs/product.md, "Free downloads").
 */
export function AdjustFramingDialog({
  imageUrl,
  format,
  start,
  saving,
  onSave,
  onClose,
}: {
  imageUrl: string;
  format: PlatformFormat;
  /** The crop the target was rendered with, in upright picture pixels. */
  start: CropRect;
  saving: boolean;
  onSave: (crop: CropRect) => void;
  onClose: () => void;
}) {
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  // The cropper reports its area once the picture has loaded and after every move; until then, the start.
  const [area, setArea] = useState<CropRect>(start);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Adjust framing: ${format.description}`}
      description="Drag the picture and zoom to frame this format by hand. A format framed by hand downloads like the Single Image tool: it uses one of your free downloads, or a payment if this photo has none."
    >
      <div className="relative h-64 w-full overflow-hidden rounded-lg bg-slate-800" data-testid="framing-cropper">
        <Cropper
          image={imageUrl}
          crop={position}
          zoom={zoom}
          minZoom={ZOOM_MIN}
          maxZoom={HAND_ZOOM_MAX}
          aspect={format.width / format.height}
          cropShape={format.profile ? 'round' : 'rect'}
          restrictPosition={zoom >= 1}
          objectFit="contain"
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropAreaChange={(_area, pixels) => setArea(pixels)}
          onCropComplete={(_area, pixels) => setArea(pixels)}
          initialCroppedAreaPixels={start}
        />
      </div>
      <label className="mt-4 block text-sm font-medium text-slate-700">
        Zoom: {zoom.toFixed(2)}x
        <input
          type="range"
          className="mt-1 block w-full accent-brand-600"
          min={ZOOM_MIN}
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
