import type { PlatformFormat } from '../../../shared/formats';
import { cn } from '../../lib/cn';
import { FormatShape } from './format-shape';

/** One format as a card with a checkbox, for choosing many at once (the adjusters' targets, a batch's formats). */
export function FormatCheckCard({
  format,
  checked,
  onToggle,
  blocked = false,
  shape = false,
}: {
  format: PlatformFormat;
  checked: boolean;
  onToggle: () => void;
  /** Shown but not to be chosen (the adjusters' source platform): the click says why. */
  blocked?: boolean;
  /** The format's shape drawn beside its name, as the format picker's cards do. */
  shape?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors',
        checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
        blocked && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="checkbox"
        className="mt-1 h-4 w-4 accent-brand-600"
        checked={checked}
        aria-disabled={blocked || undefined}
        onChange={onToggle}
      />
      {shape ? <FormatShape format={format} size={28} /> : null}
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{format.description}</span>
        <span className="block text-sm text-slate-600">
          {format.width} × {format.height} px · {format.aspectRatio}
        </span>
      </span>
    </label>
  );
}
