import { useEffect, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { writeAdjusterAddress, type AdjusterAddress, type AdjusterAddressChange } from './address';
import { selectionAddress, selectionOf, type Selection } from './selection';

/** Dragging a box or ticking in a row writes the address once the hand rests (browsers limit history writes). */
const WRITE_AFTER_MS = 250;

const written = (selection: Selection) => JSON.stringify(writeAdjusterAddress(selectionAddress(selection)));

/**
 * The configure step's choices, kept in the address (docs/product.md, "Banner and profile
 * adjusters"): the address is what they are, so a reload, Back and Forward find them; a change shows
 * at once and is written when the hand rests.
 */
export function useAddressSelection(
  address: AdjusterAddress,
  formats: readonly PlatformFormat[],
  onAddress: (change: AdjusterAddressChange, replace: boolean) => void,
) {
  const [tab, setTab] = useState<string | null>(null);
  const [pending, setPending] = useState<Selection | null>(null);
  const fromAddress = selectionOf(address, formats, tab);
  // Once the address says what the change said, the address is the selection again.
  if (pending && written(pending) === written(fromAddress)) setPending(null);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => onAddress(selectionAddress(pending), true), WRITE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending, onAddress]);
  return {
    selection: pending ?? fromAddress,
    change(next: Selection) {
      setTab(next.tab);
      setPending(next);
    },
    /** Forgets a change not yet written (Start Over writes none). */
    reset() {
      setTab(null);
      setPending(null);
    },
  };
}
