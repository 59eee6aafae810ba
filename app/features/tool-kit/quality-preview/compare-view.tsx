/**
 * Before and after over the same view, as Squoosh shows them: the output uncompressed on the left
 * of a split the user drags, the chosen quality's result on the right, both zoomed and panned
 * together so compression artefacts can be looked at up close (docs/product.md, "Quality preview").
 */
import type { KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { CompareLayer } from './compare-layer';
import { CompareZoomBar } from './compare-zoom-bar';
import { useCompareView } from './use-compare-view';

export function CompareView({
  before,
  after,
  width,
  height,
  afterLabel,
}: {
  before: ImageBitmap | null;
  after: ImageBitmap | null;
  /** The output's size in pixels. */
  width: number;
  height: number;
  /** 'JPEG, quality 40' */
  afterLabel: string;
}) {
  const {
    frame,
    frameEvents,
    boxHeight,
    scale,
    offset,
    zoomed,
    split,
    onSplitKey,
    canZoomIn,
    zoomIn,
    zoomOut,
    fitWhole,
  } = useCompareView(width, height);
  const layer = { width, height, scale, offset };
  return (
    <div className="w-full space-y-1" data-testid="quality-compare">
      {/* Named above the view, not over it: a logo filling a square frame is not covered. */}
      <div className="flex justify-between gap-2 text-xs font-medium text-slate-700" aria-hidden="true">
        <span>Before</span>
        <span>{afterLabel}</span>
      </div>
      <div
        ref={frame}
        data-layers
        role="group"
        aria-label="Before and after: drag the handle to compare, zoom in to see the compression, drag to move"
        tabIndex={0}
        {...frameEvents}
        data-zoom={scale.toFixed(3)}
        className={cn(
          'relative w-full touch-none overflow-hidden rounded-md bg-slate-100 select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          zoomed ? 'cursor-grab' : 'cursor-default',
        )}
        style={{ height: boxHeight }}
      >
        <CompareLayer bitmap={before} {...layer} label="Before: your picture uncompressed" />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split * 100}%)` }}>
          <CompareLayer bitmap={after ?? before} {...layer} label={`After: ${afterLabel}`} />
        </div>
        <SplitHandle split={split} onKeyDown={onSplitKey} />
      </div>
      <CompareZoomBar
        scale={scale}
        zoomed={zoomed}
        canZoomIn={canZoomIn}
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
        onFit={fitWhole}
      />
    </div>
  );
}

/** The split's handle: dragged with the view's pointer (it finds the handle), moved by keys here. */
function SplitHandle({ split, onKeyDown }: { split: number; onKeyDown: (event: KeyboardEvent) => void }) {
  const percent = Math.round(split * 100);
  return (
    <div
      data-split-handle
      role="slider"
      tabIndex={0}
      aria-label="Before and after split"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% before`}
      onKeyDown={onKeyDown}
      className="absolute top-0 bottom-0 flex w-8 -translate-x-1/2 cursor-ew-resize justify-center focus-visible:outline-none [&:focus-visible>span]:ring-2 [&:focus-visible>span]:ring-brand-500"
      style={{ left: `${split * 100}%` }}
    >
      <span className="h-full w-0.5 bg-[#fff] shadow-[0_0_2px_rgba(15,23,42,0.9)]" />
      <span className="absolute top-1/2 h-7 w-7 -translate-y-1/2 rounded-full border-2 border-[#fff] bg-[rgba(15,23,42,0.78)] shadow" />
    </div>
  );
}
