import type { ReactNode } from 'react';

/**
 * A tool step's Back and primary button, kept in view at the bottom of the screen while what they
 * act on scrolls past (many photos, a platform's formats), edge to edge of the tool's card
 * (tool-card.tsx pads its content px-4, sm:px-6).
 */
export function StepActions({ children, status }: { children: ReactNode; status?: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      {status ? (
        <p className="mr-auto text-sm text-slate-600" aria-live="polite">
          {status}
        </p>
      ) : null}
      {children}
    </div>
  );
}
