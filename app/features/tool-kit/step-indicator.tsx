import { cn } from '../../lib/cn';

/** "1 Upload Image, 2 Format & Adjust, 3 Download" with the current step marked. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2 sm:gap-4" aria-label="Progress">
      {steps.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label} className="flex items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold',
                state === 'todo' ? 'bg-slate-200 text-slate-600' : 'bg-brand-600 text-white',
              )}
            >
              {step}
            </span>
            {/* On a phone only the current step is named on screen; screen readers hear every name. */}
            <span
              className={cn(
                'text-sm font-medium',
                state === 'current' ? 'text-slate-900' : 'sr-only text-slate-500 sm:not-sr-only',
              )}
            >
              {label}
            </span>
            {step < steps.length ? <span aria-hidden="true" className="h-px w-4 bg-slate-300 sm:w-8" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
