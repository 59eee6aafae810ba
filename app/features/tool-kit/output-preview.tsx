import { useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { cn } from '../../lib/cn';
import { drawOutput } from './quality-preview/draw-output';
import { shownBitmap } from './shown-picture';

const LONG_SIDE = 220;

/** The preview's size in CSS pixels: the format's shape, its long side LONG_SIDE. */
export function previewBox(
  format: Pick<PlatformFormat, 'width' | 'height'>,
  longSide = LONG_SIDE,
): { width: number; height: number } {
  const aspect = format.width / format.height;
  return aspect >= 1
    ? { width: longSide, height: Math.max(8, Math.round(longSide / aspect)) }
    : { width: Math.max(8, Math.round(longSide * aspect)), height: longSide };
}

/**
 * The output as it will be, drawn while the user frames it: the format's true shape, the fill
 * where the framing leaves the picture (a colour, the blurred picture, or transparent shown as a
 * checkerboard; white where the output cannot keep transparency, with no checkerboard behind it),
 * the circle a profile format is shown in, and the platform's safe zone.
 */
export function OutputPreview({
  pictureUrl,
  picture,
  format,
  area,
  fill,
  opaque = format.opaque,
  longSide = LONG_SIDE,
}: {
  /** Where the picture is shown from (shown-picture.ts). */
  pictureUrl: string;
  /** The picture's own size: `area` is in its pixels. */
  picture: { width: number; height: number };
  format: PlatformFormat;
  area: Area | null;
  fill: Fill;
  /** The output holds no transparency: the format refuses it or the file type (JPEG) cannot hold it. */
  opaque?: boolean;
  longSide?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const box = previewBox(format, longSide);

  const { width: pictureWidth, height: pictureHeight } = picture;
  useEffect(() => {
    let live = true;
    shownBitmap(pictureUrl, { width: pictureWidth, height: pictureHeight }).then(
      (made) => live && setBitmap(made),
      () => undefined, // nothing drawn: the cropper shows the framing
    );
    return () => {
      live = false;
    };
  }, [pictureUrl, pictureWidth, pictureHeight]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !bitmap || !area) return;
    const scale = window.devicePixelRatio || 1;
    const width = Math.round(box.width * scale);
    const height = Math.round(box.height * scale);
    context.canvas.width = width;
    context.canvas.height = height;
    drawOutput(context, bitmap, pictureWidth, area, fill, opaque);
    const zone = format.safeZone;
    if (format.profile || zone?.shape === 'circle') {
      // What the circle hides, dimmed: the file stays square, the platform shows the circle.
      context.fillStyle = 'rgba(15, 23, 42, 0.55)';
      context.beginPath();
      context.rect(0, 0, width, height);
      context.arc(width / 2, height / 2, Math.min(width, height) / 2, 0, Math.PI * 2);
      context.fill('evenodd');
    }
    if (zone?.shape === 'rect') {
      const sx = width / format.width;
      const sy = height / format.height;
      context.setLineDash([6 * scale, 4 * scale]);
      context.lineWidth = 1.5 * scale;
      context.strokeStyle = 'rgba(252, 211, 77, 0.95)';
      context.strokeRect(zone.x * sx, zone.y * sy, zone.width * sx, zone.height * sy);
    }
  }, [bitmap, pictureWidth, area, format, fill, opaque, box.width, box.height]);

  return (
    <figure className="flex flex-col items-center gap-2" aria-label="Output preview">
      <div
        data-checkerboard={!opaque}
        className={cn(
          'rounded-md shadow-sm',
          !opaque && 'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:12px_12px]',
        )}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${format.description}, ${format.width} × ${format.height}, as it will be`}
          data-shape={format.profile ? 'circle' : 'rect'}
          style={{ width: box.width, height: box.height }}
          className="block"
        />
      </div>
      <figcaption className="text-center text-xs text-slate-500">
        {format.width} × {format.height}
        {format.profile ? ` · shown as a circle on ${platformName(format.platform)}` : ''}
        {format.safeZone?.shape === 'rect' ? ' · dashed line: safe zone' : ''}
      </figcaption>
    </figure>
  );
}
