import { PLATFORMS, type Platform } from './platforms';

/**
 * A platform as a path segment of the formats guide (docs/product.md, "Formats guide"):
 * 'google play store' -> 'google-play-store'. Stable, since the guide's addresses are shared.
 */
export function platformSlug(platform: Platform): string {
  return platform.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export const PLATFORM_SLUGS: readonly string[] = PLATFORMS.map(platformSlug);

const bySlug = new Map<string, Platform>(PLATFORMS.map((p) => [platformSlug(p), p]));

/** The platform a guide address names, or undefined for a slug the catalogue has no platform for. */
export function platformOfSlug(slug: string): Platform | undefined {
  return bySlug.get(slug);
}
