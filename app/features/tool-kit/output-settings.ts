/** The visitor's file type and quality, remembered in this browser for every tool. */
import { useCallback, useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { DEFAULT_OUTPUT, OUTPUT_TYPES, type OutputSettings, type OutputType } from '@social-resizer/engine/plan/output';
import { outputSettingsSchema } from '../../../shared/schemas';

export const OUTPUT_STORAGE_KEY = 'social-resizer:output';

/** The remembered settings (the defaults when none, or storage is blocked or damaged). */
export function readOutputSettings(): OutputSettings {
  try {
    const stored = window.localStorage.getItem(OUTPUT_STORAGE_KEY);
    if (!stored) return DEFAULT_OUTPUT;
    const parsed = outputSettingsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_OUTPUT;
  } catch {
    return DEFAULT_OUTPUT; // storage blocked or damaged: the defaults
  }
}

export function useOutputSettings(): [OutputSettings, (next: OutputSettings) => void] {
  const [settings, setSettings] = useState<OutputSettings>(readOutputSettings);
  const remember = useCallback((next: OutputSettings) => {
    setSettings(next);
    try {
      window.localStorage.setItem(OUTPUT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Not remembered (private mode, full storage): the choice still applies now.
    }
  }, []);
  return [settings, remember];
}

/** The types every chosen format takes (all of them before any is chosen). */
export function acceptedByAll(formats: readonly PlatformFormat[]): OutputType[] {
  return OUTPUT_TYPES.filter((type) => formats.every((f) => f.types.includes(type)));
}
