/**
 * The file type (Auto, JPEG, PNG or WebP) and the JPEG/WebP quality. Types the platform refuses are
 * shown but cannot be chosen, with the reason; with several formats at once, a type some of them
 * refuse is chosen for those that take it and Auto gives the others.
 */
import { useId } from 'react';
import {
  MIN_USER_QUALITY,
  OUTPUT_CHOICES,
  OUTPUT_LABELS,
  type OutputSettings,
  type OutputType,
} from '@social-resizer/engine/plan/output';
import { cn } from '../../lib/cn';
import { chosenNote, estimateText, refusedBy, type QualityEstimate } from './output-notes';

type Props = {
  value: OutputSettings;
  onChange: (next: OutputSettings) => void;
  /** The types every format in view accepts (one format: its own); others are marked. */
  accepted: readonly OutputType[];
  /** With one format, a refused type cannot be chosen; with many, it applies where accepted. */
  single: boolean;
  platformName?: string;
  disabled?: boolean;
  /** The file's size at this quality as the browser works it out (quality-preview/), where one is made. */
  estimate?: QualityEstimate;
};

export function OutputPicker({ value, onChange, accepted, single, platformName, disabled, estimate }: Props) {
  const id = useId();
  const lossy = value.type !== 'png';
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">File type</legend>
      <div role="radiogroup" aria-label="File type" className="grid grid-cols-4 gap-2">
        {OUTPUT_CHOICES.map((choice) => {
          const blocked = single && refusedBy(accepted, choice);
          const note = chosenNote(choice, accepted, single, platformName);
          return (
            <label
              key={choice}
              title={note}
              className={cn(
                'flex min-w-0 cursor-pointer flex-col rounded-lg border px-1.5 py-2 text-sm sm:px-3',
                value.type === choice ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200',
                blocked && 'cursor-not-allowed opacity-50',
              )}
            >
              <span className="flex items-center gap-1 font-medium text-slate-900 sm:gap-2">
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={choice}
                  checked={value.type === choice}
                  disabled={blocked}
                  onChange={() => onChange({ ...value, type: choice })}
                  className="m-0 shrink-0 accent-brand-600"
                  aria-label={OUTPUT_LABELS[choice]}
                  aria-describedby={`${id}-${choice}-note`}
                />
                {OUTPUT_LABELS[choice]}
              </span>
              {/* On a phone the four types sit in one row and only the chosen one's note shows, under it. */}
              {/* Long words ("transparency") break inside a narrow card rather than run over its border. */}
              <span
                id={`${id}-${choice}-note`}
                className="mt-0.5 hidden text-xs hyphens-auto wrap-break-word text-slate-600 sm:block"
              >
                {note}
              </span>
            </label>
          );
        })}
      </div>
      <p className="text-xs text-slate-600 sm:hidden" aria-hidden="true">
        {chosenNote(value.type, accepted, single, platformName)}
      </p>
      {lossy ? (
        <label className="block text-sm text-slate-700">
          <span className="flex justify-between">
            <span className="font-medium">Quality{value.type === 'auto' ? ' (for JPEG)' : ''}</span>
            <output htmlFor={`${id}-quality`}>{value.quality}</output>
          </span>
          <input
            id={`${id}-quality`}
            type="range"
            min={MIN_USER_QUALITY}
            max={100}
            step={1}
            value={value.quality}
            onChange={(event) => onChange({ ...value, quality: Number(event.target.value) })}
            className="mt-1 w-full accent-brand-600"
            aria-label="Quality"
            aria-describedby={estimate ? `${id}-estimate` : undefined}
          />
          {estimate ? (
            <span
              id={`${id}-estimate`}
              className="mt-1 block text-xs text-slate-600"
              data-testid="quality-size"
              data-bytes={estimate.size ?? undefined}
              aria-live="polite"
            >
              {estimateText(estimate, value.quality)}
            </span>
          ) : null}
        </label>
      ) : null}
    </fieldset>
  );
}
