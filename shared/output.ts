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
  return `${OUTPUT_LABELS[file.type]} · ${formatBytes(file.size)}`;
}

/** "412 KB" style sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A platform's file-size cap as it publishes it: binary caps as '8 MB' or '256 KB' (1024s), decimal
 * ones to the byte ('1,000,000 bytes', Bluesky's), so a reader never sees a rounded cap.
 */
export function formatCap(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
