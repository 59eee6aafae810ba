/**
 * The single-image tool's rules with numbers (spec document 1, sections 2, 4 and 9), kept pure so
 * the component tests pin them.
 */
import type { PlatformFormat } from '../../../shared/formats';

export const DEFAULT_ZOOM = 1.25;
export const ZOOM_STEP = 0.01;
export const ZOOM_TICKS = [0.5, 1.5, 2.5, 3] as const;
export const DEFAULT_PLATFORM = 'linkedin';

/** Height of the cropper preview by the format's aspect ratio (width / height). */
export function previewHeight(aspect: number): number {
  if (aspect > 3) return 200;
  if (aspect > 2) return 250;
  if (aspect > 1.5) return 300;
  if (aspect < 0.8) return 500;
  return 400;
}

/** The 'Wide Format' badge shows above 2.5. */
export function isWideFormat(aspect: number): boolean {
  return aspect > 2.5;
}

/** The format select's label: 'description (width × height)'. */
export function formatLabel(format: Pick<PlatformFormat, 'description' | 'width' | 'height'>): string {
  return `${format.description} (${format.width} × ${format.height})`;
}

/** A file's size in MB to 2 decimals. */
export function sizeInMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** 'Today at 3:07 PM' in the visitor's locale. */
export function createdLabel(date: Date): string {
  return `Today at ${date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
}

/**
 * The largest photos the browser sends as they are, by type: a little under what the server
 * decodes (README, "Image limits": baseline JPEG 53 MP, so a 48 MP phone photo goes up untouched;
 * PNG 39.8 MP; WebP 4.7 MP). Larger ones are redrawn smaller before upload (orientation applied,
 * high-quality downscale; JPEG at 92 %, PNG and WebP as PNG to keep transparency).
 */
export const SEND_AS_IS_PIXELS: Record<string, number> = {
  'image/jpeg': 50_000_000,
  'image/png': 36_000_000,
  'image/webp': 4_500_000,
};

/**
 * The fallback: a photo the server refused as too large (a progressive JPEG over 13.3 MP, an
 * interlaced PNG over 10 MP, a file over 50 MB) is redrawn to this and sent again. 12 MP is more
 * than any format needs at zoom 1 (the largest is 2868 px on its long side).
 */
export const FALLBACK_PIXELS: Record<string, number> = {
  'image/jpeg': 12_000_000,
  'image/png': 9_000_000,
  'image/webp': 4_500_000,
};

/** The size a photo is redrawn at to fit its type's limit, or null to send it as it is. */
export function normalisedSize(
  width: number,
  height: number,
  type = 'image/jpeg',
  limits: Record<string, number> = SEND_AS_IS_PIXELS,
): { width: number; height: number } | null {
  const limit = limits[type] ?? limits['image/png'] ?? 9_000_000;
  const pixels = width * height;
  if (pixels <= limit) return null;
  const scale = Math.sqrt(limit / pixels);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}
