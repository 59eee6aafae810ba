/** The 11 platforms of the spec, in the order the platform select lists them. */
export const PLATFORMS = [
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'youtube',
  'tiktok',
  'snapchat',
  'app store',
  'google play store',
  'behance',
  'product hunt',
] as const;

export type Platform = (typeof PLATFORMS)[number];

export const DEFAULT_PLATFORM: Platform = 'linkedin';

/** 'google play store' -> 'Google Play Store'; used for platform and format names alike. */
export function titleCase(value: string): string {
  return value.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
