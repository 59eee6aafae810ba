/**
 * Before and after over the same view, as Squoosh shows them: the output uncompressed on the left
 * of a split the user drags, the chosen quality's result on the right, both zoomed and panned
 * together so compression artefacts can be looked at up close (docs/product.md, "Quality preview").
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { cn } from '../../../lib/cn';

/**
 * The view's height at most (CSS pixels), and as a share of the screen's height: the step's
 * buttons and the quality slider stay on screen with it, on a phone too (a quarter, with the row
 * naming Before and After above it).
 */
const MAX_HEIGHT = 320;
const MAX_SCREEN_SHARE = 0.25;
/** Zoom levels in file pixels per CSS pixel, beyond the fit. */
const LEVELS = [0.5, 1, 2, 4, 8];

type Offset = { x: number; y: number };

function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    // Without ResizeObserver (jsdom) the view keeps its first layout.
    if (!target || typeof ResizeObserver === 'undefined') return;
    // The observer reports the first size too, right after observe().
    const observer = new ResizeObserver(() => setWidth(target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

function Layer({
  bitmap,
  width,
  height,
  scale,
  offset,
  label,
}: {
  bitmap: ImageBitmap | null;
  width: number;
  height: number;
  scale: number;
  offset: Offset;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !bitmap) return;
    context.drawImage(bitmap, 0, 0);
  }, [bitmap]);
  return (
    <canvas
      ref={canvas}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      className="absolute top-0 left-0 max-w-none origin-top-left"
      style={{
        width,
        height,
        transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})`,
        // Past one file pixel per screen pixel, each pixel shown as a square: artefacts stay sharp.
        imageRendering: scale * (window.devicePixelRatio || 1) >= 2 ? 'pixelated' : 'auto',
      }}
    />
  );
}

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
  const frame = useRef<HTMLDivElement>(null);
  const boxWidth = useWidth(frame);
  const most = Math.min(MAX_HEIGHT, Math.round(window.innerHeight * MAX_SCREEN_SHARE));
  const boxHeight = Math.max(1, Math.min(most, Math.round((boxWidth * height) / width)));
  const fit = boxWidth > 0 ? Math.min(boxWidth / width, boxHeight / height) : 1;
  const [zoom, setZoom] = useState<number | null>(null);
  const scale = zoom ?? fit;
  const [pan, setPan] = useState<Offset>({ x: 0, y: 0 });
  const [split, setSplit] = useState(0.5);
  const drag = useRef<{ kind: 'split' | 'pan'; x: number; y: number; from: Offset } | null>(null);

  /** The offset kept inside the view: the picture centred where smaller, never dragged off. */
  const clamp = (offset: Offset, s: number): Offset => {
    const w = width * s;
    const h = height * s;
    return {
      x: w <= boxWidth ? (boxWidth - w) / 2 : Math.min(0, Math.max(boxWidth - w, offset.x)),
      y: h <= boxHeight ? (boxHeight - h) / 2 : Math.min(0, Math.max(boxHeight - h, offset.y)),
    };
  };
  const offset = clamp(pan, scale);

  /** Zooms to `next` (null: fit) keeping the point (view pixels) where it is. */
  const zoomTo = (next: number | null, at = { x: boxWidth / 2, y: boxHeight / 2 }) => {
    const s = next ?? fit;
    const fx = (at.x - offset.x) / scale;
    const fy = (at.y - offset.y) / scale;
    setZoom(next);
    setPan(clamp({ x: at.x - fx * s, y: at.y - fy * s }, s));
  };
  const larger = LEVELS.find((level) => level > scale * 1.01) ?? null;
  const smaller = [...LEVELS].reverse().find((level) => level < scale * 0.99 && level > fit) ?? null;
  const zoomIn = (at?: Offset) => larger !== null && zoomTo(larger, at);
  const zoomOut = () => zoomTo(smaller);

  const place = (event: MouseEvent) => {
    const box = frame.current?.getBoundingClientRect();
    return box ? { x: event.clientX - box.left, y: event.clientY - box.top } : { x: 0, y: 0 };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const kind = (event.target as HTMLElement).closest('[data-split-handle]') ? 'split' : 'pan';
    const at = place(event);
    drag.current = { kind, x: at.x, y: at.y, from: offset };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const at = place(event);
    if (current.kind === 'split') setSplit(Math.min(1, Math.max(0, at.x / boxWidth)));
    else setPan(clamp({ x: current.from.x + at.x - current.x, y: current.from.y + at.y - current.y }, scale));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onSplitKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -0.05, ArrowDown: -0.05, ArrowRight: 0.05, ArrowUp: 0.05 };
    if (event.key === 'Home') setSplit(0);
    else if (event.key === 'End') setSplit(1);
    else if (event.key in moves) setSplit((s) => Math.min(1, Math.max(0, s + (moves[event.key] ?? 0))));
    else return;
    event.preventDefault();
  };
  const onViewKey = (event: KeyboardEvent) => {
    const step = 40;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: step, y: 0 },
      ArrowRight: { x: -step, y: 0 },
      ArrowUp: { x: 0, y: step },
      ArrowDown: { x: 0, y: -step },
    };
    const move = moves[event.key];
    if (event.key === '+' || event.key === '=') zoomIn();
    else if (event.key === '-') zoomOut();
    else if (move && zoom !== null) setPan(clamp({ x: offset.x + move.x, y: offset.y + move.y }, scale));
    else return;
    event.preventDefault();
  };

  const percent = Math.round(scale * 100);
  const splitPercent = Math.round(split * 100);
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
        onKeyDown={onViewKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => zoomIn(place(event))}
        data-zoom={scale.toFixed(3)}
        className={cn(
          'relative w-full touch-none overflow-hidden rounded-md bg-slate-100 select-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          zoom !== null ? 'cursor-grab' : 'cursor-default',
        )}
        style={{ height: boxHeight }}
      >
        <Layer
          bitmap={before}
          width={width}
          height={height}
          scale={scale}
          offset={offset}
          label="Before: your picture uncompressed"
        />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split * 100}%)` }}>
          <Layer
            bitmap={after ?? before}
            width={width}
            height={height}
            scale={scale}
            offset={offset}
            label={`After: ${afterLabel}`}
          />
        </div>
        <div
          data-split-handle
          role="slider"
          tabIndex={0}
          aria-label="Before and after split"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={splitPercent}
          aria-valuetext={`${splitPercent}% before`}
          onKeyDown={onSplitKey}
          className="absolute top-0 bottom-0 flex w-8 -translate-x-1/2 cursor-ew-resize justify-center focus-visible:outline-none [&:focus-visible>span]:ring-2 [&:focus-visible>span]:ring-brand-500"
          style={{ left: `${split * 100}%` }}
        >
          <span className="h-full w-0.5 bg-[#fff] shadow-[0_0_2px_rgba(15,23,42,0.9)]" />
          <span className="absolute top-1/2 h-7 w-7 -translate-y-1/2 rounded-full border-2 border-[#fff] bg-[rgba(15,23,42,0.78)] shadow" />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">
        <button
          type="button"
          onClick={zoomOut}
          disabled={zoom === null}
          aria-label="Zoom out"
          className="h-8 w-8 rounded-md border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:opacity-50"
        >
          −
        </button>
        <button
          type="button"
          onClick={() => zoomIn()}
          disabled={larger === null}
          aria-label="Zoom in"
          className="h-8 w-8 rounded-md border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:opacity-50"
        >
          +
        </button>
        <button
          type="button"
          onClick={() => zoomTo(null)}
          disabled={zoom === null}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-slate-900 hover:bg-slate-50 disabled:opacity-50"
        >
          Fit
        </button>
        <span className="text-slate-600" data-testid="quality-zoom" aria-live="polite">
          {zoom === null ? `Whole picture (${percent}%)` : `${percent}% of the file's pixels`}
        </span>
      </div>
    </div>
  );
}
