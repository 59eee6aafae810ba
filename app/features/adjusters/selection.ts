import type { CropRect } from '@social-resizer/engine/plan/crop';
import { ADJUSTER_DEFAULT_FILL, sameFill, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { AdjusterAddress, AdjusterAddressChange } from './address';

/** What the configure step holds: kept in the address, so a reload and Back find it as it was. */
export interface Selection {
  /** Where the picture is used now; null for a fresh picture. */
  source: PlatformFormat | null;
  targets: number[];
  useAi: boolean;
  /** What fills a canvas extended to keep the banner whole (intelligent resizing). */
  fill: Fill;
  /** The user's box to keep in every target ("Keep this"); null: framed automatically. */
  focus: CropRect | null;
  /** The target tab that is open (the page's, not the address's). */
  tab: string | null;
}

export const EMPTY_SELECTION: Selection = {
  source: null,
  targets: [],
  useAi: true,
  fill: ADJUSTER_DEFAULT_FILL,
  focus: null,
  tab: null,
};

/** The selection an address holds, its source found among the flow's formats. */
export function selectionOf(
  address: AdjusterAddress,
  formats: readonly PlatformFormat[],
  tab: string | null,
): Selection {
  return {
    source: formats.find((f) => f.id === address.source) ?? null,
    targets: address.targets,
    useAi: address.useAi,
    fill: address.fill ?? ADJUSTER_DEFAULT_FILL,
    focus: address.focus,
    tab,
  };
}

/** What the address writes of a selection (the default fill is left out). */
export function selectionAddress(selection: Selection): AdjusterAddressChange {
  return {
    source: selection.source?.id ?? null,
    targets: selection.targets,
    useAi: selection.useAi,
    fill: sameFill(selection.fill, ADJUSTER_DEFAULT_FILL) ? null : selection.fill,
    focus: selection.focus,
  };
}

/** Nothing chosen: what Start Over writes. */
export const NO_SELECTION: AdjusterAddressChange = selectionAddress(EMPTY_SELECTION);
