import { useId, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { FormatCheckCard } from '../tool-kit/format-check-card';
import { groupByPlatform, searchFormats } from '../tool-kit/format-choice';
import { TargetFormatTabs } from '../tool-kit/target-format-tabs';

/**
 * Several other formats ticked at once: a tab per platform (counting its ticks), or, while a search
 * is typed, every platform's matches (the format picker's search, docs/product.md "Format picker").
 */
export function OtherFormatChooser({
  formats,
  chosen,
  onToggle,
}: {
  formats: readonly PlatformFormat[];
  chosen: readonly number[];
  onToggle: (format: PlatformFormat) => void;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const groups = groupByPlatform(formats);
  const [tab, setTab] = useState(groups[0]?.platform ?? '');
  const found = query.trim() ? groupByPlatform(searchFormats(formats, query)) : null;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
          Search other formats
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
      {found === null ? (
        <TargetFormatTabs
          label="Other formats by platform"
          groups={groups}
          value={tab}
          onValueChange={setTab}
          targets={chosen}
          onToggle={onToggle}
          shapes
        />
      ) : found.length === 0 ? (
        <p className="p-4 text-center text-sm text-slate-600">No format matches “{query.trim()}”.</p>
      ) : (
        found.map((group) => (
          <section key={group.platform} aria-label={platformName(group.platform)}>
            <h4 className="mb-2 text-sm font-semibold text-slate-900">{platformName(group.platform)}</h4>
            <ul className="grid gap-3 sm:grid-cols-2">
              {group.formats.map((f) => (
                <li key={f.id}>
                  <FormatCheckCard format={f} checked={chosen.includes(f.id)} onToggle={() => onToggle(f)} shape />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
