import type { PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { FormatOptions } from '../tool-kit/format-options';
import type { AdjusterFlow } from './flows';

/** "1. Current format": the source platform and format (optional for a fresh profile picture). */
export function SourceSection({
  flow,
  pictureUrl,
  formats,
  platforms,
  sourcePlatform,
  source,
  onSource,
  notice,
}: {
  flow: AdjusterFlow;
  pictureUrl: string;
  formats: PlatformFormat[];
  platforms: readonly string[];
  sourcePlatform: string;
  source: PlatformFormat | null;
  onSource: (format: PlatformFormat | null) => void;
  /** What choosing the source did to the targets, said where it was chosen. */
  notice?: string | null;
}) {
  return (
    <section aria-labelledby="source-heading" className="space-y-4">
      <h3 id="source-heading" className="font-semibold text-slate-900">
        1. Current format of your {flow.noun}
        {flow.sourceOptional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </h3>
      {flow.sourceOptional ? (
        <p className="text-sm text-slate-600">
          A fresh photo has none. If the picture is already someone's {flow.noun} somewhere, name where: that platform
          is then left out of the targets.
        </p>
      ) : null}
      {notice ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {notice}
        </p>
      ) : null}
      <div className={cn('grid gap-4', flow.kind === 'profile' ? 'sm:grid-cols-[auto_1fr_1fr]' : 'sm:grid-cols-2')}>
        {flow.kind === 'profile' ? (
          <img
            src={pictureUrl}
            alt="Your profile picture, as a circle"
            className="h-28 w-28 rounded-full border-4 border-white object-cover shadow ring-1 ring-slate-200"
          />
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Source platform
          <select
            className={cn(inputClass, 'mt-1')}
            value={sourcePlatform}
            onChange={(event) => onSource(formats.find((f) => f.platform === event.target.value) ?? null)}
          >
            {flow.sourceOptional ? <option value="">None: a new photo</option> : null}
            {platforms.map((platform) => (
              <option key={platform} value={platform}>
                {platformName(platform)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Source format
          <select
            className={cn(inputClass, 'mt-1')}
            value={source?.id ?? ''}
            disabled={sourcePlatform === ''}
            onChange={(event) => onSource(formats.find((f) => f.id === Number(event.target.value)) ?? null)}
          >
            <option value="">{sourcePlatform === '' ? 'None' : 'Select the current format'}</option>
            <FormatOptions formats={formats.filter((f) => f.platform === sourcePlatform)} />
          </select>
        </label>
      </div>
    </section>
  );
}
