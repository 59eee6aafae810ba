import type { Dispatch, SetStateAction } from 'react';
import { ZOOM_MAX, ZOOM_MIN } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import type { Adjustment } from './adjustment';
import { DEFAULT_ZOOM, ZOOM_STEP, ZOOM_TICKS } from './rules';

/** The zoom slider with its ticks, Undo and Reset zoom; each change is remembered for Undo first. */
export function ZoomControls({
  adjustment,
  onAdjust,
  canUndo,
  remember,
  undo,
}: {
  adjustment: Adjustment;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  canUndo: boolean;
  remember: () => void;
  undo: () => void;
}) {
  return (
    <>
      <div className="mt-3 flex items-center justify-between gap-2">
        <label className="block text-sm font-medium text-slate-700" htmlFor="zoom">
          Zoom: {adjustment.zoom.toFixed(2)}x
        </label>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" disabled={!canUndo} onClick={undo}>
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
        // Tall enough to take a thumb on a phone.
        className="mt-1 h-8 w-full cursor-pointer accent-brand-600"
      />
      <div className="relative h-4 text-xs text-slate-500" aria-hidden="true">
        {ZOOM_TICKS.map((tick) => {
          const at = (tick - ZOOM_MIN) / (ZOOM_MAX - ZOOM_MIN);
          // Centred on its point, except at the ends, where it would be cut off.
          const align = at === 0 ? '' : at === 1 ? '-translate-x-full' : '-translate-x-1/2';
          return (
            <span key={tick} className={`absolute whitespace-nowrap ${align}`} style={{ left: `${at * 100}%` }}>
              {tick}x
            </span>
          );
        })}
      </div>
    </>
  );
}
