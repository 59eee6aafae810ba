import { Suspense, type ReactNode } from 'react';

/** Holds the tool's place while its code loads, so nothing below it moves when it appears. */
export function ToolLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="mt-6 flex min-h-[26rem] items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-600"
        >
          Loading the tool…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
