/** The platforms (docs/product.md, "The catalogue"), in the order the platform select lists them. */
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
  'pinterest',
  'threads',
  'bluesky',
  'whatsapp',
  'discord',
  'twitch',
  'reddit',
  'mastodon',
  'tumblr',
  'google business profile',
  'link preview',
  'email',
] as const;

export type Platform = (typeof PLATFORMS)[number];

export const DEFAULT_PLATFORM: Platform = 'linkedin';

/** Each platform's name as the platform itself writes it. */
const PLATFORM_NAMES: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  'app store': 'App Store',
  'google play store': 'Google Play',
  behance: 'Behance',
  'product hunt': 'Product Hunt',
  pinterest: 'Pinterest',
  threads: 'Threads',
  bluesky: 'Bluesky',
  whatsapp: 'WhatsApp',
  discord: 'Discord',
  twitch: 'Twitch',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  tumblr: 'Tumblr',
  'google business profile': 'Google Business Profile',
  'link preview': 'Link preview',
  email: 'Email',
};

/** 'linkedin' -> 'LinkedIn', 'twitter' -> 'X (Twitter)'; an unknown value title-cased. */
export function platformName(platform: string): string {
  if (platform === 'custom') return 'Custom size';
  return PLATFORM_NAMES[platform as Platform] ?? titleCase(platform);
}

/** 'google play store' -> 'Google Play Store'; for format names. */
export function titleCase(value: string): string {
  return value.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
