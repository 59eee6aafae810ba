/**
 * Output file types: what a download, an adjuster result or a ZIP entry can be. Auto (the default)
 * gives PNG where the output uses transparency or is flat graphics, JPEG for a photograph; each
 * format offers only the types its platform accepts (PlatformFormat.types).
 */
export const OUTPUT_TYPES = ['jpeg', 'png', 'webp'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];
export const OUTPUT_CHOICES = ['auto', ...OUTPUT_TYPES] as const;
export type OutputChoice = (typeof OUTPUT_CHOICES)[number];

/** libjpeg's and libwebp's quality scale (sharp's too); 82 keeps photos clean at a fraction of PNG's size. */
export const DEFAULT_QUALITY = 82;
export const MIN_USER_QUALITY = 40;

export const OUTPUT_LABELS: Record<OutputChoice, string> = { auto: 'Auto', jpeg: 'JPEG', png: 'PNG', webp: 'WebP' };
export const OUTPUT_MIME_TYPES: Record<OutputType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
export const OUTPUT_EXTENSIONS: Record<OutputType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The user's choice: a type (or Auto) and the quality JPEG and WebP use. */
export interface OutputSettings {
  type: OutputChoice;
  quality: number;
}

export const DEFAULT_OUTPUT: OutputSettings = { type: 'auto', quality: DEFAULT_QUALITY };

/** What the chosen type becomes for one format: itself where accepted, else Auto. */
export function choiceFor(choice: OutputChoice, accepted: readonly OutputType[]): OutputChoice {
  return choice !== 'auto' && accepted.includes(choice) ? choice : 'auto';
}

/** 'JPEG · 207 KB': a rendered file as lists show it. */
export function fileSummary(file: { type: OutputType; size: number }): string {
  return `${OUTPUT_LABELS[file.type]} · ${formatSize(file.size)}`;
}

/**
 * Every size the product shows, of a file, an estimate or a platform's cap, one way ("186 KB",
 * "1.5 MB", "8 MB"), in the units of the cap it is compared with: kilobytes of 1,024 bytes, or of
 * 1,000 where the cap was published in those (Bluesky's 1,000,000 bytes, a custom size's 60 KB),
 * so a cap always reads as published and a file beside it in the same units. Kilobytes and tenths
 * of a megabyte are rounded down: a file under its cap never reads as over it. Every cap of the
 * catalogue and every custom cap is a whole number of its kilobytes, so reads exactly.
 */
export function formatSize(bytes: number, cap: number | null = null): string {
  const k = cap !== null && cap % 1024 !== 0 ? 1000 : 1024;
  if (bytes < k) return `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < k * k) return `${Math.floor(bytes / k).toLocaleString('en-US')} KB`;
  const tenths = Math.floor((bytes / k / k) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

/**
 * The largest catalogue format's pixels (the iPad 13" screenshot, 2752 × 2064): a render of that
 * size is what the engine's memory is measured for (input/limits.ts); a custom size is at most this
 * (shared/custom-format.ts MAX_CUSTOM_PIXELS).
 */
export const MAX_OUTPUT_PIXELS = 2752 * 2064;

/**
 * What the engine found when it checked a file against its format's rules (output/acceptance.ts):
 * the facts read back from the file's own bytes, and each rule it breaks as a sentence.
 * shared/file-check.ts reads the same from an answer and words it for the app.
 */
export interface FileCheck {
  /** Every rule met: the file is offered as ready for its platform. */
  ready: boolean;
  width: number;
  height: number;
  type: OutputType;
  bytes: number;
  maxBytes: number | null;
  /** Any pixel can be transparent (an alpha channel or a transparent colour). */
  alpha: boolean;
  /** Each rule the file breaks, as the user reads it; empty when ready. */
  problems: string[];
}

/** The rules of a format a file is checked against (what a PlatformFormat of the catalogue has). */
export interface FormatRules {
  width: number;
  height: number;
  /** The file types the platform accepts. */
  types: readonly OutputType[];
  /** The platform refuses transparency. */
  opaque: boolean;
  /** The platform's maximum file size in bytes, or null where none is published. */
  maxBytes: number | null;
}
