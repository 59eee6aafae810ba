/** The badge of the plan marked popular, wherever the plans are listed. */
export function BestValueBadge() {
  return <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">BEST VALUE</span>;
}
