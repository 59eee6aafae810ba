/** The compare view's zoom buttons and what the view shows now. */
export function CompareZoomBar({
  scale,
  zoomed,
  canZoomIn,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  scale: number;
  zoomed: boolean;
  canZoomIn: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const percent = Math.round(scale * 100);
  const square =
    'h-8 w-8 rounded-md border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:opacity-50';
  return (
    <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">
      <button type="button" onClick={onZoomOut} disabled={!zoomed} aria-label="Zoom out" className={square}>
        −
      </button>
      <button type="button" onClick={onZoomIn} disabled={!canZoomIn} aria-label="Zoom in" className={square}>
        +
      </button>
      <button
        type="button"
        onClick={onFit}
        disabled={!zoomed}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-slate-900 hover:bg-slate-50 disabled:opacity-50"
      >
        Fit
      </button>
      <span className="text-slate-600" data-testid="quality-zoom" aria-live="polite">
        {zoomed ? `${percent}% of the file's pixels` : `Whole picture (${percent}%)`}
      </span>
    </div>
  );
}
