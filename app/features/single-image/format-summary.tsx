import type { PlatformFormat } from '../../../shared/formats';
import { Button } from '../../components/ui/button';
import { FormatProvenance } from '../tool-kit/format-provenance';
import { isWideFormat } from './rules';

/**
 * The chosen format: its name, size, aspect ratio, where the size was checked (docs/product.md,
 * "Formats guide") and safe-zone note, a badge when it is wide, and on a phone (where the framing
 * comes first) the way down to the other formats. Kept to a few short lines, so the cropper under
 * it stays on the first screen.
 */
export function FormatSummary({ format, onChange }: { format: PlatformFormat; onChange: () => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2" data-testid="format-card">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 font-medium text-slate-900">{format.description}</p>
        {isWideFormat(format.width / format.height) ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
            Wide Format
          </span>
        ) : null}
        <Button size="sm" variant="ghost" className="-my-1 shrink-0 lg:hidden" onClick={onChange}>
          Change format
        </Button>
      </div>
      {/* One line, so the cropper and its zoom stay on the first screen; the source's name is cut
          short on a phone, its link still there (relative: the link's screen-reader text is clipped too). */}
      <p className="relative truncate text-sm text-slate-600">
        {format.width} × {format.height} px · {format.aspectRatio} ·{' '}
        <span data-testid="format-provenance">
          <FormatProvenance format={format} />
        </span>
      </p>
      {format.safeZone ? <p className="text-xs text-slate-600">{format.safeZone.note}</p> : null}
    </div>
  );
}
