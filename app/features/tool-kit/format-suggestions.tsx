import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { cn } from '../../lib/cn';
import { formatName } from './format-choice';
import { FormatShape } from './format-shape';

/** The popular picks that suit the picture's shape, as buttons. */
export function FormatSuggestions({
  suggestions,
  value,
  onChange,
}: {
  suggestions: readonly PlatformFormat[];
  value: PlatformFormat | null;
  onChange: (format: PlatformFormat) => void;
}) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">Suits this picture</p>
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Suits this picture">
        {suggestions.map((format) => (
          <button
            key={format.id}
            type="button"
            aria-pressed={value?.id === format.id}
            // Named by what it shows (a spoken name that differs from the visible one trips voice
            // control); the full name and size are its description.
            title={formatName(format)}
            onClick={() => onChange(format)}
            className={cn(
              'flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm text-slate-700',
              value?.id === format.id
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-slate-300 bg-white hover:border-brand-400',
            )}
          >
            <FormatShape format={format} size={18} />
            <span>
              {platformName(format.platform)} {format.format}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
