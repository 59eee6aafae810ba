import { FILL_KINDS, FILL_LABELS, type Fill } from '../../../shared/fill';
import { cn } from '../../lib/cn';

const SWATCHES = [
  ['#ffffff', 'White'],
  ['#000000', 'Black'],
] as const;

/**
 * The fill of the frame where the picture does not reach: transparent (disabled, with the reason,
 * where the platform or the file type refuses it), a solid colour (the picture's edge colour
 * first, white, black, or any colour), or a blurred copy of the picture.
 */
export function FillPicker({
  value,
  onChange,
  edge,
  transparencyRefused,
}: {
  value: Fill;
  onChange: (fill: Fill) => void;
  edge: string | null;
  transparencyRefused: string | null;
}) {
  const colour = value.kind === 'color' ? value.color : (edge ?? '#ffffff');
  const swatches: Array<readonly [string, string]> = [
    ...(edge && !SWATCHES.some(([hex]) => hex === edge) ? [[edge, 'Edge colour of the picture'] as const] : []),
    ...SWATCHES,
  ];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby="fill-help">
      <legend className="px-1 text-sm font-medium text-slate-700">Fill the empty part of the frame</legend>
      <p id="fill-help" className="text-xs text-slate-500">
        The picture does not reach every edge of this format.
      </p>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Fill">
        {FILL_KINDS.map((kind) => {
          const refused = kind === 'transparent' ? transparencyRefused : null;
          const checked = value.kind === kind;
          return (
            <label
              key={kind}
              className={cn(
                'flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
                checked ? 'border-brand-600 bg-brand-50 text-slate-900' : 'border-slate-200 text-slate-700',
                refused ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
              )}
              title={refused ?? undefined}
            >
              <input
                type="radio"
                name="fill"
                value={kind}
                checked={checked}
                disabled={refused !== null}
                onChange={() => onChange(kind === 'color' ? { kind, color: colour } : { kind })}
                className="accent-brand-600"
              />
              {FILL_LABELS[kind]}
            </label>
          );
        })}
      </div>
      {transparencyRefused ? (
        <p className="mt-2 text-xs text-slate-500">{transparencyRefused}: where nothing else is chosen, it is white.</p>
      ) : null}
      {value.kind === 'color' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Colour">
          {swatches.map(([hex, name]) => (
            <button
              key={hex}
              type="button"
              aria-label={`${name} (${hex})`}
              aria-pressed={value.color === hex}
              onClick={() => onChange({ kind: 'color', color: hex })}
              className={cn(
                'h-8 w-8 rounded-full border-2',
                value.color === hex ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-300',
              )}
              style={{ backgroundColor: hex }}
            />
          ))}
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="color"
              aria-label="Any colour"
              value={value.color}
              onChange={(event) => onChange({ kind: 'color', color: event.target.value.toLowerCase() })}
              className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-transparent"
            />
            {value.color}
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
