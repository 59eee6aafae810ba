/** Brings a tool's card into view when its step changes, below the sticky header. */
import { useEffect, useRef } from 'react';

export function useStepScroll<T extends HTMLElement>(step: number) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false; // the page opens where the visitor is; only a step change moves it
      return;
    }
    const card = ref.current;
    if (!card || typeof card.scrollIntoView !== 'function') return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [step]);
  return ref;
}
