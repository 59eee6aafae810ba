import { useState, type Dispatch, type SetStateAction } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import type { Fill } from '../../../shared/fill';
import { ZOOM_MAX } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import type { Adjustment } from './adjustment';
import { areaPercentages, pictureArea } from '../tool-kit/crop-area';
import { cropBox } from './rules';
import { SafeZoneOverlay } from './safe-zone-overlay';

/**
 * The cropper over the fill the file will have (a colour, the blurred picture, or a checkerboard for
 * transparency), with the format's safe zone drawn on top. Its box (rules.ts cropBox) uses the
 * width it is given, so on a phone a story's frame is most of the screen wide; its parent must be
 * a size container (`@container`).
 */
export function CropEditor({
  pictureUrl,
  picture,
  adjustment,
  onAdjust,
  fill,
  initialArea,
  minZoom,
  onInteractionStart,
}: {
  /** Where the picture is shown from (shown-picture.ts). */
  pictureUrl: string;
  /** The picture's own size: the framing is in its pixels, whatever size the file shown. */
  picture: { width: number; height: number };
  adjustment: Adjustment;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  fill: Fill;
  /** The framing the cropper opens on (it reads it once, when the picture loads). */
  initialArea: Area | undefined;
  /** ZOOM_MIN, or the first framing's zoom where it opened wider. */
  minZoom: number;
  onInteractionStart: () => void;
}) {
  const [cropSize, setCropSize] = useState<{ width: number; height: number } | null>(null);
  const { format } = adjustment;
  const aspect = format.width / format.height;
  const box = cropBox(aspect, picture.width / picture.height);
  const restrict = adjustment.zoom >= 1;
  return (
    <div
      className={cn(
        'relative mx-auto overflow-hidden rounded-lg',
        fill.kind === 'transparent'
          ? 'bg-[repeating-conic-gradient(#cbd5e1_0_25%,#f8fafc_0_50%)] bg-[length:16px_16px]'
          : 'bg-slate-800',
      )}
      style={{
        width: box.width,
        height: box.height,
        ...(fill.kind === 'color' ? { backgroundColor: fill.color } : {}),
      }}
      data-testid="crop-preview"
      data-fill={fill.kind}
      data-fit={box.objectFit}
    >
      {fill.kind === 'blur' ? (
        <img
          src={pictureUrl}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 h-full w-full scale-110 object-cover blur-xl brightness-90"
        />
      ) : null}
      <Cropper
        image={pictureUrl}
        crop={adjustment.crop}
        zoom={adjustment.zoom}
        minZoom={minZoom}
        maxZoom={ZOOM_MAX}
        aspect={aspect}
        cropShape={format.profile ? 'round' : 'rect'}
        restrictPosition={restrict}
        objectFit={box.objectFit}
        onCropChange={(crop) => onAdjust((a) => a && { ...a, crop })}
        onZoomChange={(zoom) => onAdjust((a) => a && { ...a, zoom })}
        onCropComplete={(shown) => onAdjust((a) => a && { ...a, area: pictureArea(shown, picture, aspect, restrict) })}
        // Also while it moves, and when Undo or Reset moves it (the preview follows).
        onCropAreaChange={(shown) =>
          onAdjust((a) => a && { ...a, area: pictureArea(shown, picture, aspect, restrict) })
        }
        onInteractionStart={onInteractionStart}
        onCropSizeChange={setCropSize}
        initialCroppedAreaPercentages={initialArea && areaPercentages(initialArea, picture, aspect, adjustment.zoom)}
      />
      <SafeZoneOverlay format={format} size={cropSize} />
    </div>
  );
}
