import type { ReactNode } from 'react';

/**
 * The step's Back and primary button, kept in view at the bottom of the screen while what they act
 * on scrolls past (many photos, a platform's formats).
 */
export function StepActions({ children, status }: { children: ReactNode; status?: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-6 mt-6 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-slate-200 bg-white/95 px-6 py-3 backdrop-blur">
      {status ? (
        <p className="mr-auto text-sm text-slate-600" aria-live="polite">
          {status}
        </p>
      ) : null}
      {children}
    </div>
  );
}
