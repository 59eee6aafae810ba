import { useEffect, useEffectEvent, useState, type Dispatch, type SetStateAction } from 'react';
import type { Adjustment } from './adjustment';

type Framing = Pick<Adjustment, 'crop' | 'zoom'>;
/** How many crop and zoom changes Undo can take back. */
const UNDO_DEPTH = 20;

/**
 * Undo for the framing: `remember` before each change of crop or zoom keeps the framing it leaves
 * (newest last); `forget` when a new format starts afresh. Ctrl/Cmd+Z undoes too, except inside a
 * text field, which keeps its own undo.
 */
export function useFramingHistory(
  adjustment: Adjustment | null,
  onAdjust: Dispatch<SetStateAction<Adjustment | null>>,
) {
  const [history, setHistory] = useState<Framing[]>([]);
  const remember = () => {
    if (adjustment) setHistory((h) => [...h.slice(1 - UNDO_DEPTH), { crop: adjustment.crop, zoom: adjustment.zoom }]);
  };
  const undo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((h) => h.slice(0, -1));
    onAdjust((a) => a && { ...a, ...last });
  };
  const onUndoKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target;
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
    if (target instanceof Element && target.closest('input[type="search"], input[type="text"], textarea')) return;
    if (history.length === 0) return;
    event.preventDefault();
    undo();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onUndoKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return { canUndo: history.length > 0, remember, undo, forget: () => setHistory([]) };
}
