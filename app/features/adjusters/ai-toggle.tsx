import { cn } from '../../lib/cn';

/** The banner adjuster's switch for intelligent resizing, with what it does. */
export function AiToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <label className="flex items-center justify-between gap-4">
        <span className="font-medium text-slate-900">Enable intelligent resizing</span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label="Enable intelligent resizing"
          onClick={() => onChange(!on)}
          className={cn(
            'relative h-6 w-11 rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            on ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform',
              on && 'translate-x-5',
            )}
          />
        </button>
      </label>
      <div className="text-sm text-slate-600">
        <p>
          Intelligent resizing looks for the text, logos and faces in your banner and frames every format so they stay
          whole and inside the area each platform shows on every device.
        </p>
        <p className="mt-1">
          Where a format’s shape cannot hold them, the canvas is extended with the fill below instead of cutting
          anything off. Switched off, each format is a centred crop.
        </p>
      </div>
    </section>
  );
}
