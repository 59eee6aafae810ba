/**
 * The platform format catalogue: the one source of truth for every size the product renders.
 *
 * Built from ../shared/reference/platform-formats.md (researched 2025-26). Each entry keeps the
 * reference's source and confidence in a comment:
 *   official      the platform's own help or developer page (or its text quoted verbatim)
 *   widely-cited  several independent 2025-26 guides agree, no official page seen
 *   uncertain     guides disagree or a single secondary source; the chosen value is explained
 *
 * Ids are stable: never renumber an entry, only append. 74 of the reference's 75 rows are
 * here: the Snapchat geofilter was left out because it is an overlay that must be at least 50 %
 * transparent and under 300 KB, which no crop of a photo can satisfy.
 *
 * Descriptions are worded so that the banner rule (description contains cover, banner or header)
 * picks exactly the covers, banners and headers, e.g. "Reel thumbnail", not "Reel cover".
 */
import { safeName } from './filenames';
import { OUTPUT_EXTENSIONS, type OutputType } from './output';
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

export interface PlatformFormat {
  /** Stable numeric id used in URLs and request bodies. */
  id: number;
  /** Stable readable key, as in the reference table. */
  key: string;
  platform: Platform;
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
}

const KB = 1024;
const MB = 1024 * KB;

const CIRCLE: SafeZone = {
  shape: 'circle',
  note: 'Shown as a circle: the corners are cut off.',
};

type EntryInput = Omit<PlatformFormat, 'profile' | 'opaque' | 'types' | 'maxBytes' | 'safeZone'> &
  Partial<Pick<PlatformFormat, 'opaque' | 'types' | 'maxBytes' | 'safeZone'>>;

const JPEG_PNG: readonly OutputType[] = ['jpeg', 'png'];
const WITH_WEBP: readonly OutputType[] = ['jpeg', 'png', 'webp'];
const PNG_ONLY: readonly OutputType[] = ['png'];

function entry(input: EntryInput): PlatformFormat {
  const profile = input.kind === 'profile';
  return {
    ...input,
    profile,
    opaque: input.opaque ?? false,
    types: input.types ?? JPEG_PNG,
    maxBytes: input.maxBytes ?? null,
    safeZone: input.safeZone !== undefined ? input.safeZone : profile ? CIRCLE : null,
  };
}

// One line a format, so the catalogue reads as a table (prettier would spread it over a thousand lines).
// prettier-ignore
export const PLATFORM_FORMATS: readonly PlatformFormat[] = [
  // ── facebook ──────────────────────────────────────────────────────────────────────────────
  // uncertain: guides give 170, 180, 320, 360 and 720; civicplus.com quotes Facebook recommending
  // 720x720 or 960x960. 720 is a safe upload size that displays sharply at every size.
  entry({ id: 1, key: 'facebook_profile_picture', platform: 'facebook', format: 'profile picture', description: 'Page/profile picture (shown as circle)', width: 720, height: 720, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),
  // widely-cited: Facebook Help text quoted by review.trendsmask.com and urklion.blogg.se;
  // caffeinatedwebstudio.com quotes the 820x312 desktop and 640x360 mobile crops.
  entry({
    id: 2, key: 'facebook_cover_photo', platform: 'facebook', format: 'cover photo', description: 'Page cover photo (desktop 820x312, mobile 640x360 crop)', width: 851, height: 315, aspectRatio: '2.70:1', kind: 'banner', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 146, y: 0, width: 560, height: 315, note: 'Mobile shows only the centre 16:9 area; the profile picture covers the lower left on desktop.' },
  }),
  // uncertain: third-party guides only (socialk.it, eazycommerce.io disagree).
  entry({ id: 3, key: 'facebook_group_cover', platform: 'facebook', format: 'group cover', description: 'Group cover photo', width: 1640, height: 856, aspectRatio: '1.92:1', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'note', note: 'Keep text centred: mobile crops the sides.' } }),
  // widely-cited: socialk.it (verified Jun 2026), pixotter.com, picovert.com.
  entry({ id: 4, key: 'facebook_event_cover', platform: 'facebook', format: 'event cover', description: 'Event cover photo (1.91:1)', width: 1920, height: 1005, aspectRatio: '1.91:1', kind: 'banner', confidence: 'widely-cited', safeZone: { shape: 'note', note: 'Keep key content centred.' } }),
  // widely-cited: stish.app Meta spec summary; katavamarketing.com.
  entry({ id: 5, key: 'facebook_post_square', platform: 'facebook', format: 'post square', description: 'Feed post, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'widely-cited' }),
  // widely-cited: imagefactory.co.kr Meta guide; marketertools.fyi.
  entry({ id: 6, key: 'facebook_post_portrait', platform: 'facebook', format: 'post portrait', description: 'Feed post, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'widely-cited' }),
  // official: developers.facebook.com/docs/sharing/webmasters/images (min 200x200, at most 8 MB).
  entry({ id: 7, key: 'facebook_link_share', platform: 'facebook', format: 'link share', description: 'Link share / Open Graph image (1.91:1)', width: 1200, height: 630, aspectRatio: '1.91:1', kind: 'link', confidence: 'official', maxBytes: 8 * MB }),
  // widely-cited: mediamaxnetwork.com quoting Meta ad specs (14 % top, 35 % bottom free of text); imghunt.com.
  entry({
    id: 8, key: 'facebook_story', platform: 'facebook', format: 'story', description: 'Story (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 269, width: 1080, height: 979, note: 'Keep the top 14 % and bottom 35 % free of text: the app overlays them.' },
  }),
  // widely-cited: mediamaxnetwork.com (Meta specs 1440x1440, 1440x1800, 1440x2560, max 30 MB); imagefactory.co.kr.
  entry({ id: 9, key: 'facebook_ad_feed_square', platform: 'facebook', format: 'ad square', description: 'Feed ad, square (Meta recommended 1440)', width: 1440, height: 1440, aspectRatio: '1:1', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB }),
  entry({ id: 10, key: 'facebook_ad_feed_portrait', platform: 'facebook', format: 'ad portrait', description: 'Feed ad, portrait 4:5', width: 1440, height: 1800, aspectRatio: '4:5', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB }),
  // widely-cited: mediamaxnetwork.com; imagefactory.co.kr (Reels: 358 top / 896 bottom at 1440x2560, 6 % sides).
  entry({
    id: 11, key: 'facebook_ad_story', platform: 'facebook', format: 'ad story', description: 'Stories/Reels ad (9:16)', width: 1440, height: 2560, aspectRatio: '9:16', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB,
    safeZone: { shape: 'rect', x: 86, y: 358, width: 1268, height: 1306, note: 'Meta keeps 14 % top, 6 % sides and 35 % bottom for its interface.' },
  }),

  // ── instagram ─────────────────────────────────────────────────────────────────────────────
  // widely-cited: code.robsmelik.com and supplygasil quoting Instagram help (stored at 320x320); imghunt.com.
  entry({ id: 12, key: 'instagram_profile_picture', platform: 'instagram', format: 'profile picture', description: 'Profile picture (stored 320x320, shown ~110 px circle)', width: 320, height: 320, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited' }),
  // official: Instagram help as quoted by supplygasil.blogg.se and cvt-jp.com; recurpost.com.
  entry({ id: 13, key: 'instagram_post_square', platform: 'instagram', format: 'post square', description: 'Feed post, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'official' }),
  // official: Instagram help (quoted); picturesizes.com. The profile grid previews the centre 3:4.
  entry({
    id: 14, key: 'instagram_post_portrait', platform: 'instagram', format: 'post portrait', description: 'Feed post, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'official',
    safeZone: { shape: 'rect', x: 34, y: 0, width: 1012, height: 1350, note: 'The profile grid shows the centre 3:4.' },
  }),
  // widely-cited: recurpost.com ("accepts 1.91:1 through 3:4"), socialbu.com, pictuary.com.
  entry({ id: 15, key: 'instagram_post_portrait_3x4', platform: 'instagram', format: 'post tall', description: 'Feed post, tall 3:4 (supported since 2025 grid change)', width: 1080, height: 1440, aspectRatio: '3:4', kind: 'post', confidence: 'widely-cited' }),
  // official: Instagram help quoted by cvt-jp.com (1080 wide, 566 to 1350 tall).
  entry({ id: 16, key: 'instagram_post_landscape', platform: 'instagram', format: 'post landscape', description: 'Feed post, landscape 1.91:1', width: 1080, height: 566, aspectRatio: '1.91:1', kind: 'post', confidence: 'official' }),
  // widely-cited: imghunt.com; stish.app (250 px top and bottom kept clear).
  entry({
    id: 17, key: 'instagram_story', platform: 'instagram', format: 'story', description: 'Story (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 250, width: 1080, height: 1420, note: 'Keep about 250 px at the top and bottom clear of text.' },
  }),
  // widely-cited: recurpost.com; pictuary.com (the grid shows the centre 1080x1440).
  entry({
    id: 18, key: 'instagram_reel_thumbnail', platform: 'instagram', format: 'reel thumbnail', description: 'Reel thumbnail (9:16; grid shows 3:4 center)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 240, width: 1080, height: 1440, note: 'The profile grid shows the centre 3:4.' },
  }),

  // ── linkedin ──────────────────────────────────────────────────────────────────────────────
  // widely-cited: LinkedIn help as summarised by askai.glarity.app, cadslist.com, picturesizes.com (up to 8 MB).
  entry({ id: 19, key: 'linkedin_profile_picture', platform: 'linkedin', format: 'profile picture', description: 'Personal profile photo (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // official: webbannerexperts.com, pixelmeasures.com ("Official: LinkedIn Help"), connectsafely.ai (< 8 MB).
  entry({
    id: 20, key: 'linkedin_profile_banner', platform: 'linkedin', format: 'banner', description: 'Personal profile background / banner (4:1)', width: 1584, height: 396, aspectRatio: '4:1', kind: 'banner', confidence: 'official', maxBytes: 8 * MB,
    safeZone: { shape: 'note', note: 'The profile photo covers the lower left on desktop and the centre on mobile: keep text to the top right.' },
  }),
  // uncertain: picturesizes.com says 300x300, cadslist.com 400x400; LinkedIn's page help was not seen.
  // Offered in the profile flow as the reference marks it; LinkedIn shows company logos square, so no circle.
  entry({ id: 21, key: 'linkedin_company_logo', platform: 'linkedin', format: 'company logo', description: 'Company Page logo (square)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain', safeZone: null }),
  // widely-cited: connectsafely.ai, dresma.com, picturesizes.com (up to 8 MB, secondary); some guides cite 4200x700.
  entry({ id: 22, key: 'linkedin_company_cover', platform: 'linkedin', format: 'company cover', description: 'Company Page cover image', width: 1128, height: 191, aspectRatio: '5.91:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // widely-cited: picturesizes.com, so-me.studio, unanswered.io.
  entry({ id: 23, key: 'linkedin_post_landscape', platform: 'linkedin', format: 'post landscape', description: 'Feed image / link share (1.91:1)', width: 1200, height: 627, aspectRatio: '1.91:1', kind: 'post', confidence: 'widely-cited' }),
  // official: linkedin.com/help/lms/answer/a426534.
  entry({ id: 24, key: 'linkedin_post_square', platform: 'linkedin', format: 'post square', description: 'Feed image, square', width: 1200, height: 1200, aspectRatio: '1:1', kind: 'post', confidence: 'official' }),
  entry({ id: 25, key: 'linkedin_post_portrait', platform: 'linkedin', format: 'post portrait', description: 'Feed image, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'official' }),
  // official: linkedin.com/help/lms/answer/a426534 (max 5 MB, min 640x360).
  entry({ id: 26, key: 'linkedin_ad_single_image', platform: 'linkedin', format: 'ad', description: 'Single image ad (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official', maxBytes: 5 * MB }),
  // uncertain: guides give 1200x627 (so-me.studio), 1280x720 and 744x400 (filestudio.app, old).
  // 1920x1080 keeps 16:9 at a size that downsizes cleanly to each of them.
  entry({ id: 27, key: 'linkedin_article_cover', platform: 'linkedin', format: 'article header', description: 'Article / newsletter header image', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'note', note: 'Sizes differ between guides: keep text centred.' } }),

  // ── twitter (X) ───────────────────────────────────────────────────────────────────────────
  // widely-cited: picovert.com, ratiosize.com, blog.aitoearn.ai. 2 MB chosen over the 5 MB some cite.
  entry({ id: 28, key: 'twitter_profile_picture', platform: 'twitter', format: 'profile picture', description: 'Profile photo (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 2 * MB }),
  // widely-cited: profilekit.co, picovert.com (5 MB); elgato docs (2 MB): the lower limit is kept.
  entry({
    id: 29, key: 'twitter_header', platform: 'twitter', format: 'header', description: 'Profile header / banner (3:1)', width: 1500, height: 500, aspectRatio: '3:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 2 * MB,
    safeZone: { shape: 'note', note: 'The profile photo covers the lower left and mobile crops the sides.' },
  }),
  // widely-cited: skarving-multimedia.dk, imageconvertertool (1200x675 also common), up to 5 MB.
  // types: X Help 'Adding photos to your post' names JPEG, PNG, GIF and WebP for every in-stream photo (widely cited).
  entry({ id: 30, key: 'twitter_post_landscape', platform: 'twitter', format: 'post landscape', description: 'In-stream image 16:9', width: 1600, height: 900, aspectRatio: '16:9', kind: 'post', confidence: 'widely-cited', maxBytes: 5 * MB, types: WITH_WEBP }),
  // widely-cited: picovert.com.
  entry({ id: 31, key: 'twitter_post_square', platform: 'twitter', format: 'post square', description: 'In-stream image, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'widely-cited', maxBytes: 5 * MB, types: WITH_WEBP }),
  // widely-cited: picovert.com, so-me.studio.
  entry({ id: 32, key: 'twitter_post_portrait', platform: 'twitter', format: 'post portrait', description: 'In-stream image, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'widely-cited', maxBytes: 5 * MB, types: WITH_WEBP }),
  // uncertain: X Cards docs as quoted in github.com/Yoast/javascript/issues/150 (2:1, < 5 MB); the docs page now 404s.
  // types: X Cards docs (as quoted, uncertain): JPG, PNG, WEBP and GIF.
  entry({ id: 33, key: 'twitter_card_large_image', platform: 'twitter', format: 'card image', description: 'Link card: summary_large_image (2:1)', width: 1200, height: 600, aspectRatio: '2:1', kind: 'link', confidence: 'uncertain', maxBytes: 5 * MB, types: WITH_WEBP }),
  // official: developer.x.com/en/docs/ads/creatives/overview/revenue-cards (<= 3 MB, width >= 800).
  entry({ id: 34, key: 'twitter_ad_website_card', platform: 'twitter', format: 'website card ad', description: 'Website card ad image (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official', maxBytes: 3 * MB }),

  // ── youtube ───────────────────────────────────────────────────────────────────────────────
  // widely-cited: imagine.art ("based on YouTube guidelines"), pixelation.org (~4 MB, secondary).
  entry({ id: 35, key: 'youtube_profile_picture', platform: 'youtube', format: 'profile picture', description: 'Channel icon / profile picture (circle)', width: 800, height: 800, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 4 * MB }),
  // official: YouTube help as quoted by technocults.com, xrsave.com, screensnap.pro, elgato docs:
  // min 2048x1152, <= 6 MB; safe area 1235x338 at 2048 wide = 1546x423 at 2560.
  entry({
    id: 36, key: 'youtube_channel_banner', platform: 'youtube', format: 'banner', description: 'Channel banner (TV full; desktop/mobile crop to center strip)', width: 2560, height: 1440, aspectRatio: '16:9', kind: 'banner', confidence: 'official', maxBytes: 6 * MB,
    safeZone: { shape: 'rect', x: 507, y: 508, width: 1546, height: 423, note: 'Phones and desktops show only the centre strip; TVs show it all.' },
  }),
  // official: YouTube help quoted by simonwebdesign.com and devaul.net (< 2 MB, at least 640 wide).
  entry({ id: 37, key: 'youtube_thumbnail', platform: 'youtube', format: 'thumbnail', description: 'Video thumbnail (16:9)', width: 1280, height: 720, aspectRatio: '16:9', kind: 'thumbnail', confidence: 'official', maxBytes: 2 * MB }),
  // widely-cited: skarving-multimedia.dk, imghunt.com.
  entry({ id: 38, key: 'youtube_shorts_thumbnail', platform: 'youtube', format: 'shorts thumbnail', description: 'Shorts thumbnail (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited', safeZone: { shape: 'note', note: 'Grids show the centre of the frame.' } }),
  // uncertain: from YouTube help as remembered (< 1 MB); no published page found.
  entry({ id: 39, key: 'youtube_watermark', platform: 'youtube', format: 'watermark', description: 'Video branding watermark (square)', width: 150, height: 150, aspectRatio: '1:1', kind: 'logo', confidence: 'uncertain', maxBytes: 1 * MB }),
  // uncertain: coreydylan/lashpop docs (secondary, ~16 MB); not official.
  entry({ id: 40, key: 'youtube_community_post', platform: 'youtube', format: 'community post', description: 'Community / Posts tab image (1:1)', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'uncertain', maxBytes: 16 * MB }),

  // ── tiktok ────────────────────────────────────────────────────────────────────────────────
  // widely-cited: picturesizes.com (720x720 upload, 200x200 min), so-me.studio, logoviking.com.
  entry({ id: 41, key: 'tiktok_profile_picture', platform: 'tiktok', format: 'profile picture', description: 'Profile photo (circle)', width: 720, height: 720, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited' }),
  // widely-cited: logoviking.com, image-compressor.uk (bottom ~20 % covered by the caption).
  entry({
    id: 42, key: 'tiktok_video_thumbnail', platform: 'tiktok', format: 'video thumbnail', description: 'Video thumbnail (profile grid)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 0, width: 1080, height: 1536, note: 'The caption and buttons cover the bottom fifth.' },
  }),
  // widely-cited: picturesizes.com, editthispic.com (top ~150 px, bottom ~250 px clear).
  entry({
    id: 43, key: 'tiktok_photo_mode', platform: 'tiktok', format: 'photo mode', description: 'Photo Mode / carousel slide (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'post', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 150, width: 1080, height: 1520, note: 'Keep the top 150 px and bottom 250 px clear of the app interface.' },
  }),
  // widely-cited: so-me.studio, geratools.com, soona.co (min 720x1280).
  entry({
    id: 44, key: 'tiktok_ad_vertical', platform: 'tiktok', format: 'ad vertical', description: 'In-feed / TopView image ad (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'ad', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 150, width: 1080, height: 1520, note: 'Keep the top 150 px and bottom 250 px clear of the app interface.' },
  }),
  // official: ads.tiktok.com/help/article?aid=6701253237862825989 (no hard limit; <= 500 KB only suggested).
  entry({ id: 45, key: 'tiktok_pangle_ad_horizontal', platform: 'tiktok', format: 'pangle ad', description: 'Pangle / News-Feed-app image ad (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official' }),

  // ── snapchat ──────────────────────────────────────────────────────────────────────────────
  // uncertain: help.uniagency.net (a Snap partner quoting Ads Manager): min 320x320, max 2 MB.
  entry({ id: 46, key: 'snapchat_profile_picture', platform: 'snapchat', format: 'profile picture', description: 'Public/Business Profile photo', width: 320, height: 320, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain', maxBytes: 2 * MB }),
  // official: forbusiness.snapchat.com ad specs (1080x1920 canvas).
  entry({ id: 47, key: 'snapchat_story', platform: 'snapchat', format: 'story', description: 'Story / Spotlight snap (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'official' }),
  // official: forbusiness.snapchat.com/resources/advertising-guides/ad-specs (<= 5 MB; ~150 px top and bottom free of logos).
  entry({
    id: 48, key: 'snapchat_single_image_ad', platform: 'snapchat', format: 'image ad', description: 'Single Image ad (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'ad', confidence: 'official', maxBytes: 5 * MB,
    safeZone: { shape: 'rect', x: 0, y: 150, width: 1080, height: 1620, note: 'Keep the top and bottom 150 px free of logos and text.' },
  }),
  // official: forbusiness.snapchat.com ad specs; blstr.co (PNG <= 2 MB, 175 px top buffer).
  // types: Snapchat ad specs: the tile is a PNG (8-bit or lower).
  entry({
    id: 49, key: 'snapchat_story_ad_tile', platform: 'snapchat', format: 'story ad tile', description: 'Story Ad tile image', width: 360, height: 600, aspectRatio: '3:5', kind: 'ad', confidence: 'official', maxBytes: 2 * MB, types: PNG_ONLY,
    safeZone: { shape: 'rect', x: 0, y: 175, width: 360, height: 425, note: 'Snapchat places the logo in the top 175 px.' },
  }),
  // official: forbusiness.snapchat.com ad specs; blstr.co. A transparent PNG is required, which is what we deliver.
  entry({ id: 50, key: 'snapchat_story_ad_tile_logo', platform: 'snapchat', format: 'story ad logo', description: 'Story Ad tile logo (transparent)', width: 993, height: 284, aspectRatio: '3.50:1', kind: 'logo', confidence: 'official', types: PNG_ONLY }),
  // official: forbusiness.snapchat.com ad specs.
  entry({ id: 51, key: 'snapchat_collection_thumbnail', platform: 'snapchat', format: 'collection thumbnail', description: 'Collection ad product thumbnail', width: 160, height: 160, aspectRatio: '1:1', kind: 'thumbnail', confidence: 'official' }),

  // ── app store ─────────────────────────────────────────────────────────────────────────────
  // official: Apple HIG app icons and App Store Connect; appconsul.com; tauri PR #10114.
  // No alpha channel at all is accepted (even a fully opaque one), so the output is flattened.
  // types: App Store Connect takes the icon as PNG only.
  entry({ id: 52, key: 'appstore_app_icon', platform: 'app store', format: 'app icon', description: 'App Store icon (marketing icon)', width: 1024, height: 1024, aspectRatio: '1:1', kind: 'icon', confidence: 'official', opaque: true, types: PNG_ONLY }),
  // official: developer.apple.com/help/app-store-connect/reference/screenshot-specifications (via
  // appscreenshotstudio.com, ptkd.com). Screenshots: exact sizes only, RGB, no alpha.
  entry({ id: 53, key: 'appstore_iphone_69_portrait', platform: 'app store', format: 'iphone 6.9 portrait', description: 'iPhone 6.9" screenshot, portrait', width: 1320, height: 2868, aspectRatio: '1:2.17', kind: 'screenshot', confidence: 'official', opaque: true }),
  entry({ id: 54, key: 'appstore_iphone_69_landscape', platform: 'app store', format: 'iphone 6.9 landscape', description: 'iPhone 6.9" screenshot, landscape', width: 2868, height: 1320, aspectRatio: '2.17:1', kind: 'screenshot', confidence: 'official', opaque: true }),
  // official: appscreenshotstudio.com; screenshotify.app.
  entry({ id: 55, key: 'appstore_iphone_65_portrait', platform: 'app store', format: 'iphone 6.5 portrait', description: 'iPhone 6.5" screenshot (needed only if no 6.9" set)', width: 1284, height: 2778, aspectRatio: '1:2.16', kind: 'screenshot', confidence: 'official', opaque: true }),
  // official: ptkd.com, screenshotify.app, pub.dev nylo (iPad 13" 2064x2752).
  entry({ id: 56, key: 'appstore_ipad_13_portrait', platform: 'app store', format: 'ipad 13 portrait', description: 'iPad 13" screenshot, portrait', width: 2064, height: 2752, aspectRatio: '3:4', kind: 'screenshot', confidence: 'official', opaque: true }),
  entry({ id: 57, key: 'appstore_ipad_13_landscape', platform: 'app store', format: 'ipad 13 landscape', description: 'iPad 13" screenshot, landscape', width: 2752, height: 2064, aspectRatio: '4:3', kind: 'screenshot', confidence: 'official', opaque: true }),
  // widely-cited: picovert.com, forgeasc.com (accepted 1280x800 up to 2880x1800).
  entry({ id: 58, key: 'appstore_mac_screenshot', platform: 'app store', format: 'mac screenshot', description: 'Mac App Store screenshot (16:10)', width: 2880, height: 1800, aspectRatio: '8:5', kind: 'screenshot', confidence: 'widely-cited', opaque: true }),
  // widely-cited: screenshotify.app (only for iPhone 8 Plus-class devices).
  entry({ id: 59, key: 'appstore_iphone_55_portrait', platform: 'app store', format: 'iphone 5.5 portrait', description: 'iPhone 5.5" screenshot (legacy devices)', width: 1242, height: 2208, aspectRatio: '9:16', kind: 'screenshot', confidence: 'widely-cited', opaque: true }),

  // ── google play store ─────────────────────────────────────────────────────────────────────
  // official: developer.android.com icon-design-specifications; support.google.com answer 1078870
  // (32-bit PNG, alpha allowed, <= 1024 KB; Play applies its own corner radius).
  // types: Play takes the icon as a 32-bit PNG only.
  entry({ id: 60, key: 'playstore_app_icon', platform: 'google play store', format: 'app icon', description: 'Play Store hi-res icon', width: 512, height: 512, aspectRatio: '1:1', kind: 'icon', confidence: 'official', maxBytes: 1024 * KB, safeZone: { shape: 'note', note: 'Play rounds the corners by about 20 %: keep the subject away from them.' }, types: PNG_ONLY }),
  // official: support.google.com answer 1078870 (quoted in fdroid/repomaker#29): JPEG or 24-bit PNG,
  // no alpha; 1 MB cap from secondary sources (ezscreenshots).
  entry({
    id: 61, key: 'playstore_feature_graphic', platform: 'google play store', format: 'feature graphic', description: 'Feature graphic / store banner', width: 1024, height: 500, aspectRatio: '2.05:1', kind: 'banner', confidence: 'official', opaque: true, maxBytes: 1 * MB,
    safeZone: { shape: 'note', note: 'Keep key content central and out of the bottom third: a video play button overlays the centre.' },
  }),
  // official: support.google.com answer 1078870 via appscreens.com (24-bit PNG no alpha, <= 8 MB).
  entry({ id: 62, key: 'playstore_phone_screenshot_portrait', platform: 'google play store', format: 'phone screenshot portrait', description: 'Phone screenshot, portrait 9:16', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'screenshot', confidence: 'official', opaque: true, maxBytes: 8 * MB }),
  // official: appradar.com; perfectdeck.ai.
  entry({ id: 63, key: 'playstore_phone_screenshot_landscape', platform: 'google play store', format: 'phone screenshot landscape', description: 'Phone screenshot, landscape 16:9', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'screenshot', confidence: 'official', opaque: true, maxBytes: 8 * MB }),
  // widely-cited: appshoteditor.com, perfectdeck.ai (sides 1080-7680 px, <= 8 MB).
  entry({ id: 64, key: 'playstore_tablet_screenshot_portrait', platform: 'google play store', format: 'tablet screenshot portrait', description: '7"/10" tablet & Chromebook screenshot, portrait', width: 1440, height: 2560, aspectRatio: '9:16', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),
  entry({ id: 65, key: 'playstore_tablet_screenshot_landscape', platform: 'google play store', format: 'tablet screenshot landscape', description: 'Tablet & Chromebook screenshot, landscape', width: 2560, height: 1440, aspectRatio: '16:9', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),
  // official: fdroid/repomaker#29 quoting Play docs (tvBanner): JPEG or 24-bit PNG, no alpha.
  entry({ id: 66, key: 'playstore_tv_banner', platform: 'google play store', format: 'tv banner', description: 'Android TV banner', width: 1280, height: 720, aspectRatio: '16:9', kind: 'banner', confidence: 'official', opaque: true }),
  // widely-cited: appshoteditor.com (min 384x384, 1:1); Play screenshots take no alpha.
  entry({ id: 67, key: 'playstore_wear_screenshot', platform: 'google play store', format: 'wear screenshot', description: 'Wear OS screenshot (1:1)', width: 384, height: 384, aspectRatio: '1:1', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),

  // ── behance ───────────────────────────────────────────────────────────────────────────────
  // uncertain: picovert.com (at least 150x150, upload 300x300 or more); no official size found.
  entry({ id: 68, key: 'behance_profile_picture', platform: 'behance', format: 'profile picture', description: 'Profile avatar (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),
  // uncertain: help.behance.net/hc/en-us/articles/360015540594 gives 3200x410; picovert.com says 1400x320.
  entry({ id: 69, key: 'behance_profile_banner', platform: 'behance', format: 'banner', description: 'Profile banner', width: 3200, height: 410, aspectRatio: '7.80:1', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'note', note: 'Narrow screens crop the sides: keep text centred.' } }),
  // official: help.behance.net/hc/en-us/articles/360033998134 (Guide: Cover Images), at least 808x632.
  entry({ id: 70, key: 'behance_project_thumbnail', platform: 'behance', format: 'project thumbnail', description: 'Project thumbnail shown in portfolio grids', width: 808, height: 632, aspectRatio: '1.28:1', kind: 'thumbnail', confidence: 'official' }),
  // widely-cited: help.behance.net/hc/en-us/articles/204484614 (shown 1400 wide; <= 10 MB recommended).
  entry({ id: 71, key: 'behance_project_image', platform: 'behance', format: 'project image', description: 'Project module image (gallery, width fixed, height free)', width: 1400, height: 1050, aspectRatio: '4:3', kind: 'gallery', confidence: 'widely-cited', maxBytes: 10 * MB }),

  // ── product hunt ──────────────────────────────────────────────────────────────────────────
  // widely-cited: producthunt-skills (skills.sh/yoanbernabeu), dowhatmatter.com; <= 3 MB. Community, not PH help.
  entry({ id: 72, key: 'producthunt_thumbnail', platform: 'product hunt', format: 'thumbnail', description: 'Launch thumbnail / product icon', width: 240, height: 240, aspectRatio: '1:1', kind: 'thumbnail', confidence: 'widely-cited', maxBytes: 3 * MB }),
  // widely-cited: many launch kits on GitHub ("Gallery images 1270x760px, JPG/PNG, <3MB"); no official page.
  entry({ id: 73, key: 'producthunt_gallery_image', platform: 'product hunt', format: 'gallery image', description: 'Launch gallery image (first = hero)', width: 1270, height: 760, aspectRatio: '1.67:1', kind: 'gallery', confidence: 'widely-cited', maxBytes: 3 * MB }),
  // uncertain: no official spec found; a square 400x400 like the other avatars.
  entry({ id: 74, key: 'producthunt_profile_picture', platform: 'product hunt', format: 'profile picture', description: 'Maker/profile avatar (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),
];

const BANNER_WORDS = /cover|banner|header/i;

/** Banner formats: a description with cover, banner or header (docs/product.md, "Banner and profile adjusters"). */
export function isBannerFormat(format: Pick<PlatformFormat, 'description'>): boolean {
  return BANNER_WORDS.test(format.description);
}

export const BANNER_FORMATS = PLATFORM_FORMATS.filter(isBannerFormat);
export const PROFILE_FORMATS = PLATFORM_FORMATS.filter((f) => f.profile);

const byId = new Map(PLATFORM_FORMATS.map((f) => [f.id, f]));

export function findFormat(id: number): PlatformFormat | undefined {
  return byId.get(id);
}

export function findFormatByName(platform: string, format: string): PlatformFormat | undefined {
  return PLATFORM_FORMATS.find((f) => f.platform === platform && f.format === format);
}

/** width/height as a number, parsed from an "a:b" aspect ratio string. */
export function parseAspectRatio(ratio: string): number {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio);
  if (!match) return Number.NaN;
  return Number(match[1]) / Number(match[2]);
}

/** "beach.jpg" + LinkedIn banner as JPEG -> "beach-linkedin-banner-1584x396.jpg"; the name is made safe by safeName. */
export function outputFilename(
  originalFilename: string,
  format: Pick<PlatformFormat, 'platform' | 'format' | 'width' | 'height'>,
  type: OutputType,
): string {
  return `${safeName(originalFilename)}-${slug(format.platform)}-${slug(format.format)}-${format.width}x${format.height}.${OUTPUT_EXTENSIONS[type]}`;
}

/** 'beach-formats.zip': the ZIP of several formats of one upload. */
export function zipFilename(originalFilename: string): string {
  return `${safeName(originalFilename)}-formats.zip`;
}

/** A catalogue name ('app store', 'profile picture') as 'app-store', 'profile-picture'. */
function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
