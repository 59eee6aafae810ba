import { useId, useMemo, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { platformName, PLATFORMS } from '../../../shared/platforms';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { searchFormats, suggestFormats } from './format-choice';
import { CustomSizeForm } from './custom-size-form';
import { FormatList } from './format-list';
import { FormatSuggestions } from './format-suggestions';

export const ALL_PLATFORMS = 'all';

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
 * platform and the popular picks that suit the picture's shape.
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

  return (
    <div className="grid gap-4">
      <FormatSuggestions suggestions={suggestions} value={value} onChange={onChange} />

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
            {formats.some((f) => f.platform === 'custom') ? <option value="custom">Your sizes</option> : null}
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformName(p)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <FormatList shown={shown} query={query} value={value} onChange={onChange} />
      <CustomSizeForm
        onAdded={(format) => {
          setQuery('');
          onPlatform('custom');
          onChange(format);
        }}
      />
    </div>
  );
}
