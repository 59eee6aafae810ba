/** How large a photo the browser sends as it is, and the size it redraws one at when not. */

/**
 * The largest photos the browser sends as they are, by type: a little under what the server
 * decodes (docs/engine.md, "Image limits": baseline JPEG 53 MP, so a 48 MP phone photo goes up
 * untouched; PNG 39.8 MP). A WebP goes up to 50 MP and the server says: what it takes (36 to 43 MP
 * opaque) depends on the file's size and kind. Larger ones are redrawn smaller before upload
 * (orientation applied, high-quality downscale; JPEG at 92 %, PNG as PNG, WebP as WebP at 92 %
 * where the browser writes it, else PNG).
 */
export const SEND_AS_IS_PIXELS: Record<string, number> = {
  'image/jpeg': 50_000_000,
  'image/png': 36_000_000,
  'image/webp': 50_000_000,
};

/**
 * The fallback: a photo the server refused as too large (a progressive JPEG over 53 MP, an
 * interlaced PNG over 29.3 MP, a lossless WebP over about 6 MP, a file over 50 MB) is redrawn to this
 * and sent again. 12 MP is more than any format needs at zoom 1 (the largest is 2868 px on its long
 * side).
 */
export const FALLBACK_PIXELS: Record<string, number> = {
  'image/jpeg': 12_000_000,
  'image/png': 9_000_000,
  'image/webp': 12_000_000,
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
