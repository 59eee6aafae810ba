import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CropRect } from '@social-resizer/engine/plan/crop';

/** How far an arrow key moves the box: a fiftieth of the picture. */
const NUDGE = 0.02;

type Point = { x: number; y: number };

/**
 * The pointer and keyboard handling of the "Keep this" frame: a drag draws a box, a tap sets a
 * point, arrow keys move it (a point appears in the middle first). Coordinates are the upright
 * picture's pixels, as the server takes them.
 */
export function useFocusBox(
  picture: { width: number; height: number },
  value: CropRect | null,
  onChange: (focus: CropRect | null) => void,
) {
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);

  const toPicture = (event: PointerEvent): Point => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: Math.min(picture.width, Math.max(0, ((event.clientX - rect.left) / rect.width) * picture.width)),
      y: Math.min(picture.height, Math.max(0, ((event.clientY - rect.top) / rect.height) * picture.height)),
    };
  };
  const boxFrom = (a: Point, b: Point): CropRect => {
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

  return {
    frame,
    onKeyDown,
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      const at = toPicture(event);
      setStart(at);
      onChange({ ...at, width: 0, height: 0 });
    },
    onPointerMove: (event: PointerEvent) => {
      if (start) onChange(boxFrom(start, toPicture(event)));
    },
    onPointerUp: (event: PointerEvent) => {
      if (start) onChange(boxFrom(start, toPicture(event)));
      setStart(null);
    },
  };
}
