import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName, PLATFORMS } from '../../../shared/platforms';
import { ZOOM_MAX, ZOOM_MIN, type UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { platformFormatsQuery } from '../tools/queries';
import { DEFAULT_ZOOM, formatForPlatform, isWideFormat, previewHeight, ZOOM_STEP, ZOOM_TICKS } from './rules';
import { FormatOptions } from '../tools/format-options';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';

/**
 * The format and framing. `area` is the cropper's croppedAreaPixels; the cropper opens on it (its
 * initialCroppedAreaPixels) when it mounts again: back from the download step, or an address with
 * the request reopened.
 */
export type Adjustment = { format: PlatformFormat; crop: Point; zoom: number; area: Area | null };

type Props = {
  upload: UploadResponse;
  platform: string;
  adjustment: Adjustment | null;
  onPlatform: (platform: string) => void;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
};

/** The selected format's safe zone drawn over the crop area, so people see what the platform cuts. */
function SafeZoneOverlay({ format, size }: { format: PlatformFormat; size: { width: number; height: number } | null }) {
  const zone = format.safeZone;
  if (!zone || zone.shape !== 'rect' || !size) return null;
  const sx = size.width / format.width;
  const sy = size.height / format.height;
  return (
    <div
      className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2"
      style={{ width: size.width, height: size.height }}
      aria-hidden="true"
    >
      <div
        data-testid="safe-zone"
        className="absolute border-2 border-dashed border-amber-300/90"
        style={{ left: zone.x * sx, top: zone.y * sy, width: zone.width * sx, height: zone.height * sy }}
      />
    </div>
  );
}

/** Step 2: platform, format, zoom and position. */
export function AdjustStep({ upload, platform, adjustment, onPlatform, onAdjust, onBack, onNext, busy }: Props) {
  const formatsQuery = useQuery(platformFormatsQuery);
  const formats = useMemo(() => formatsQuery.data ?? [], [formatsQuery.data]);
  const [cropSize, setCropSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    if (formatsQuery.isError)
      toast({
        title: 'Error',
        description: 'Failed to load format options. Please try again later.',
        variant: 'destructive',
      });
  }, [formatsQuery.isError]);

  // The first format of the platform is chosen when none is, or the chosen one is another platform's.
  useEffect(() => {
    if (formats.length === 0) return;
    const format = formatForPlatform(formats, platform, adjustment?.format.id ?? null);
    if (format && format.id !== adjustment?.format.id)
      onAdjust({ format, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM, area: null });
  }, [formats, platform, adjustment?.format.id, onAdjust]);

  const format = adjustment?.format ?? null;
  // The framing the step opens on (the cropper reads it once, when the picture loads).
  const [initialArea] = useState(() => adjustment?.area ?? undefined);
  const aspect = format ? format.width / format.height : 1;
  const imageUrl = `/uploads/${upload.path.split('/').pop() ?? ''}`;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700">
          Platform
          <select
            className={cn(inputClass, 'mt-1')}
            value={platform}
            onChange={(event) => onPlatform(event.target.value)}
          >
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformName(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Format
          <select
            className={cn(inputClass, 'mt-1')}
            value={format?.id ?? ''}
            disabled={formats.length === 0}
            onChange={(event) => {
              const next = formats.find((f) => f.id === Number(event.target.value));
              // A new format starts from the middle at the default zoom.
              if (next) onAdjust({ format: next, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM, area: null });
            }}
          >
            {formats.length === 0 ? <option value="">Loading formats...</option> : null}
            <FormatOptions formats={formats.filter((f) => f.platform === platform)} />
          </select>
        </label>
      </div>

      {format ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
          data-testid="format-card"
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{format.description}</p>
            <p className="text-sm text-slate-600">
              {format.width} × {format.height} px · aspect ratio {format.aspectRatio}
            </p>
            {format.safeZone ? <p className="mt-1 text-xs text-slate-500">{format.safeZone.note}</p> : null}
          </div>
          {isWideFormat(aspect) ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
              Wide Format
            </span>
          ) : null}
        </div>
      ) : null}

      {format && adjustment ? (
        <div>
          <div
            className="relative w-full overflow-hidden rounded-lg bg-slate-800"
            style={{ height: previewHeight(aspect) }}
            data-testid="crop-preview"
          >
            <Cropper
              image={imageUrl}
              crop={adjustment.crop}
              zoom={adjustment.zoom}
              minZoom={ZOOM_MIN}
              maxZoom={ZOOM_MAX}
              aspect={aspect}
              cropShape={format.profile ? 'round' : 'rect'}
              restrictPosition={adjustment.zoom >= 1}
              objectFit="contain"
              onCropChange={(crop) => onAdjust((a) => a && { ...a, crop })}
              onZoomChange={(zoom) => onAdjust((a) => a && { ...a, zoom })}
              onCropComplete={(_area, area) => onAdjust((a) => a && { ...a, area })}
              onCropSizeChange={setCropSize}
              initialCroppedAreaPixels={initialArea}
            />
            <SafeZoneOverlay format={format} size={cropSize} />
          </div>
          <div className="mt-4 flex items-center justify-between gap-2">
            <label className="block text-sm font-medium text-slate-700" htmlFor="zoom">
              Zoom: {adjustment.zoom.toFixed(2)}x
            </label>
            <Button
              size="sm"
              variant="ghost"
              disabled={adjustment.zoom === DEFAULT_ZOOM && adjustment.crop.x === 0 && adjustment.crop.y === 0}
              onClick={() => onAdjust((a) => a && { ...a, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM })}
            >
              Reset zoom
            </Button>
          </div>
          <input
            id="zoom"
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            value={adjustment.zoom}
            onChange={(event) => {
              const zoom = Number(event.target.value);
              onAdjust((a) => a && { ...a, zoom });
            }}
            className="mt-2 w-full accent-brand-600"
          />
          <div className="relative mt-1 h-4 text-xs text-slate-500" aria-hidden="true">
            {ZOOM_TICKS.map((tick) => (
              <span
                key={tick}
                className="absolute -translate-x-1/2"
                style={{ left: `${((tick - ZOOM_MIN) / (ZOOM_MAX - ZOOM_MIN)) * 100}%` }}
              >
                {tick}x
              </span>
            ))}
          </div>
        </div>
      ) : (
        <div className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
          Select a format to preview and adjust your image
        </div>
      )}

      <div className="flex justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button disabled={!format || busy} onClick={onNext}>
          Next: Download
        </Button>
      </div>
    </div>
  );
}
