/**
 * The toast store (docs/product.md, "Notifications and dates"): at most one toast is held; a toast can be added,
 * updated, dismissed (marked closed, so Radix plays its exit) and removed, which happens a very long
 * time (1,000,000 ms) after dismissal. Radix Toast does the timing (5 s default, paused on hover or
 * focus), the swipe to dismiss and the F8 hotkey.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Radix's provider default (5000) when omitted. */
  duration?: number;
  action?: ReactNode;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type State = { toasts: ToastItem[] };
type Action =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

const EMPTY: State = { toasts: [] };
let state: State = EMPTY;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function reducer(current: State, action: Action): State {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...current.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: current.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      return {
        toasts: current.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : current.toasts.filter((t) => t.id !== action.id) };
  }
}

function dispatch(action: Action): void {
  if (action.type === 'dismiss') {
    for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
  }
  state = reducer(state, action);
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Shows a toast, replacing the one on screen. Returns controls for this toast. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'dismiss', id }),
    update: (next: ToastInput) => dispatch({ type: 'update', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts on screen; a toast shown by a page's first effect (before the toaster subscribed) is not lost. */
export function useToasts(): ToastItem[] {
  // No toasts in a page rendered ahead of time (app/prerender.tsx).
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  ).toasts;
}
