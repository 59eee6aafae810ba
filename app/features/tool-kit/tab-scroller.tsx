import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Tabs keep to one row (components/ui/tabs.tsx) and scroll sideways where they do not fit; this
 * shows that they do: where they overflow, an arrow button at each end of the row (beside it, not
 * over a tab) scrolls it, and the chosen tab is scrolled into view.
 */
export function TabScroller({ children, label }: { children: ReactNode; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [row, setRow] = useState({ overflows: false, atStart: true, atEnd: true, top: 0, height: 0 });
  const listOf = () => box.current?.querySelector<HTMLElement>('[role="tablist"]') ?? null;

  useEffect(() => {
    const list = listOf();
    if (!list) return;
    const measure = () =>
      setRow({
        overflows: list.scrollWidth > list.clientWidth + 1,
        atStart: list.scrollLeft <= 1,
        atEnd: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1,
        // The box holds the tabs' panels too: the arrows line up with the row alone.
        top: list.offsetTop,
        height: list.offsetHeight,
      });
    const reveal = () =>
      list
        .querySelector<HTMLElement>('[data-state="active"]')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(list);
    const changed = new MutationObserver(reveal);
    changed.observe(list, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    return () => {
      list.removeEventListener('scroll', measure);
      resized?.disconnect();
      changed.disconnect();
    };
  }, []);

  const arrow = (direction: 1 | -1) => (
    <button
      type="button"
      aria-label={`${direction < 0 ? 'Earlier' : 'More'} ${label}`}
      disabled={direction < 0 ? row.atStart : row.atEnd}
      onClick={() => {
        const list = listOf();
        list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
      }}
      style={{ top: row.top, height: row.height }}
      className={cn(
        'absolute flex w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-lg font-semibold text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-40',
        direction < 0 ? 'left-0' : 'right-0',
      )}
    >
      <span aria-hidden="true">{direction < 0 ? '‹' : '›'}</span>
    </button>
  );
  return (
    <div
      ref={box}
      className={cn(
        'relative',
        row.overflows &&
          '[&_[role=tablist]]:mx-10 [&_[role=tablist]]:w-[calc(100%-5rem)] [&_[role=tablist]]:max-w-[calc(100%-5rem)]',
      )}
    >
      {children}
      {row.overflows ? arrow(-1) : null}
      {row.overflows ? arrow(1) : null}
    </div>
  );
}
