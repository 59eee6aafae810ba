/**
 * A size of the user's own: width, height, and optionally a file type and a file-size limit
 * (docs/product.md, "Custom sizes"). Checked here as the server checks it (the server decides);
 * added sizes are remembered on this browser and listed with a way to remove them.
 */
import { useId, useState } from 'react';
import { customSizeProblem, MAX_CUSTOM_SIDE, MIN_CUSTOM_SIDE, type CustomSize } from '../../../shared/custom-format';
import type { PlatformFormat } from '../../../shared/formats';
import { OUTPUT_CHOICES, OUTPUT_LABELS, type OutputChoice } from '@social-resizer/engine/plan/output';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { useCustomSizes } from './use-custom-sizes';

const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export function CustomSizeForm({
  onAdded,
  fits,
  fitsText,
}: {
  /** The size just added, to choose it. */
  onAdded: (format: PlatformFormat) => void;
  /** Whether a size may be used here (the adjusters take banners or profile pictures only). */
  fits?: (size: { width: number; height: number }) => boolean;
  /** Said when a size does not fit here. */
  fitsText?: string;
}) {
  const id = useId();
  const { formats, add, remove } = useCustomSizes();
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [type, setType] = useState<OutputChoice>('auto');
  const [cap, setCap] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const size: CustomSize = {
      width: whole(width),
      height: whole(height),
      type,
      capKb: cap.trim() === '' ? null : whole(cap),
    };
    const wrong =
      customSizeProblem(size) ?? (fits && !fits(size) ? (fitsText ?? 'This size cannot be used here.') : null);
    setProblem(wrong);
    if (wrong) return;
    onAdded(add(size));
    setWidth('');
    setHeight('');
    setCap('');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        A size of your own
      </h3>
      {/* A form of its own would nest in a step's form: a group submitted by its button. */}
      <div
        role="group"
        aria-label="A size of your own"
        className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:items-end"
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          submit();
        }}
      >
        <label className="text-sm text-slate-700">
          Width (px)
          <input
            className={cn(inputClass, 'mt-1')}
            inputMode="numeric"
            value={width}
            onChange={(e) => setWidth(e.target.value)}
            aria-invalid={problem ? true : undefined}
            placeholder={`${MIN_CUSTOM_SIDE}-${MAX_CUSTOM_SIDE}`}
          />
        </label>
        <label className="text-sm text-slate-700">
          Height (px)
          <input
            className={cn(inputClass, 'mt-1')}
            inputMode="numeric"
            value={height}
            onChange={(e) => setHeight(e.target.value)}
            aria-invalid={problem ? true : undefined}
            placeholder={`${MIN_CUSTOM_SIDE}-${MAX_CUSTOM_SIDE}`}
          />
        </label>
        <label className="col-span-2 text-sm text-slate-700 sm:col-span-1">
          File type
          <select
            className={cn(inputClass, 'mt-1')}
            value={type}
            onChange={(e) => setType(e.target.value as OutputChoice)}
          >
            {OUTPUT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {OUTPUT_LABELS[choice]}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 text-sm text-slate-700 sm:col-span-1">
          Limit (KB, optional)
          <input
            className={cn(inputClass, 'mt-1')}
            inputMode="numeric"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            placeholder="none"
          />
        </label>
        <Button type="button" variant="outline" onClick={submit} className="col-span-2 sm:col-span-1">
          Add size
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {formats.length > 0 ? (
        <ul aria-label="Your sizes" className="flex flex-wrap gap-2">
          {formats.map((format) => (
            <li
              key={format.id}
              className="flex items-center gap-1 rounded-full border border-slate-300 py-0.5 pr-1 pl-3 text-xs text-slate-800"
            >
              {format.description.replace(/^Custom /, '')}
              <button
                type="button"
                className="rounded-full px-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label={`Remove ${format.description}`}
                onClick={() => remove(format.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
