import type { PlatformFormat } from '../../../shared/formats';
import { platformName, PLATFORMS } from '../../../shared/platforms';
import { cn } from '../../lib/cn';
import { formatName, groupByKind, KIND_LABELS } from './format-choice';
import { FormatShape } from './format-shape';

/**
 * The formats shown, as cards grouped by platform and kind: one radio group (arrow keys move
 * through it). Platform headings show when more than one platform is in view, or for a search.
 * The page scrolls them (no box of its own to scroll inside another).
 */
export function FormatList({
  shown,
  query,
  value,
  onChange,
}: {
  shown: readonly PlatformFormat[];
  query: string;
  value: PlatformFormat | null;
  onChange: (format: PlatformFormat) => void;
}) {
  // The user's own sizes first, then the catalogue's platforms.
  const platforms = ['custom', ...PLATFORMS].filter((p) => shown.some((f) => f.platform === p));
  return (
    <div
      role="radiogroup"
      aria-label="Format"
      className="@container rounded-lg border border-slate-200 p-3"
      data-testid="format-list"
    >
      {shown.length === 0 ? (
        <p className="p-4 text-center text-sm text-slate-600">No format matches “{query.trim()}”.</p>
      ) : null}
      {platforms.map((p) => (
        <section key={p} aria-label={platformName(p)} className="mb-4 last:mb-0">
          {platforms.length > 1 || query.trim() ? (
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{platformName(p)}</h3>
          ) : null}
          {groupByKind(shown.filter((f) => f.platform === p)).map(([kind, group]) => (
            <div key={kind} className="mb-3 last:mb-0">
              <p className="mb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">{KIND_LABELS[kind]}</p>
              <div className="grid gap-2 @md:grid-cols-2 @3xl:grid-cols-3">
                {group.map((format) => (
                  <FormatCard
                    key={format.id}
                    format={format}
                    checked={value?.id === format.id}
                    onChange={() => onChange(format)}
                  />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function FormatCard({ format, checked, onChange }: { format: PlatformFormat; checked: boolean; onChange: () => void }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md border p-2 text-slate-600 focus-within:ring-2 focus-within:ring-brand-500/40',
        checked ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-200 bg-white hover:border-brand-300',
      )}
    >
      <input
        type="radio"
        name="format"
        value={format.id}
        checked={checked}
        onChange={onChange}
        aria-label={formatName(format)}
        className="sr-only"
      />
      <FormatShape format={format} />
      <span className="min-w-0">
        <span className="block text-sm leading-snug font-medium text-slate-900">{format.description}</span>
        <span className="block text-xs text-slate-600">
          {format.width} × {format.height}
        </span>
      </span>
    </label>
  );
}
