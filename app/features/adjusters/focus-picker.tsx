import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { planRegionCrop, type CropRect } from '../../../shared/crop';
import type { Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import { Button } from '../../components/ui/button';
import { OutputPreview } from '../single-image/output-preview';

const NUDGE = 0.02;

/**
 * "Keep this": drag a box on the picture, or tap a point; arrow keys move it (a point appears in
 * the middle first). Coordinates are the upright picture's pixels, as the server takes them.
 */
export function FocusPicker({
  imageUrl,
  picture,
  value,
  onChange,
}: {
  imageUrl: string;
  picture: { width: number; height: number };
  value: CropRect | null;
  onChange: (focus: CropRect | null) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);

  const toPicture = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: Math.min(picture.width, Math.max(0, ((event.clientX - rect.left) / rect.width) * picture.width)),
      y: Math.min(picture.height, Math.max(0, ((event.clientY - rect.top) / rect.height) * picture.height)),
    };
  };
  const boxFrom = (a: { x: number; y: number }, b: { x: number; y: number }): CropRect => {
    // A tap (a few pixels on screen) is a point.
    const tiny = Math.hypot(a.x - b.x, a.y - b.y) < picture.width * 0.01;
    return tiny
      ? { x: a.x, y: a.y, width: 0, height: 0 }
      : { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
  };

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const box = value ?? { x: picture.width / 2, y: picture.height / 2, width: 0, height: 0 };
    const x = Math.min(picture.width - box.width, Math.max(0, box.x + move[0] * NUDGE * picture.width));
    const y = Math.min(picture.height - box.height, Math.max(0, box.y + move[1] * NUDGE * picture.height));
    onChange({ ...box, x, y });
  }

  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <div className="grid gap-2">
      <div
        ref={frame}
        role="application"
        tabIndex={0}
        aria-label="Keep this: drag a box on the picture, or tap a point; arrow keys move it"
        className="relative w-fit max-w-full cursor-crosshair touch-none overflow-hidden rounded-md select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          const at = toPicture(event);
          setStart(at);
          onChange({ ...at, width: 0, height: 0 });
        }}
        onPointerMove={(event) => {
          if (start) onChange(boxFrom(start, toPicture(event)));
        }}
        onPointerUp={(event) => {
          if (start) onChange(boxFrom(start, toPicture(event)));
          setStart(null);
        }}
        onKeyDown={onKeyDown}
        data-testid="focus-frame"
      >
        <img src={imageUrl} alt="" draggable={false} className="block max-h-60 w-auto max-w-full" />
        {value ? (
          value.width > 0 && value.height > 0 ? (
            <div
              data-testid="focus-box"
              className="pointer-events-none absolute border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.45)] outline outline-1 outline-slate-900"
              style={{
                left: pct(value.x, picture.width),
                top: pct(value.y, picture.height),
                width: pct(value.width, picture.width),
                height: pct(value.height, picture.height),
              }}
            />
          ) : (
            <div
              data-testid="focus-box"
              className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow"
              style={{ left: pct(value.x, picture.width), top: pct(value.y, picture.height) }}
            />
          )
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span aria-live="polite">
          {value
            ? value.width > 0
              ? `Every format keeps this box whole (${Math.round(value.width)} × ${Math.round(value.height)} px).`
              : 'Every format centres on this point.'
            : 'No box: each format is framed automatically.'}
        </span>
        {value ? (
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            Clear
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The selected targets as they will come out with the box kept, drawn in the browser from the same
 * crop plan the server renders (shared/crop.ts), so they update at once.
 */
export function FocusPreviews({
  imageUrl,
  picture,
  focus,
  targets,
  fill,
}: {
  imageUrl: string;
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
              imageUrl={imageUrl}
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
