/**
 * The compare view's state (compare-view.tsx): the fit, the zoom and pan shared by both layers, the
 * split, and what pointer, double-click and keys do to them.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/**
 * The view's height at most (CSS pixels), and as a share of the screen's height: the step's
 * buttons and the quality slider stay on screen with it, on a phone too (a quarter, with the row
 * naming Before and After above it).
 */
const MAX_HEIGHT = 320;
const MAX_SCREEN_SHARE = 0.25;
/** Zoom levels in file pixels per CSS pixel, beyond the fit. */
const LEVELS = [0.5, 1, 2, 4, 8];
/** How far an arrow key moves a zoomed view (CSS pixels) or the split (share of the width). */
const PAN_STEP = 40;
const SPLIT_STEP = 0.05;

export type Offset = { x: number; y: number };

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

const within = (value: number) => Math.min(1, Math.max(0, value));

/** The view of an output `width` × `height` pixels. */
export function useCompareView(width: number, height: number) {
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
  const endDrag = () => {
    drag.current = null;
  };
  /** What the view's frame listens to. */
  const frameEvents = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      const kind = (event.target as HTMLElement).closest('[data-split-handle]') ? 'split' : 'pan';
      const at = place(event);
      drag.current = { kind, x: at.x, y: at.y, from: offset };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const current = drag.current;
      if (!current) return;
      const at = place(event);
      if (current.kind === 'split') setSplit(within(at.x / boxWidth));
      else setPan(clamp({ x: current.from.x + at.x - current.x, y: current.from.y + at.y - current.y }, scale));
    },
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onDoubleClick: (event: MouseEvent) => zoomIn(place(event)),
    onKeyDown: (event: KeyboardEvent) => {
      const moves: Record<string, Offset> = {
        ArrowLeft: { x: PAN_STEP, y: 0 },
        ArrowRight: { x: -PAN_STEP, y: 0 },
        ArrowUp: { x: 0, y: PAN_STEP },
        ArrowDown: { x: 0, y: -PAN_STEP },
      };
      const move = moves[event.key];
      if (event.key === '+' || event.key === '=') zoomIn();
      else if (event.key === '-') zoomOut();
      else if (move && zoom !== null) setPan(clamp({ x: offset.x + move.x, y: offset.y + move.y }, scale));
      else return;
      event.preventDefault();
    },
  };
  const onSplitKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: -SPLIT_STEP,
      ArrowDown: -SPLIT_STEP,
      ArrowRight: SPLIT_STEP,
      ArrowUp: SPLIT_STEP,
    };
    if (event.key === 'Home') setSplit(0);
    else if (event.key === 'End') setSplit(1);
    else if (event.key in moves) setSplit((s) => within(s + (moves[event.key] ?? 0)));
    else return;
    event.preventDefault();
  };

  return {
    frame,
    boxHeight,
    scale,
    offset,
    zoomed: zoom !== null,
    split,
    frameEvents,
    onSplitKey,
    canZoomIn: larger !== null,
    zoomIn: () => zoomIn(),
    zoomOut,
    fitWhole: () => zoomTo(null),
  };
}
