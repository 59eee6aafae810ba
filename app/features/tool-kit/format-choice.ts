import type { FormatKind, PlatformFormat } from '../../../shared/formats';
import { platformName } from '../../../shared/platforms';
import { rankFormats } from '../../lib/word-search';

/**
 * The formats people ask for most, most asked first: the picks a photo's shape chooses among
 * (a landscape photo should not open on a profile circle).
 */
export const POPULAR_FORMAT_KEYS = [
  'instagram_post_square',
  'instagram_post_portrait',
  'instagram_story',
  'linkedin_post_landscape',
  'youtube_thumbnail',
  'facebook_post_square',
  'twitter_post_landscape',
  'linkedin_profile_banner',
  'facebook_cover_photo',
  'twitter_header',
  'youtube_channel_banner',
  'linkedin_profile_picture',
] as const;

/** Plural headings for the kinds, in the order the picker groups them. */
export const KIND_LABELS: Record<FormatKind, string> = {
  post: 'Posts',
  story: 'Stories',
  profile: 'Profile pictures',
  banner: 'Banners and covers',
  thumbnail: 'Thumbnails',
  link: 'Link previews',
  ad: 'Ads',
  icon: 'Icons',
  screenshot: 'Screenshots',
  gallery: 'Gallery images',
  logo: 'Logos',
};

const distance = (format: PlatformFormat, aspect: number) => Math.abs(Math.log(format.width / format.height / aspect));

/**
 * Popular formats closest in shape to a picture of `aspect` (width / height), nearest first; a tie
 * keeps the popular order.
 */
export function suggestFormats(formats: readonly PlatformFormat[], aspect: number, count = 4): PlatformFormat[] {
  const popular = POPULAR_FORMAT_KEYS.map((key) => formats.find((f) => f.key === key)).filter(
    (f): f is PlatformFormat => f !== undefined,
  );
  const pool = popular.length > 0 ? popular : [...formats];
  return pool
    .map((format, rank) => ({ format, rank, d: distance(format, aspect) }))
    .sort((a, b) => a.d - b.d || a.rank - b.rank)
    .slice(0, count)
    .map((s) => s.format);
}

/** 'LinkedIn: Personal profile background / banner (4:1), 1584 × 396': a card's accessible name. */
export function formatName(format: PlatformFormat): string {
  return `${platformName(format.platform)}: ${format.description}, ${format.width} × ${format.height}`;
}

/** The format select's label: 'description (width × height)'. */
export function formatLabel(format: Pick<PlatformFormat, 'description' | 'width' | 'height'>): string {
  return `${format.description} (${format.width} × ${format.height})`;
}

/**
 * Formats matching every word of `query` in their platform, name, description, kind, size
 * ('1080x1920', '1080') or aspect ratio, the ones on a platform the query names first
 * (app/lib/word-search.ts); all of them for an empty query.
 */
export function searchFormats(formats: readonly PlatformFormat[], query: string): PlatformFormat[] {
  return rankFormats(formats, query, (format) => KIND_LABELS[format.kind]);
}

/** Formats grouped by kind, in KIND_LABELS order, each group in catalogue order. */
export function groupByKind(formats: readonly PlatformFormat[]): Array<[FormatKind, PlatformFormat[]]> {
  return (Object.keys(KIND_LABELS) as FormatKind[])
    .map((kind): [FormatKind, PlatformFormat[]] => [kind, formats.filter((f) => f.kind === kind)])
    .filter(([, group]) => group.length > 0);
}

/** Platforms in the order their formats come, each with its formats. */
export function groupByPlatform(formats: readonly PlatformFormat[]): { platform: string; formats: PlatformFormat[] }[] {
  const groups: { platform: string; formats: PlatformFormat[] }[] = [];
  for (const format of formats) {
    const group = groups.find((g) => g.platform === format.platform);
    if (group) group.formats.push(format);
    else groups.push({ platform: format.platform, formats: [format] });
  }
  return groups;
}
