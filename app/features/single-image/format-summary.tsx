import type { PlatformFormat } from '../../../shared/formats';
import { isWideFormat } from './rules';

/** The chosen format: its name, size, aspect ratio and safe-zone note, and a badge when it is wide. */
export function FormatSummary({ format }: { format: PlatformFormat }) {
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="format-card"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{format.description}</p>
        <p className="text-sm text-slate-600">
          {format.width} × {format.height} px · aspect ratio {format.aspectRatio}
        </p>
        {format.safeZone ? <p className="mt-1 text-xs text-slate-500">{format.safeZone.note}</p> : null}
      </div>
      {isWideFormat(format.width / format.height) ? (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
          Wide Format
        </span>
      ) : null}
    </div>
  );
}
