/**
 * What a format is (a catalogue entry or a size of the user's own), apart from the catalogue itself
 * (formats.ts) so custom-format.ts can build one without importing the catalogue that imports it.
 * formats.ts re-exports all of it.
 */
import type { FormatRules, OutputType } from '@social-resizer/engine/plan/output';
import type { Platform } from './platforms';

export const FORMAT_KINDS = [
  'profile',
  'banner',
  'post',
  'story',
  'link',
  'ad',
  'thumbnail',
  'icon',
  'screenshot',
  'gallery',
  'logo',
] as const;
export type FormatKind = (typeof FORMAT_KINDS)[number];

export const CONFIDENCES = ['official', 'widely-cited', 'uncertain'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** What the platform covers or cuts, in output pixels, so the editor can draw it. */
export type SafeZone =
  | { shape: 'circle'; note: string }
  | { shape: 'rect'; x: number; y: number; width: number; height: number; note: string }
  | { shape: 'note'; note: string };

/** A format's rules are what the engine checks a file against (engine/plan/output.ts FormatRules). */
export interface PlatformFormat extends FormatRules {
  /** Stable numeric id used in URLs and request bodies. */
  id: number;
  /** Stable readable key, as in the reference table. */
  key: string;
  /** A catalogue platform, or 'custom' for a size of the user's own (shared/custom-format.ts). */
  platform: Platform | 'custom';
  /** Short name, unique within the platform; used in file names ("banner" -> ...-linkedin-banner-1584x396.png). */
  format: string;
  description: string;
  width: number;
  height: number;
  /** "4:1", "16:9", or "1.91:1" where the exact ratio has no small integer form. */
  aspectRatio: string;
  kind: FormatKind;
  /** Offered in the profile-picture flow (square, shown as a circle). */
  profile: boolean;
  /** The platform refuses transparency (rejects an alpha channel): output is flattened. */
  opaque: boolean;
  /**
   * The file types the platform accepts, from its published rules. JPEG and PNG where a platform
   * names no types (every platform takes both); WebP only where the rules name it.
   */
  types: readonly OutputType[];
  /** The platform's documented maximum file size in bytes, or null where none is published. */
  maxBytes: number | null;
  safeZone: SafeZone | null;
  confidence: Confidence;
  /** Where the size and rules come from (shown beside the format: docs/product.md, "The catalogue"). */
  source: FormatSource;
  /** The month the source was last checked, 'YYYY-MM' ('' for a size of the user's own). */
  checked: string;
}

export interface FormatSource {
  /** Who says so, as a reader knows it ("Meta for Developers", "picovert.com"). */
  name: string;
  /** The page, or null where no published page was found (then `name` says so). */
  url: string | null;
}
