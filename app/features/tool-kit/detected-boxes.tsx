import type { KeepBox } from '../../../shared/schemas';
import { cn } from '../../lib/cn';

const LABELS: Record<KeepBox['kind'], string> = { face: 'Face', text: 'Text', mark: 'Mark' };

/**
 * What the detectors found, drawn on the "Keep this" picture: faces and lines of text outlined and
 * named (every format keeps them), marks (logos) dashed and softer (kept only where there is room).
 * The names are written on the boxes, so their meaning never rests on colour; the colours are the
 * picture's, not the page's, so dark mode leaves them as they are.
 */
export function DetectedBoxes({ boxes, picture }: { boxes: KeepBox[]; picture: { width: number; height: number } }) {
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <ul className="pointer-events-none absolute inset-0" aria-label="Found on the picture">
      {boxes.map((box, i) => (
        <li
          key={i}
          aria-label={LABELS[box.kind]}
          className={cn(
            'absolute rounded-sm border-2',
            box.kind === 'mark' ? 'border-dashed border-[#e2e8f0]/80' : 'border-amber-300',
          )}
          style={{
            left: pct(box.x, picture.width),
            top: pct(box.y, picture.height),
            width: pct(box.width, picture.width),
            height: pct(box.height, picture.height),
          }}
        >
          <span
            className={cn(
              'absolute top-0 left-0 rounded-br-sm px-1 text-[10px] leading-4 font-semibold',
              box.kind === 'mark' ? 'bg-[#e2e8f0] text-black' : 'bg-amber-300 text-black',
            )}
          >
            {LABELS[box.kind]}
          </span>
        </li>
      ))}
    </ul>
  );
}
