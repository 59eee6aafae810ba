import type { KeepBox } from '../../../shared/schemas';
import { cn } from '../../lib/cn';

const LABELS: Record<KeepBox['kind'], string> = { face: 'Face', text: 'Text', mark: 'Mark' };

/**
 * What the detectors found, drawn on the "Keep this" picture: faces and lines of text outlined and
 * named on the box (every format keeps them), so their meaning never rests on colour; marks (logos,
 * badges: kept only where there is room) a thin dashed outline without a name on the picture, which
 * a busy photo would crowd, named for screen readers and in the legend below the picture. The
 * colours are the picture's, not the page's, so dark mode leaves them as they are.
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
            box.kind === 'mark'
              ? 'border border-dashed border-white/90 shadow-[0_0_0_1px_rgb(0_0_0/0.35)]'
              : 'border-amber-300',
          )}
          style={{
            left: pct(box.x, picture.width),
            top: pct(box.y, picture.height),
            width: pct(box.width, picture.width),
            height: pct(box.height, picture.height),
          }}
        >
          {box.kind !== 'mark' && (
            <span className="absolute top-0 left-0 rounded-br-sm bg-amber-300 px-1 text-[10px] leading-4 font-semibold text-black">
              {LABELS[box.kind]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
