import type { CropRect } from '../../../shared/crop';
import { ADJUSTER_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';

/** What the configure step holds: kept when the visitor goes back from the results. */
export interface Selection {
  source: PlatformFormat | null;
  targets: number[];
  useAi: boolean;
  /** What fills a canvas extended to keep the banner whole (intelligent resizing). */
  fill: Fill;
  /** The user's box to keep in every target ("Keep this"); null: framed automatically. */
  focus: CropRect | null;
  /** The target tab that is open. */
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
