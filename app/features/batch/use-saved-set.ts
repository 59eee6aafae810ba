import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { toast } from '../../components/ui/use-toast';
import { plural } from '../../lib/words';

const SAVED_SET_KEY = 'batch-formats';

/** The formats this browser saved for batches (ids), or none. */
function readSavedSet(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SAVED_SET_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** A set of formats saved on this browser for the next batch; `offered` is the part still in the catalogue. */
export function useSavedSet(formats: readonly PlatformFormat[]) {
  const [saved, setSaved] = useState<number[]>(readSavedSet);
  function save(targets: number[]) {
    localStorage.setItem(SAVED_SET_KEY, JSON.stringify(targets));
    setSaved(targets);
    toast({
      title: 'Set saved',
      description: `${plural(targets.length, 'format')}, on this browser`,
      variant: 'success',
    });
  }
  return { offered: saved.filter((id) => formats.some((f) => f.id === id)), save };
}
