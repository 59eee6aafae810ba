/**
 * What fills the part of the frame the picture does not reach (a crop zoomed out below the
 * picture, or a content-aware canvas extended around it): nothing (transparent, where the file type
 * and the platform keep alpha), a solid colour, or a blurred copy of the picture. The engine's
 * vocabulary (pixels/fill.ts paints it); shared/fill.ts reads it from requests and labels it.
 */
export const FILL_KINDS = ['transparent', 'color', 'blur'] as const;
export type FillKind = (typeof FILL_KINDS)[number];

/** A colour is '#' and six hex digits, in small letters ('#1a2b3c'). */
export type Fill = { kind: 'transparent' } | { kind: 'color'; color: string } | { kind: 'blur' };

/** '#1a2b3c' -> [26, 43, 60]. */
export function hexToRgb(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}
