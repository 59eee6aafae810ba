/**
 * The framing being made on the adjust step, as the address writes it (`frame=x,y,w,h,zoom,fill`),
 * so a reload finds the crop, zoom and fill as they were before Next records them with a request
 * (docs/product.md, "Work that survives"). A format change records a request at once; a crop that
 * moves waits for Next, and meanwhile lives here.
 */
import type { Area } from 'react-easy-crop';
import { useEffect } from 'react';
import { fillOfToken, fillToken, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { Adjustment } from './adjustment';
import { FRAME_PATTERN } from './steps';

export type Frame = { area: Area; zoom: number; fill: Fill };

/** `x,y,width,height,zoom,fill` in whole picture pixels. */
export function writeFrame(frame: Frame): string {
  const { x, y, width, height } = frame.area;
  return (
    [x, y, width, height].map((v) => Math.round(v)).join(',') + `,${frame.zoom.toFixed(2)},${fillToken(frame.fill)}`
  );
}

/** The frame the address holds, if it is one for `format`'s shape (a stale one of another format is not). */
export function readFrame(text: string | undefined, format: Pick<PlatformFormat, 'width' | 'height'>): Frame | null {
  if (!text || !FRAME_PATTERN.test(text)) return null;
  const [x, y, width, height, zoom, token] = text.split(',');
  const area = { x: Number(x), y: Number(y), width: Number(width), height: Number(height) };
  const fill = fillOfToken(token ?? '');
  if (!fill || area.width <= 0 || area.height <= 0) return null;
  const shape = area.width / area.height / (format.width / format.height);
  return Math.abs(shape - 1) < 0.02 ? { area, zoom: Number(zoom), fill } : null;
}

/** Writes the adjust step's framing to the address once the hand rests (browsers limit history writes). */
export function useFrameInAddress({
  adjusting,
  adjustment,
  fill,
  written,
  onFrame,
}: {
  adjusting: boolean;
  adjustment: Adjustment | null;
  fill: Fill;
  /** What the address holds now. */
  written: string | undefined;
  onFrame: (frame: string) => void;
}) {
  const text =
    adjusting && adjustment?.area ? writeFrame({ area: adjustment.area, zoom: adjustment.zoom, fill }) : null;
  useEffect(() => {
    if (text === null || text === written) return;
    const timer = setTimeout(() => onFrame(text), 300);
    return () => clearTimeout(timer);
  }, [text, written, onFrame]);
}
