import { useEffect, useRef } from 'react';
import type { Offset } from './use-compare-view';

/** One side of the compare view: the output drawn at its own size, zoomed and panned with the other. */
export function CompareLayer({
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
