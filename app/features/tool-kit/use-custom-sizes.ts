/**
 * The user's own sizes, remembered on this browser (docs/product.md, "Custom sizes"): kept as the
 * ids that encode them (shared/custom-format.ts), offered in every tool beside the catalogue.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { customFormat, customFormatId, type CustomSize } from '../../../shared/custom-format';
import type { PlatformFormat } from '../../../shared/formats';

const KEY = 'social-resizer.custom-sizes';
const CHANGED = 'custom-sizes-changed';
/** Enough for anyone's own sizes; the oldest go first. */
const MOST = 20;

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function idsOf(stored: string): number[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((id): id is number => typeof id === 'number' && !!customFormat(id))
      : [];
  } catch {
    return [];
  }
}

function write(ids: number[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids.slice(-MOST)));
  } catch {
    // Private browsing: the size still works now, it is just not remembered.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useCustomSizes(): {
  formats: PlatformFormat[];
  add: (size: CustomSize) => PlatformFormat;
  remove: (id: number) => void;
} {
  const stored = useSyncExternalStore(subscribe, read, () => '[]');
  const formats = useMemo(() => idsOf(stored).map((id) => customFormat(id)!), [stored]);
  const add = useCallback((size: CustomSize) => {
    const id = customFormatId(size);
    write([...idsOf(read()).filter((known) => known !== id), id]);
    return customFormat(id)!;
  }, []);
  const remove = useCallback((id: number) => write(idsOf(read()).filter((known) => known !== id)), []);
  return { formats, add, remove };
}
