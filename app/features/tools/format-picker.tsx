import { useId, useMemo, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName, PLATFORMS } from '../../../shared/platforms';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { formatName, groupByKind, KIND_LABELS, searchFormats, suggestFormats } from './format-choice';

export const ALL_PLATFORMS = 'all';

/** The format's shape, drawn to scale in a small box: a circle for profile pictures. */
export function FormatShape({ format, size = 36 }: { format: PlatformFormat; size?: number }) {
  const aspect = format.width / format.height;
  const width = aspect >= 1 ? size : Math.max(4, size * aspect);
  const height = aspect >= 1 ? Math.max(4, size / aspect) : size;
  return (
    <span
      className="flex shrink-0 items-center justify-center"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <span
        data-shape={format.profile ? 'circle' : 'rect'}
        className={cn('block border-2 border-current bg-current/10', format.profile ? 'rounded-full' : 'rounded-sm')}
        style={{ width, height }}
      />
    </span>
  );
}

type Props = {
  formats: readonly PlatformFormat[];
  value: PlatformFormat | null;
  onChange: (format: PlatformFormat) => void;
  /** The platform shown, or ALL_PLATFORMS. */
  platform: string;
  onPlatform: (platform: string) => void;
  /** The picture's width / height, for the picks that suit its shape. */
  aspect: number;
};

/**
 * Formats as cards that draw their shape, grouped by platform and kind, with a search over every
 * platform and the popular picks that suit the picture's shape. The cards are one radio group
 * (arrow keys move through them); the picks are buttons.
 */
export function FormatPicker({ formats, value, onChange, platform, onPlatform, aspect }: Props) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const suggestions = useMemo(() => suggestFormats(formats, aspect), [formats, aspect]);
  const shown = useMemo(() => {
    const found = searchFormats(formats, query);
    // A search looks through every platform; otherwise the chosen platform's formats show.
    return query.trim() || platform === ALL_PLATFORMS ? found : found.filter((f) => f.platform === platform);
  }, [formats, query, platform]);
  const platforms = PLATFORMS.filter((p) => shown.some((f) => f.platform === p));

  return (
    <div className="grid gap-4">
      <div>
        <p className="text-sm font-medium text-slate-700">Suits this picture</p>
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Suits this picture">
          {suggestions.map((format) => (
            <button
              key={format.id}
              type="button"
              aria-pressed={value?.id === format.id}
              aria-label={formatName(format)}
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

      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
            Search formats
          </label>
          <input
            id={searchId}
            type="search"
            className={cn(inputClass, 'mt-1')}
            placeholder="story, banner, 1080x1920…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <label className="block text-sm font-medium text-slate-700">
          Platform
          <select
            className={cn(inputClass, 'mt-1')}
            value={platform}
            onChange={(event) => {
              setQuery('');
              onPlatform(event.target.value);
            }}
          >
            <option value={ALL_PLATFORMS}>All platforms</option>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformName(p)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div
        role="radiogroup"
        aria-label="Format"
        className="@container max-h-[26rem] overflow-y-auto rounded-lg border border-slate-200 p-3"
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
        <span className="block text-xs text-slate-500">
          {format.width} × {format.height}
        </span>
      </span>
    </label>
  );
}
