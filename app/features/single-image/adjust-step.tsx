import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import type { PlatformFormat } from '../../../shared/formats';
import { ZOOM_MAX, ZOOM_MIN, type UploadResponse } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { platformFormatsQuery } from '../tools/queries';
import { DEFAULT_ZOOM, isWideFormat, previewHeight, ZOOM_STEP, ZOOM_TICKS } from './rules';
import { suggestFormats } from '../tools/format-choice';
import { FormatPicker } from '../tools/format-picker';
import { OutputPreview } from './output-preview';
import { FillPicker, useEdgeColour } from '../tools/fill-picker';
import { readOutputSettings } from '../tools/output-settings';
import { transparencyRefusal, type Fill } from '../../../shared/fill';
import { cn } from '../../lib/cn';

/**
 * The format and framing. `area` is the cropper's croppedAreaPixels; the cropper opens on it (its
 * initialCroppedAreaPixels) when it mounts again: back from the download step, or an address with
 * the request reopened.
 */
export type Adjustment = { format: PlatformFormat; crop: Point; zoom: number; area: Area | null };

type Framing = Pick<Adjustment, 'crop' | 'zoom'>;
/** How many crop and zoom changes Undo can take back. */
const UNDO_DEPTH = 20;

type Props = {
  upload: UploadResponse;
  platform: string;
  adjustment: Adjustment | null;
  onPlatform: (platform: string) => void;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
  /** What fills the frame where the picture does not reach. */
  fill: Fill;
  onFill: (fill: Fill) => void;
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
export function AdjustStep({
  upload,
  platform,
  adjustment,
  onPlatform,
  onAdjust,
  onBack,
  onNext,
  busy,
  fill,
  onFill,
}: Props) {
  const formatsQuery = useQuery(platformFormatsQuery);
  const formats = useMemo(() => formatsQuery.data ?? [], [formatsQuery.data]);
  const [cropSize, setCropSize] = useState<{ width: number; height: number } | null>(null);
  // Framings before each change of crop or zoom, newest last, for Undo (a new format starts afresh).
  const [history, setHistory] = useState<Framing[]>([]);
  const remember = () => {
    if (adjustment) setHistory((h) => [...h.slice(1 - UNDO_DEPTH), { crop: adjustment.crop, zoom: adjustment.zoom }]);
  };
  const undo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    onAdjust((a) => a && { ...a, ...last });
  };
  // Ctrl/Cmd+Z undoes here too, except inside a text field, which keeps its own undo.
  const onUndoKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
    if (target instanceof Element && target.closest('input[type="search"], input[type="text"], textarea')) return;
    if (history.length === 0) return;
    event.preventDefault();
    undo();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onUndoKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    if (formatsQuery.isError)
      toast({
        title: 'Error',
        description: 'Failed to load format options. Please try again later.',
        variant: 'destructive',
      });
  }, [formatsQuery.isError]);

  // A fresh picture opens on the popular format nearest its shape, with that format's platform shown.
  const suggested =
    formats.length > 0 && !adjustment ? suggestFormats(formats, upload.width / upload.height)[0] : undefined;
  useEffect(() => {
    if (!suggested) return;
    onPlatform(suggested.platform);
    onAdjust({ format: suggested, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM, area: null });
  }, [suggested, onPlatform, onAdjust]);

  const format = adjustment?.format ?? null;
  // The framing the step opens on (the cropper reads it once, when the picture loads).
  const [initialArea] = useState(() => adjustment?.area ?? undefined);
  const aspect = format ? format.width / format.height : 1;
  const imageUrl = `/uploads/${upload.path.split('/').pop() ?? ''}`;
  const edge = useEdgeColour(imageUrl);
  const refused = format ? transparencyRefusal([format], readOutputSettings().type) : null;
  // Where transparency is refused, the file gets white; the editor shows what the file will hold.
  const shownFill: Fill = fill.kind === 'transparent' && refused ? { kind: 'color', color: '#ffffff' } : fill;
  const area = adjustment?.area;
  const reachesOut =
    !!area &&
    (area.x < -0.5 ||
      area.y < -0.5 ||
      area.x + area.width > upload.width + 0.5 ||
      area.y + area.height > upload.height + 0.5);

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <div>
          {formats.length === 0 ? (
            <p className="text-sm text-slate-600">Loading formats...</p>
          ) : (
            <FormatPicker
              formats={formats}
              value={format}
              platform={platform}
              onPlatform={onPlatform}
              aspect={upload.width / upload.height}
              // A new format starts from the middle at the default zoom.
              onChange={(next) => {
                setHistory([]);
                onAdjust({ format: next, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM, area: null });
              }}
            />
          )}
        </div>
        <div className="space-y-4">
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
                className={cn(
                  'relative w-full overflow-hidden rounded-lg',
                  shownFill.kind === 'transparent'
                    ? 'bg-[repeating-conic-gradient(#cbd5e1_0_25%,#f8fafc_0_50%)] bg-[length:16px_16px]'
                    : 'bg-slate-800',
                )}
                style={{
                  height: previewHeight(aspect),
                  ...(shownFill.kind === 'color' ? { backgroundColor: shownFill.color } : {}),
                }}
                data-testid="crop-preview"
                data-fill={shownFill.kind}
              >
                {shownFill.kind === 'blur' ? (
                  <img
                    src={imageUrl}
                    alt=""
                    aria-hidden="true"
                    className="absolute inset-0 h-full w-full scale-110 object-cover blur-xl brightness-90"
                  />
                ) : null}
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
                  // Also while it moves, and when Undo or Reset moves it (the preview follows).
                  onCropAreaChange={(_area, area) => onAdjust((a) => a && { ...a, area })}
                  onInteractionStart={remember}
                  onCropSizeChange={setCropSize}
                  initialCroppedAreaPixels={initialArea}
                />
                <SafeZoneOverlay format={format} size={cropSize} />
              </div>
              <div className="mt-4 flex items-center justify-between gap-2">
                <label className="block text-sm font-medium text-slate-700" htmlFor="zoom">
                  Zoom: {adjustment.zoom.toFixed(2)}x
                </label>
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" disabled={history.length === 0} onClick={undo}>
                    Undo
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={adjustment.zoom === DEFAULT_ZOOM && adjustment.crop.x === 0 && adjustment.crop.y === 0}
                    onClick={() => {
                      remember();
                      onAdjust((a) => a && { ...a, crop: { x: 0, y: 0 }, zoom: DEFAULT_ZOOM });
                    }}
                  >
                    Reset zoom
                  </Button>
                </div>
              </div>
              <input
                id="zoom"
                type="range"
                min={ZOOM_MIN}
                max={ZOOM_MAX}
                step={ZOOM_STEP}
                value={adjustment.zoom}
                onPointerDown={remember}
                onKeyDown={(event) => {
                  if (/^(Arrow|Page|Home|End)/.test(event.key)) remember();
                }}
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
              {reachesOut ? (
                <div className="mt-4">
                  <FillPicker value={fill} onChange={onFill} edge={edge} transparencyRefused={refused} />
                </div>
              ) : null}
              <div className="mt-6">
                <OutputPreview imageUrl={imageUrl} format={format} area={adjustment.area} fill={shownFill} />
              </div>
            </div>
          ) : (
            <div className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
              Select a format to preview and adjust your image
            </div>
          )}
        </div>
      </div>

      {/* Kept in view while the picker and the framing scroll past. */}
      <div className="sticky bottom-0 z-10 -mx-6 flex justify-between border-t border-slate-200 bg-white/95 px-6 py-3 backdrop-blur">
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
