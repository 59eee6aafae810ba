import type { Dispatch, SetStateAction } from 'react';
import { ZOOM_MAX } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import type { Adjustment } from './adjustment';
import { ZOOM_STEP, ZOOM_TICKS } from './rules';

/**
 * The zoom slider with its ticks, Undo, and Reset zoom (back to the framing the format opened on);
 * each change is remembered for Undo first.
 */
export function ZoomControls({
  adjustment,
  onAdjust,
  canUndo,
  remember,
  undo,
  atStart,
  reset,
  minZoom,
}: {
  adjustment: Adjustment;
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>;
  canUndo: boolean;
  remember: () => void;
  undo: () => void;
  /** The framing is the one the format opened on: nothing to reset. */
  atStart: boolean;
  reset: () => void;
  /** ZOOM_MIN, or the first framing's zoom where it opened wider. */
  minZoom: number;
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
          <Button size="sm" variant="ghost" disabled={atStart} onClick={reset}>
            Reset zoom
          </Button>
        </div>
      </div>
      <input
        id="zoom"
        type="range"
        min={minZoom}
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
          const at = (tick - minZoom) / (ZOOM_MAX - minZoom);
          // Centred on its point, except near the ends, where it would be cut off.
          const align = at < 0.05 ? '' : at > 0.95 ? '-translate-x-full' : '-translate-x-1/2';
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
