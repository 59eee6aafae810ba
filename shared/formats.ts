/**
 * The platform format catalogue: the one source of truth for every size the product renders
 * (docs/product.md, "The catalogue").
 *
 * Built from the platform-formats research notes (researched 2025, checked again November 2026),
 * which are kept outside the repository: what a reader needs of them is here. Each entry carries its
 * source and the month it was last checked, and a comment keeps the reference's reasoning and
 * confidence:
 *   official      the platform's own help or developer page (or its text quoted verbatim)
 *   widely-cited  several independent guides agree, no official page seen
 *   uncertain     guides disagree or a single secondary source; the chosen value is explained
 *
 * Ids are stable: never renumber an entry, only append. The Snapchat geofilter of the first
 * reference was left out because it is an overlay that must be at least 50 % transparent and under
 * 300 KB, which no crop of a photo can satisfy.
 *
 * Descriptions are worded so that the banner rule (description contains cover, banner or header)
 * picks exactly the covers, banners and headers, e.g. "Reel thumbnail", not "Reel cover".
 */
import { customFormat, customSizeOf } from './custom-format';
import { safeName } from './filenames';
import type { PlatformFormat, SafeZone } from './format-shape';
import { OUTPUT_EXTENSIONS, type OutputType } from '@social-resizer/engine/plan/output';

export {
  CONFIDENCES,
  FORMAT_KINDS,
  type Confidence,
  type FormatKind,
  type FormatSource,
  type PlatformFormat,
  type SafeZone,
} from './format-shape';

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
  entry({ id: 1, key: 'facebook_profile_picture', platform: 'facebook', source: { name: 'grafdom.com', url: 'https://www.grafdom.com/newsroom/social-media-image-sizes/' }, checked: '2026-11', format: 'profile picture', description: 'Page/profile picture (shown as circle)', width: 720, height: 720, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),
  // widely-cited: Facebook Help text quoted by review.trendsmask.com and urklion.blogg.se;
  // caffeinatedwebstudio.com quotes the 820x312 desktop and 640x360 mobile crops.
  entry({
    id: 2, key: 'facebook_cover_photo', platform: 'facebook', source: { name: 'braveriver.com, quoting Facebook Help', url: 'https://braveriver.com/?p=2607' }, checked: '2026-11', format: 'cover photo', description: 'Page cover photo (desktop 820x312, mobile 640x360 crop)', width: 851, height: 315, aspectRatio: '2.70:1', kind: 'banner', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 146, y: 0, width: 560, height: 315, note: 'Mobile shows only the centre 16:9 area; the profile picture covers the lower left on desktop.' },
  }),
  // uncertain: third-party guides only (socialk.it, eazycommerce.io disagree).
  entry({ id: 3, key: 'facebook_group_cover', platform: 'facebook', source: { name: 'contentstudio.io', url: 'https://internal-blog.contentstudio.io/social-media-image-sizes' }, checked: '2026-11', format: 'group cover', description: 'Group cover photo', width: 1640, height: 856, aspectRatio: '1.92:1', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'note', note: 'Keep text centred: mobile crops the sides.' } }),
  // widely-cited: socialk.it (verified Jun 2026), pixotter.com, picovert.com.
  entry({ id: 4, key: 'facebook_event_cover', platform: 'facebook', source: { name: 'contentstudio.io', url: 'https://internal-blog.contentstudio.io/social-media-image-sizes' }, checked: '2026-11', format: 'event cover', description: 'Event cover photo (1.91:1)', width: 1920, height: 1005, aspectRatio: '1.91:1', kind: 'banner', confidence: 'widely-cited', safeZone: { shape: 'note', note: 'Keep key content centred.' } }),
  // widely-cited: stish.app Meta spec summary; katavamarketing.com.
  entry({ id: 5, key: 'facebook_post_square', platform: 'facebook', source: { name: 'stish.app', url: 'https://stish.app/' }, checked: '2025-04', format: 'post square', description: 'Feed post, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'widely-cited' }),
  // widely-cited: imagefactory.co.kr Meta guide; marketertools.fyi.
  entry({ id: 6, key: 'facebook_post_portrait', platform: 'facebook', source: { name: 'imagefactory.co.kr', url: 'https://imagefactory.co.kr/' }, checked: '2025-04', format: 'post portrait', description: 'Feed post, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'widely-cited' }),
  // official: developers.facebook.com/docs/sharing/webmasters/images (min 200x200, at most 8 MB).
  entry({ id: 7, key: 'facebook_link_share', platform: 'facebook', source: { name: 'Meta for Developers', url: 'https://developers.facebook.com/docs/sharing/webmasters/images' }, checked: '2026-11', format: 'link share', description: 'Link share / Open Graph image (1.91:1)', width: 1200, height: 630, aspectRatio: '1.91:1', kind: 'link', confidence: 'official', maxBytes: 8 * MB }),
  // widely-cited: mediamaxnetwork.com quoting Meta ad specs (14 % top, 35 % bottom free of text); imghunt.com.
  entry({
    id: 8, key: 'facebook_story', platform: 'facebook', source: { name: 'mediamaxnetwork.com', url: 'https://mediamaxnetwork.com/' }, checked: '2025-04', format: 'story', description: 'Story (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 269, width: 1080, height: 979, note: 'Keep the top 14 % and bottom 35 % free of text: the app overlays them.' },
  }),
  // widely-cited: mediamaxnetwork.com (Meta specs 1440x1440, 1440x1800, 1440x2560, max 30 MB); imagefactory.co.kr.
  entry({ id: 9, key: 'facebook_ad_feed_square', platform: 'facebook', source: { name: 'Meta Ads API media requirements', url: 'https://developers.facebook.com/docs/instagram/ads-api/reference/media-requirements/' }, checked: '2026-11', format: 'ad square', description: 'Feed ad, square (Meta recommended 1440)', width: 1440, height: 1440, aspectRatio: '1:1', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB }),
  entry({ id: 10, key: 'facebook_ad_feed_portrait', platform: 'facebook', source: { name: 'Meta Ads API media requirements', url: 'https://developers.facebook.com/docs/instagram/ads-api/reference/media-requirements/' }, checked: '2026-11', format: 'ad portrait', description: 'Feed ad, portrait 4:5', width: 1440, height: 1800, aspectRatio: '4:5', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB }),
  // widely-cited: mediamaxnetwork.com; imagefactory.co.kr (Reels: 358 top / 896 bottom at 1440x2560, 6 % sides).
  entry({
    id: 11, key: 'facebook_ad_story', platform: 'facebook', source: { name: 'Meta Ads API media requirements', url: 'https://developers.facebook.com/docs/instagram/ads-api/reference/media-requirements/' }, checked: '2026-11', format: 'ad story', description: 'Stories/Reels ad (9:16)', width: 1440, height: 2560, aspectRatio: '9:16', kind: 'ad', confidence: 'widely-cited', maxBytes: 30 * MB,
    safeZone: { shape: 'rect', x: 86, y: 358, width: 1268, height: 1306, note: 'Meta keeps 14 % top, 6 % sides and 35 % bottom for its interface.' },
  }),

  // ── instagram ─────────────────────────────────────────────────────────────────────────────
  // widely-cited: code.robsmelik.com and supplygasil quoting Instagram help (stored at 320x320); imghunt.com.
  entry({ id: 12, key: 'instagram_profile_picture', platform: 'instagram', source: { name: 'Inssist cheat sheet', url: 'https://inssist.com/knowledge-base/instagram-image-size-cheat-sheet' }, checked: '2026-11', format: 'profile picture', description: 'Profile picture (stored 320x320, shown ~110 px circle)', width: 320, height: 320, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited' }),
  // official: Instagram help as quoted by supplygasil.blogg.se and cvt-jp.com; recurpost.com.
  entry({ id: 13, key: 'instagram_post_square', platform: 'instagram', source: { name: 'Ayrshare Instagram media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/instagram.md' }, checked: '2026-11', format: 'post square', description: 'Feed post, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'official', maxBytes: 8 * MB }),
  // official: Instagram help (quoted); picturesizes.com. The profile grid previews the centre 3:4.
  entry({
    id: 14, key: 'instagram_post_portrait', platform: 'instagram', source: { name: 'Ayrshare Instagram media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/instagram.md' }, checked: '2026-11', format: 'post portrait', description: 'Feed post, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'official', maxBytes: 8 * MB,
    safeZone: { shape: 'rect', x: 34, y: 0, width: 1012, height: 1350, note: 'The profile grid shows the centre 3:4.' },
  }),
  // widely-cited: recurpost.com ("accepts 1.91:1 through 3:4"), socialbu.com, pictuary.com.
  entry({ id: 15, key: 'instagram_post_portrait_3x4', platform: 'instagram', source: { name: 'aspectratiocalculator.pages.dev', url: 'https://aspectratiocalculator.pages.dev/blog/aspect-ratio-guide-instagram' }, checked: '2026-11', format: 'post tall', description: 'Feed post, tall 3:4 (supported since 2025 grid change)', width: 1080, height: 1440, aspectRatio: '3:4', kind: 'post', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // official: Instagram help quoted by cvt-jp.com (1080 wide, 566 to 1350 tall).
  entry({ id: 16, key: 'instagram_post_landscape', platform: 'instagram', source: { name: 'Ayrshare Instagram media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/instagram.md' }, checked: '2026-11', format: 'post landscape', description: 'Feed post, landscape 1.91:1', width: 1080, height: 566, aspectRatio: '1.91:1', kind: 'post', confidence: 'official', maxBytes: 8 * MB }),
  // widely-cited: imghunt.com; stish.app (250 px top and bottom kept clear).
  entry({
    id: 17, key: 'instagram_story', platform: 'instagram', source: { name: 'Inssist cheat sheet', url: 'https://inssist.com/knowledge-base/instagram-image-size-cheat-sheet' }, checked: '2026-11', format: 'story', description: 'Story (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 250, width: 1080, height: 1420, note: 'Keep about 250 px at the top and bottom clear of text.' },
  }),
  // widely-cited: recurpost.com; pictuary.com (the grid shows the centre 1080x1440).
  entry({
    id: 18, key: 'instagram_reel_thumbnail', platform: 'instagram', source: { name: 'Inssist cheat sheet', url: 'https://inssist.com/knowledge-base/instagram-image-size-cheat-sheet' }, checked: '2026-11', format: 'reel thumbnail', description: 'Reel thumbnail (9:16; grid shows 3:4 center)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 240, width: 1080, height: 1440, note: 'The profile grid shows the centre 3:4.' },
  }),

  // ── linkedin ──────────────────────────────────────────────────────────────────────────────
  // widely-cited: LinkedIn help as summarised by askai.glarity.app, cadslist.com, picturesizes.com (up to 8 MB).
  entry({ id: 19, key: 'linkedin_profile_picture', platform: 'linkedin', source: { name: 'Dresma LinkedIn specs', url: 'https://www.dresma.com/image-resizer/linkedin-specs' }, checked: '2026-11', format: 'profile picture', description: 'Personal profile photo (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // official: webbannerexperts.com, pixelmeasures.com ("Official: LinkedIn Help"), connectsafely.ai (< 8 MB).
  entry({
    id: 20, key: 'linkedin_profile_banner', platform: 'linkedin', source: { name: 'Dresma LinkedIn specs', url: 'https://www.dresma.com/image-resizer/linkedin-specs' }, checked: '2026-11', format: 'banner', description: 'Personal profile background / banner (4:1)', width: 1584, height: 396, aspectRatio: '4:1', kind: 'banner', confidence: 'official', maxBytes: 8 * MB,
    safeZone: { shape: 'note', note: 'The profile photo covers the lower left on desktop and the centre on mobile: keep text to the top right.' },
  }),
  // uncertain: picturesizes.com says 300x300, cadslist.com 400x400; LinkedIn's page help was not seen.
  // Offered in the profile flow as the reference marks it; LinkedIn shows company logos square, so no circle.
  entry({ id: 21, key: 'linkedin_company_logo', platform: 'linkedin', source: { name: 'HookTide LinkedIn sizes', url: 'https://hooktide.io/learn/linkedin-image-sizes-specs' }, checked: '2026-11', format: 'company logo', description: 'Company Page logo (square)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain', safeZone: null }),
  // widely-cited: connectsafely.ai, dresma.com, picturesizes.com (up to 8 MB, secondary); some guides cite 4200x700.
  entry({ id: 22, key: 'linkedin_company_cover', platform: 'linkedin', source: { name: 'Dresma LinkedIn specs', url: 'https://www.dresma.com/image-resizer/linkedin-specs' }, checked: '2026-11', format: 'company cover', description: 'Company Page cover image', width: 1128, height: 191, aspectRatio: '5.91:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // widely-cited: picturesizes.com, so-me.studio, unanswered.io.
  entry({ id: 23, key: 'linkedin_post_landscape', platform: 'linkedin', source: { name: 'peek.dt.tools LinkedIn preview', url: 'https://peek.dt.tools/linkedin-preview' }, checked: '2026-11', format: 'post landscape', description: 'Feed image / link share (1.91:1)', width: 1200, height: 627, aspectRatio: '1.91:1', kind: 'post', confidence: 'widely-cited', maxBytes: 5 * MB }),
  // official: linkedin.com/help/lms/answer/a426534.
  entry({ id: 24, key: 'linkedin_post_square', platform: 'linkedin', source: { name: 'LinkedIn Marketing Solutions help', url: 'https://www.linkedin.com/help/lms/answer/a426534' }, checked: '2025-04', format: 'post square', description: 'Feed image, square', width: 1200, height: 1200, aspectRatio: '1:1', kind: 'post', confidence: 'official' }),
  entry({ id: 25, key: 'linkedin_post_portrait', platform: 'linkedin', source: { name: 'LinkedIn Marketing Solutions help', url: 'https://www.linkedin.com/help/lms/answer/a426534' }, checked: '2025-04', format: 'post portrait', description: 'Feed image, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'official' }),
  // official: linkedin.com/help/lms/answer/a426534 (max 5 MB, min 640x360).
  entry({ id: 26, key: 'linkedin_ad_single_image', platform: 'linkedin', source: { name: 'LinkedIn Marketing Solutions help', url: 'https://www.linkedin.com/help/lms/answer/a426534' }, checked: '2025-04', format: 'ad', description: 'Single image ad (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official', maxBytes: 5 * MB }),
  // uncertain: guides give 1200x627 (so-me.studio), 1280x720 and 744x400 (filestudio.app, old).
  // 1920x1080 keeps 16:9 at a size that downsizes cleanly to each of them. 2026 guides mostly give
  // 1200x644 (~1.86:1): the id keeps its size (so what it names does not change) and that centre
  // band is its safe zone.
  entry({ id: 27, key: 'linkedin_article_cover', platform: 'linkedin', source: { name: 'Picovert LinkedIn article', url: 'https://www.picovert.com/en/blog/image-size-for-linkedin-article' }, checked: '2026-11', format: 'article header', description: 'Article / newsletter header image', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'rect', x: 0, y: 25, width: 1920, height: 1030, note: 'LinkedIn shows the cover at about 1.86:1 (1200x644): keep what matters in the centre band.' } }),

  // ── twitter (X) ───────────────────────────────────────────────────────────────────────────
  // widely-cited: picovert.com, ratiosize.com, blog.aitoearn.ai. 2 MB chosen over the 5 MB some cite.
  entry({ id: 28, key: 'twitter_profile_picture', platform: 'twitter', source: { name: 'X API update_profile_image (pub.dev)', url: 'https://pub.dev/documentation/twitter_api_v2/latest/twitter_api_v2/UsersService/updateProfileImage.html' }, checked: '2026-11', format: 'profile picture', description: 'Profile photo (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 2 * MB }),
  // widely-cited: profilekit.co, picovert.com (5 MB); elgato docs (2 MB): the lower limit is kept.
  entry({
    id: 29, key: 'twitter_header', platform: 'twitter', source: { name: 'ProfileKit', url: 'https://profilekit.co/blogs/twitter-banner-size' }, checked: '2026-11', format: 'header', description: 'Profile header / banner (3:1)', width: 1500, height: 500, aspectRatio: '3:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 2 * MB,
    safeZone: { shape: 'note', note: 'The profile photo covers the lower left and mobile crops the sides.' },
  }),
  // widely-cited: skarving-multimedia.dk, imageconvertertool (1200x675 also common), up to 5 MB.
  // types: X Help 'Adding photos to your post' names JPEG, PNG, GIF and WebP for every in-stream photo (widely cited).
  entry({ id: 30, key: 'twitter_post_landscape', platform: 'twitter', source: { name: 'X API media docs', url: 'https://docs.x.com/x-api/media' }, checked: '2026-11', format: 'post landscape', description: 'In-stream image 16:9', width: 1600, height: 900, aspectRatio: '16:9', kind: 'post', confidence: 'official', maxBytes: 5 * MB, types: WITH_WEBP }),
  // widely-cited: picovert.com.
  entry({ id: 31, key: 'twitter_post_square', platform: 'twitter', source: { name: 'X API media docs', url: 'https://docs.x.com/x-api/media' }, checked: '2026-11', format: 'post square', description: 'In-stream image, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'official', maxBytes: 5 * MB, types: WITH_WEBP }),
  // widely-cited: picovert.com, so-me.studio.
  entry({ id: 32, key: 'twitter_post_portrait', platform: 'twitter', source: { name: 'X API media docs', url: 'https://docs.x.com/x-api/media' }, checked: '2026-11', format: 'post portrait', description: 'In-stream image, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'official', maxBytes: 5 * MB, types: WITH_WEBP }),
  // uncertain: X Cards docs as quoted in github.com/Yoast/javascript/issues/150 (2:1, < 5 MB); the docs page now 404s.
  // types: X Cards docs (as quoted, uncertain): JPG, PNG, WEBP and GIF.
  entry({ id: 33, key: 'twitter_card_large_image', platform: 'twitter', source: { name: 'X Cards spec, quoted in a Yoast GitHub thread', url: 'https://github.com/Yoast/javascript/issues/150' }, checked: '2026-11', format: 'card image', description: 'Link card: summary_large_image (2:1)', width: 1200, height: 600, aspectRatio: '2:1', kind: 'link', confidence: 'uncertain', maxBytes: 5 * MB, types: WITH_WEBP }),
  // official: developer.x.com/en/docs/ads/creatives/overview/revenue-cards (<= 3 MB, width >= 800).
  entry({ id: 34, key: 'twitter_ad_website_card', platform: 'twitter', source: { name: 'X developer docs (ads cards)', url: 'https://developer.x.com/en/docs/ads/creatives/overview/revenue-cards' }, checked: '2025-04', format: 'website card ad', description: 'Website card ad image (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official', maxBytes: 3 * MB }),

  // ── youtube ───────────────────────────────────────────────────────────────────────────────
  // widely-cited: imagine.art ("based on YouTube guidelines"), pixelation.org (~4 MB, secondary).
  entry({ id: 35, key: 'youtube_profile_picture', platform: 'youtube', source: { name: 'image-compressor.uk', url: 'https://image-compressor.uk/youtube-image-sizes' }, checked: '2026-11', format: 'profile picture', description: 'Channel icon / profile picture (circle)', width: 800, height: 800, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 4 * MB }),
  // official: YouTube help as quoted by technocults.com, xrsave.com, screensnap.pro, elgato docs:
  // min 2048x1152, <= 6 MB; safe area 1235x338 at 2048 wide = 1546x423 at 2560.
  entry({
    id: 36, key: 'youtube_channel_banner', platform: 'youtube', source: { name: 'xrsave.com, quoting YouTube Help', url: 'https://xrsave.com/?p=1234' }, checked: '2026-11', format: 'banner', description: 'Channel banner (TV full; desktop/mobile crop to center strip)', width: 2560, height: 1440, aspectRatio: '16:9', kind: 'banner', confidence: 'official', maxBytes: 6 * MB,
    safeZone: { shape: 'rect', x: 507, y: 508, width: 1546, height: 423, note: 'Phones and desktops show only the centre strip; TVs show it all.' },
  }),
  // official: YouTube help quoted by simonwebdesign.com and devaul.net (< 2 MB, at least 640 wide).
  entry({ id: 37, key: 'youtube_thumbnail', platform: 'youtube', source: { name: 'RightBlogger', url: 'https://rightblogger.com/blog/best-youtube-thumbnail-size' }, checked: '2026-11', format: 'thumbnail', description: 'Video thumbnail (16:9; 2 MB, the mobile app’s limit)', width: 1280, height: 720, aspectRatio: '16:9', kind: 'thumbnail', confidence: 'official', maxBytes: 2 * MB }),
  // widely-cited: skarving-multimedia.dk, imghunt.com.
  entry({ id: 38, key: 'youtube_shorts_thumbnail', platform: 'youtube', source: { name: 'skarving-multimedia.dk', url: 'https://skarving-multimedia.dk/' }, checked: '2025-04', format: 'shorts thumbnail', description: 'Shorts thumbnail (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited', safeZone: { shape: 'note', note: 'Grids show the centre of the frame.' } }),
  // uncertain: from YouTube help as remembered (< 1 MB); no published page found.
  entry({ id: 39, key: 'youtube_watermark', platform: 'youtube', source: { name: 'No published page found (YouTube Studio, as remembered)', url: null }, checked: '2025-04', format: 'watermark', description: 'Video branding watermark (square)', width: 150, height: 150, aspectRatio: '1:1', kind: 'logo', confidence: 'uncertain', maxBytes: 1 * MB }),
  // uncertain: coreydylan/lashpop docs (secondary, ~16 MB); not official.
  entry({ id: 40, key: 'youtube_community_post', platform: 'youtube', source: { name: 'A project’s docs on GitHub (secondary)', url: null }, checked: '2025-04', format: 'community post', description: 'Community / Posts tab image (1:1)', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'uncertain', maxBytes: 16 * MB }),

  // ── tiktok ────────────────────────────────────────────────────────────────────────────────
  // widely-cited: picturesizes.com (720x720 upload, 200x200 min), so-me.studio, logoviking.com.
  entry({ id: 41, key: 'tiktok_profile_picture', platform: 'tiktok', source: { name: 'PixelMeasures', url: 'https://www.pixelmeasures.com/platform-sizes/tiktok/profile-picture/' }, checked: '2026-11', format: 'profile picture', description: 'Profile photo (circle)', width: 720, height: 720, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited' }),
  // widely-cited: logoviking.com, image-compressor.uk; the 2026 overlays (socaptions.com) cover the
  // bottom 420 px and a right-hand rail of 180 px (like, comment and share).
  entry({
    id: 42, key: 'tiktok_video_thumbnail', platform: 'tiktok', source: { name: 'SoCaptions TikTok safe zones 2026', url: 'https://socaptions.com/blog/tiktok-safe-zones-2026' }, checked: '2026-11', format: 'video thumbnail', description: 'Video thumbnail (profile grid)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'thumbnail', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 0, width: 900, height: 1500, note: 'The caption covers the bottom 420 px and the buttons the right-hand 180 px.' },
  }),
  // widely-cited: picturesizes.com, editthispic.com; 2026 overlays: top 250, bottom up to 420 and a
  // right-hand rail up to 180 px (socaptions.com, adliftr.com), the deepest of each kept clear.
  entry({
    id: 43, key: 'tiktok_photo_mode', platform: 'tiktok', source: { name: 'SoCaptions TikTok safe zones 2026', url: 'https://socaptions.com/blog/tiktok-safe-zones-2026' }, checked: '2026-11', format: 'photo mode', description: 'Photo Mode / carousel slide (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'post', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 250, width: 900, height: 1250, note: 'Keep the top 250 px, the bottom 420 px and the right-hand 180 px (like, comment and share buttons) clear of the app interface.' },
  }),
  // widely-cited: so-me.studio, geratools.com, soona.co (min 720x1280).
  entry({
    id: 44, key: 'tiktok_ad_vertical', platform: 'tiktok', source: { name: 'AdLiftr safe zone checker', url: 'https://adliftr.com/tools/ad-creative-size-and-safe-zone-checker' }, checked: '2026-11', format: 'ad vertical', description: 'In-feed / TopView image ad (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'ad', confidence: 'widely-cited',
    safeZone: { shape: 'rect', x: 0, y: 250, width: 900, height: 1250, note: 'Keep the top 250 px, the bottom 420 px and the right-hand 180 px (like, comment and share buttons) clear of the app interface.' },
  }),
  // official: ads.tiktok.com/help/article?aid=6701253237862825989 (no hard limit; <= 500 KB only suggested).
  entry({ id: 45, key: 'tiktok_pangle_ad_horizontal', platform: 'tiktok', source: { name: 'TikTok Ads help', url: 'https://ads.tiktok.com/help/article?aid=6701253237862825989' }, checked: '2025-04', format: 'pangle ad', description: 'Pangle / News-Feed-app image ad (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'ad', confidence: 'official' }),

  // ── snapchat ──────────────────────────────────────────────────────────────────────────────
  // uncertain: help.uniagency.net (a Snap partner quoting Ads Manager): min 320x320, max 2 MB.
  entry({ id: 46, key: 'snapchat_profile_picture', platform: 'snapchat', source: { name: 'help.uniagency.net', url: 'https://help.uniagency.net/' }, checked: '2026-11', format: 'profile picture', description: 'Public/Business Profile photo', width: 320, height: 320, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain', maxBytes: 2 * MB }),
  // official: forbusiness.snapchat.com ad specs (1080x1920 canvas).
  entry({ id: 47, key: 'snapchat_story', platform: 'snapchat', source: { name: 'Snapchat for Business ad specs', url: 'https://forbusiness.snapchat.com/resources/advertising-guides/ad-specs' }, checked: '2026-11', format: 'story', description: 'Story / Spotlight snap (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'official' }),
  // official: forbusiness.snapchat.com/resources/advertising-guides/ad-specs (<= 5 MB; ~150 px top and bottom free of logos).
  entry({
    id: 48, key: 'snapchat_single_image_ad', platform: 'snapchat', source: { name: 'Snapchat for Business ad specs', url: 'https://forbusiness.snapchat.com/resources/advertising-guides/ad-specs' }, checked: '2026-11', format: 'image ad', description: 'Single Image ad (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'ad', confidence: 'official', maxBytes: 5 * MB,
    safeZone: { shape: 'rect', x: 0, y: 150, width: 1080, height: 1620, note: 'Keep the top and bottom 150 px free of logos and text.' },
  }),
  // official: forbusiness.snapchat.com ad specs; blstr.co (PNG <= 2 MB, 175 px top buffer).
  // types: Snapchat ad specs: the tile is a PNG (8-bit or lower).
  entry({
    id: 49, key: 'snapchat_story_ad_tile', platform: 'snapchat', source: { name: 'Snapchat for Business ad specs', url: 'https://forbusiness.snapchat.com/resources/advertising-guides/ad-specs' }, checked: '2026-11', format: 'story ad tile', description: 'Story Ad tile image', width: 360, height: 600, aspectRatio: '3:5', kind: 'ad', confidence: 'official', maxBytes: 2 * MB, types: PNG_ONLY,
    safeZone: { shape: 'rect', x: 0, y: 175, width: 360, height: 425, note: 'Snapchat places the logo in the top 175 px.' },
  }),
  // official: forbusiness.snapchat.com ad specs; blstr.co. A transparent PNG is required, which is what we deliver.
  entry({ id: 50, key: 'snapchat_story_ad_tile_logo', platform: 'snapchat', source: { name: 'Snapchat for Business ad specs', url: 'https://forbusiness.snapchat.com/resources/advertising-guides/ad-specs' }, checked: '2026-11', format: 'story ad logo', description: 'Story Ad tile logo (transparent)', width: 993, height: 284, aspectRatio: '3.50:1', kind: 'logo', confidence: 'official', types: PNG_ONLY }),
  // official: forbusiness.snapchat.com ad specs.
  entry({ id: 51, key: 'snapchat_collection_thumbnail', platform: 'snapchat', source: { name: 'Snapchat for Business ad specs', url: 'https://forbusiness.snapchat.com/resources/advertising-guides/ad-specs' }, checked: '2026-11', format: 'collection thumbnail', description: 'Collection ad product thumbnail', width: 160, height: 160, aspectRatio: '1:1', kind: 'thumbnail', confidence: 'official' }),

  // ── app store ─────────────────────────────────────────────────────────────────────────────
  // official: Apple HIG app icons and App Store Connect; appconsul.com; tauri PR #10114.
  // No alpha channel at all is accepted (even a fully opaque one), so the output is flattened.
  // types: App Store Connect takes the icon as PNG only.
  entry({ id: 52, key: 'appstore_app_icon', platform: 'app store', source: { name: 'ScreenshotSpec (pub.dev)', url: 'https://pub.dev/documentation/cux_ship_verify/1.9.0/metadata/ScreenshotSpec-class.html' }, checked: '2026-11', format: 'app icon', description: 'App Store icon (marketing icon)', width: 1024, height: 1024, aspectRatio: '1:1', kind: 'icon', confidence: 'official', opaque: true, types: PNG_ONLY }),
  // official: developer.apple.com/help/app-store-connect/reference/screenshot-specifications (via
  // appscreenshotstudio.com, ptkd.com). Screenshots: exact sizes only, RGB, no alpha.
  entry({ id: 53, key: 'appstore_iphone_69_portrait', platform: 'app store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/appStoreIphone69-constant.html' }, checked: '2026-11', format: 'iphone 6.9 portrait', description: 'iPhone 6.9" screenshot, portrait', width: 1320, height: 2868, aspectRatio: '1:2.17', kind: 'screenshot', confidence: 'official', opaque: true }),
  entry({ id: 54, key: 'appstore_iphone_69_landscape', platform: 'app store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/appStoreIphone69-constant.html' }, checked: '2026-11', format: 'iphone 6.9 landscape', description: 'iPhone 6.9" screenshot, landscape', width: 2868, height: 1320, aspectRatio: '2.17:1', kind: 'screenshot', confidence: 'official', opaque: true }),
  // official: appscreenshotstudio.com; screenshotify.app.
  entry({ id: 55, key: 'appstore_iphone_65_portrait', platform: 'app store', source: { name: 'ScreenshotSpec (pub.dev)', url: 'https://pub.dev/documentation/cux_ship_verify/1.9.0/metadata/ScreenshotSpec-class.html' }, checked: '2026-11', format: 'iphone 6.5 portrait', description: 'iPhone 6.5" screenshot (needed only if no 6.9" set)', width: 1284, height: 2778, aspectRatio: '1:2.16', kind: 'screenshot', confidence: 'official', opaque: true }),
  // official: ptkd.com, screenshotify.app, pub.dev nylo (iPad 13" 2064x2752).
  entry({ id: 56, key: 'appstore_ipad_13_portrait', platform: 'app store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/appStoreIpad13-constant.html' }, checked: '2026-11', format: 'ipad 13 portrait', description: 'iPad 13" screenshot, portrait', width: 2064, height: 2752, aspectRatio: '3:4', kind: 'screenshot', confidence: 'official', opaque: true }),
  entry({ id: 57, key: 'appstore_ipad_13_landscape', platform: 'app store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/appStoreIpad13-constant.html' }, checked: '2026-11', format: 'ipad 13 landscape', description: 'iPad 13" screenshot, landscape', width: 2752, height: 2064, aspectRatio: '4:3', kind: 'screenshot', confidence: 'official', opaque: true }),
  // widely-cited: picovert.com, forgeasc.com (accepted 1280x800 up to 2880x1800).
  entry({ id: 58, key: 'appstore_mac_screenshot', platform: 'app store', source: { name: 'picovert.com', url: 'https://picovert.com/' }, checked: '2025-04', format: 'mac screenshot', description: 'Mac App Store screenshot (16:10)', width: 2880, height: 1800, aspectRatio: '8:5', kind: 'screenshot', confidence: 'widely-cited', opaque: true }),
  // widely-cited: screenshotify.app (only for iPhone 8 Plus-class devices).
  entry({ id: 59, key: 'appstore_iphone_55_portrait', platform: 'app store', source: { name: 'screenshotify.app', url: 'https://screenshotify.app/' }, checked: '2025-04', format: 'iphone 5.5 portrait', description: 'iPhone 5.5" screenshot (legacy devices)', width: 1242, height: 2208, aspectRatio: '9:16', kind: 'screenshot', confidence: 'widely-cited', opaque: true }),

  // ── google play store ─────────────────────────────────────────────────────────────────────
  // official: developer.android.com icon-design-specifications; support.google.com answer 1078870
  // (32-bit PNG, alpha allowed, <= 1024 KB; Play applies its own corner radius).
  // types: Play takes the icon as a 32-bit PNG only.
  entry({ id: 60, key: 'playstore_app_icon', platform: 'google play store', source: { name: 'F-Droid repomaker #29, quoting Play Console help', url: 'https://gitlab.com/fdroid/repomaker/-/issues/29' }, checked: '2026-11', format: 'app icon', description: 'Play Store hi-res icon', width: 512, height: 512, aspectRatio: '1:1', kind: 'icon', confidence: 'official', maxBytes: 1024 * KB, safeZone: { shape: 'note', note: 'Play rounds the corners by about 20 %: keep the subject away from them.' }, types: PNG_ONLY }),
  // official: support.google.com answer 1078870 (quoted in fdroid/repomaker#29): JPEG or 24-bit PNG,
  // no alpha; 1 MB cap from secondary sources (ezscreenshots).
  entry({
    id: 61, key: 'playstore_feature_graphic', platform: 'google play store', source: { name: 'F-Droid repomaker #29, quoting Play Console help', url: 'https://gitlab.com/fdroid/repomaker/-/issues/29' }, checked: '2026-11', format: 'feature graphic', description: 'Feature graphic / store banner', width: 1024, height: 500, aspectRatio: '2.05:1', kind: 'banner', confidence: 'official', opaque: true, maxBytes: 1 * MB,
    safeZone: { shape: 'note', note: 'Keep key content central and out of the bottom third: a video play button overlays the centre.' },
  }),
  // official: support.google.com answer 1078870 via appscreens.com (24-bit PNG no alpha, <= 8 MB).
  entry({ id: 62, key: 'playstore_phone_screenshot_portrait', platform: 'google play store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/playStorePhone-constant.html' }, checked: '2026-11', format: 'phone screenshot portrait', description: 'Phone screenshot, portrait 9:16', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'screenshot', confidence: 'official', opaque: true, maxBytes: 8 * MB }),
  // official: appradar.com; perfectdeck.ai.
  entry({ id: 63, key: 'playstore_phone_screenshot_landscape', platform: 'google play store', source: { name: 'app_deploy_screenshots (pub.dev)', url: 'https://pub.dev/documentation/app_deploy_screenshots/latest/device/Device/playStorePhone-constant.html' }, checked: '2026-11', format: 'phone screenshot landscape', description: 'Phone screenshot, landscape 16:9', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'screenshot', confidence: 'official', opaque: true, maxBytes: 8 * MB }),
  // widely-cited: appshoteditor.com, perfectdeck.ai (sides 1080-7680 px, <= 8 MB).
  entry({ id: 64, key: 'playstore_tablet_screenshot_portrait', platform: 'google play store', source: { name: 'appshoteditor.com', url: 'https://appshoteditor.com/' }, checked: '2025-04', format: 'tablet screenshot portrait', description: '7"/10" tablet & Chromebook screenshot, portrait', width: 1440, height: 2560, aspectRatio: '9:16', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),
  entry({ id: 65, key: 'playstore_tablet_screenshot_landscape', platform: 'google play store', source: { name: 'appshoteditor.com', url: 'https://appshoteditor.com/' }, checked: '2025-04', format: 'tablet screenshot landscape', description: 'Tablet & Chromebook screenshot, landscape', width: 2560, height: 1440, aspectRatio: '16:9', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),
  // official: fdroid/repomaker#29 quoting Play docs (tvBanner): JPEG or 24-bit PNG, no alpha.
  entry({ id: 66, key: 'playstore_tv_banner', platform: 'google play store', source: { name: 'F-Droid repomaker #29, quoting Play Console help', url: 'https://gitlab.com/fdroid/repomaker/-/issues/29' }, checked: '2025-04', format: 'tv banner', description: 'Android TV banner', width: 1280, height: 720, aspectRatio: '16:9', kind: 'banner', confidence: 'official', opaque: true }),
  // widely-cited: appshoteditor.com (min 384x384, 1:1); Play screenshots take no alpha.
  entry({ id: 67, key: 'playstore_wear_screenshot', platform: 'google play store', source: { name: 'appshoteditor.com', url: 'https://appshoteditor.com/' }, checked: '2025-04', format: 'wear screenshot', description: 'Wear OS screenshot (1:1)', width: 384, height: 384, aspectRatio: '1:1', kind: 'screenshot', confidence: 'widely-cited', opaque: true, maxBytes: 8 * MB }),

  // ── behance ───────────────────────────────────────────────────────────────────────────────
  // uncertain: picovert.com (at least 150x150, upload 300x300 or more); no official size found.
  entry({ id: 68, key: 'behance_profile_picture', platform: 'behance', source: { name: 'picovert.com', url: 'https://picovert.com/' }, checked: '2025-04', format: 'profile picture', description: 'Profile avatar (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),
  // uncertain: help.behance.net/hc/en-us/articles/360015540594 gives 3200x410; picovert.com says 1400x320.
  entry({ id: 69, key: 'behance_profile_banner', platform: 'behance', source: { name: 'Behance Help', url: 'https://help.behance.net/hc/en-us/articles/360015540594' }, checked: '2025-04', format: 'banner', description: 'Profile banner', width: 3200, height: 410, aspectRatio: '7.80:1', kind: 'banner', confidence: 'uncertain', safeZone: { shape: 'note', note: 'Narrow screens crop the sides: keep text centred.' } }),
  // official: help.behance.net/hc/en-us/articles/360033998134 (Guide: Cover Images), at least 808x632.
  entry({ id: 70, key: 'behance_project_thumbnail', platform: 'behance', source: { name: 'Behance Help', url: 'https://help.behance.net/hc/en-us/articles/360033998134' }, checked: '2025-04', format: 'project thumbnail', description: 'Project thumbnail shown in portfolio grids', width: 808, height: 632, aspectRatio: '1.28:1', kind: 'thumbnail', confidence: 'official' }),
  // widely-cited: help.behance.net/hc/en-us/articles/204484614 (shown 1400 wide; <= 10 MB recommended).
  entry({ id: 71, key: 'behance_project_image', platform: 'behance', source: { name: 'Behance Help', url: 'https://help.behance.net/hc/en-us/articles/204484614' }, checked: '2025-04', format: 'project image', description: 'Project module image (gallery, width fixed, height free)', width: 1400, height: 1050, aspectRatio: '4:3', kind: 'gallery', confidence: 'widely-cited', maxBytes: 10 * MB }),

  // ── product hunt ──────────────────────────────────────────────────────────────────────────
  // widely-cited: producthunt-skills (skills.sh/yoanbernabeu), dowhatmatter.com; <= 3 MB. Community, not PH help.
  entry({ id: 72, key: 'producthunt_thumbnail', platform: 'product hunt', source: { name: 'skills.sh', url: 'https://skills.sh/yoanbernabeu' }, checked: '2025-04', format: 'thumbnail', description: 'Launch thumbnail / product icon', width: 240, height: 240, aspectRatio: '1:1', kind: 'thumbnail', confidence: 'widely-cited', maxBytes: 3 * MB }),
  // widely-cited: many launch kits on GitHub ("Gallery images 1270x760px, JPG/PNG, <3MB"); no official page.
  entry({ id: 73, key: 'producthunt_gallery_image', platform: 'product hunt', source: { name: 'Launch kits on GitHub (no Product Hunt page found)', url: null }, checked: '2025-04', format: 'gallery image', description: 'Launch gallery image (first = hero)', width: 1270, height: 760, aspectRatio: '1.67:1', kind: 'gallery', confidence: 'widely-cited', maxBytes: 3 * MB }),
  // uncertain: no official spec found; a square 400x400 like the other avatars.
  entry({ id: 74, key: 'producthunt_profile_picture', platform: 'product hunt', source: { name: 'No published page found (a square like other avatars)', url: null }, checked: '2025-04', format: 'profile picture', description: 'Maker/profile avatar (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'uncertain' }),

  // ── added in the November 2026 check ──────────────────────────────────────────────────────
  // widely-cited: 2026 guides push 2× uploads for covers (Facebook shows 851x315 at twice the density on retina screens).
  entry({ id: 75, key: 'facebook_cover_photo_2x', platform: 'facebook', source: { name: 'grafdom.com', url: 'https://www.grafdom.com/newsroom/social-media-image-sizes/' }, checked: '2026-11', format: 'cover photo 2x', description: 'Page cover photo, retina 2× (shown at 851x315)', width: 1702, height: 630, aspectRatio: '2.70:1', kind: 'banner', confidence: 'widely-cited', safeZone: { shape: 'rect', x: 292, y: 0, width: 1120, height: 630, note: 'Mobile shows only the centre 16:9 area; the profile picture covers the lower left on desktop.' } }),
  // widely-cited: since 2025 desktop uploads take up to 50 MB; 1920x1080 is sharp on a TV (3840x2160 would need more memory than one render is measured to hold).
  entry({ id: 76, key: 'youtube_thumbnail_tv', platform: 'youtube', source: { name: 'newsycanuse.com', url: 'https://newsycanuse.com/?p=904703' }, checked: '2026-11', format: 'thumbnail tv', description: 'Video thumbnail, TV-ready 1080p (desktop upload)', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'thumbnail', confidence: 'widely-cited', maxBytes: 50 * MB }),
  // widely-cited: hooktide.io (1776x444, 4:1).
  entry({ id: 77, key: 'linkedin_event_cover', platform: 'linkedin', source: { name: 'HookTide LinkedIn sizes', url: 'https://hooktide.io/learn/linkedin-image-sizes-specs' }, checked: '2026-11', format: 'event cover', description: 'Event cover image (4:1)', width: 1776, height: 444, aspectRatio: '4:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB }),

  // ── pinterest ─────────────────────────────────────────────────────────────────────────────
  // official: Pinterest product specs (PNG or JPEG, 20 MB on desktop; 32 MB in the app, so 20 MB holds everywhere).
  entry({ id: 78, key: 'pinterest_pin_standard', platform: 'pinterest', source: { name: 'Pinterest Business help', url: 'https://help.pinterest.com/en/business/article/pinterest-product-specs' }, checked: '2026-11', format: 'pin', description: 'Standard pin (2:3)', width: 1000, height: 1500, aspectRatio: '2:3', kind: 'post', confidence: 'official', maxBytes: 20 * MB }),
  entry({ id: 79, key: 'pinterest_pin_square', platform: 'pinterest', source: { name: 'Pinterest Business help', url: 'https://help.pinterest.com/en/business/article/pinterest-product-specs' }, checked: '2026-11', format: 'pin square', description: 'Square pin', width: 1000, height: 1000, aspectRatio: '1:1', kind: 'post', confidence: 'official', maxBytes: 20 * MB }),
  // widely-cited: moda.app (long pins up to about 1000x2100; the feed cuts what is taller than 2:3).
  entry({ id: 80, key: 'pinterest_pin_long', platform: 'pinterest', source: { name: 'Moda pin sizes', url: 'https://moda.app/resources/sizes/pinterest-pin' }, checked: '2026-11', format: 'pin long', description: 'Long pin (1:2.1)', width: 1000, height: 2100, aspectRatio: '10:21', kind: 'post', confidence: 'widely-cited', maxBytes: 20 * MB, safeZone: { shape: 'rect', x: 0, y: 0, width: 1000, height: 1500, note: 'The feed shows the top 2:3 and cuts the rest until the pin is opened.' } }),

  // ── threads ───────────────────────────────────────────────────────────────────────────────
  // widely-cited: Ayrshare Threads guidelines (JPEG/PNG, at most 8 MB, width 320-1440, converted to sRGB).
  entry({ id: 81, key: 'threads_post_portrait', platform: 'threads', source: { name: 'Ayrshare Threads media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/threads' }, checked: '2026-11', format: 'post portrait', description: 'Post, portrait 4:5', width: 1080, height: 1350, aspectRatio: '4:5', kind: 'post', confidence: 'widely-cited', maxBytes: 8 * MB }),
  entry({ id: 82, key: 'threads_post_square', platform: 'threads', source: { name: 'Ayrshare Threads media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/threads' }, checked: '2026-11', format: 'post square', description: 'Post, square', width: 1080, height: 1080, aspectRatio: '1:1', kind: 'post', confidence: 'widely-cited', maxBytes: 8 * MB }),
  // widely-cited: picovert.com (shared with Instagram, 320-400).
  entry({ id: 83, key: 'threads_profile_picture', platform: 'threads', source: { name: 'Picovert Threads sizes', url: 'https://www.picovert.com/en/blog/image-size-for-threads' }, checked: '2026-11', format: 'profile picture', description: 'Profile picture (shared with Instagram, circle)', width: 320, height: 320, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 8 * MB }),

  // ── bluesky ───────────────────────────────────────────────────────────────────────────────
  // official cap: the atproto lexicons give avatars, banners and post images `maxSize` 1,000,000 bytes
  // (decimal, under a MiB); the sizes are the common ones (Ayrshare, maletphoto.com). PNG or JPEG.
  entry({ id: 84, key: 'bluesky_avatar', platform: 'bluesky', source: { name: 'atproto lexicon app.bsky.actor.profile', url: 'https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/actor/profile.json' }, checked: '2026-11', format: 'avatar', description: 'Avatar (circle)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 1_000_000 }),
  entry({ id: 85, key: 'bluesky_banner', platform: 'bluesky', source: { name: 'atproto lexicon app.bsky.actor.profile', url: 'https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/actor/profile.json' }, checked: '2026-11', format: 'banner', description: 'Profile banner (3:1)', width: 1500, height: 500, aspectRatio: '3:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 1_000_000, safeZone: { shape: 'note', note: 'The avatar covers the lower left on the profile.' } }),
  // uncertain sizes: the lexicon fixes only the bytes; Bluesky keeps post images up to 2000 px a side.
  entry({ id: 86, key: 'bluesky_post_landscape', platform: 'bluesky', source: { name: 'atproto lexicon app.bsky.embed.images', url: 'https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json' }, checked: '2026-11', format: 'post landscape', description: 'Post image, landscape 16:9', width: 2000, height: 1125, aspectRatio: '16:9', kind: 'post', confidence: 'uncertain', maxBytes: 1_000_000 }),
  entry({ id: 87, key: 'bluesky_post_square', platform: 'bluesky', source: { name: 'atproto lexicon app.bsky.embed.images', url: 'https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json' }, checked: '2026-11', format: 'post square', description: 'Post image, square', width: 2000, height: 2000, aspectRatio: '1:1', kind: 'post', confidence: 'uncertain', maxBytes: 1_000_000 }),

  // ── whatsapp ──────────────────────────────────────────────────────────────────────────────
  // widely-cited: Ayrshare WhatsApp guidelines (profile JPEG/PNG <= 5 MB, kept at most 640); a
  // transparent PNG shows on black, so the profile is flattened.
  entry({ id: 88, key: 'whatsapp_profile_picture', platform: 'whatsapp', source: { name: 'Ayrshare WhatsApp media guidelines', url: 'https://www.ayrshare.com/docs/media-guidelines/whatsapp' }, checked: '2026-11', format: 'profile picture', description: 'Profile photo (circle)', width: 640, height: 640, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', opaque: true, maxBytes: 5 * MB }),
  // widely-cited: picovert.com (keep about 250 px clear top and bottom).
  entry({ id: 89, key: 'whatsapp_status', platform: 'whatsapp', source: { name: 'Picovert WhatsApp sizes', url: 'https://www.picovert.com/en/blog/image-size-for-whatsapp' }, checked: '2026-11', format: 'status', description: 'Status (9:16)', width: 1080, height: 1920, aspectRatio: '9:16', kind: 'story', confidence: 'widely-cited', opaque: true, maxBytes: 5 * MB, safeZone: { shape: 'rect', x: 0, y: 250, width: 1080, height: 1420, note: 'Keep the top and bottom 250 px clear: the name and the reply bar cover them.' } }),
  // widely-cited: picovert.com (512x512 WebP, at most 100 KB; taken as 100,000 bytes, the smaller reading).
  entry({ id: 90, key: 'whatsapp_sticker', platform: 'whatsapp', source: { name: 'Picovert WhatsApp sizes', url: 'https://www.picovert.com/en/blog/image-size-for-whatsapp' }, checked: '2026-11', format: 'sticker', description: 'Sticker (WebP, transparent)', width: 512, height: 512, aspectRatio: '1:1', kind: 'icon', confidence: 'widely-cited', types: ['webp'], maxBytes: 100_000 }),

  // ── discord ───────────────────────────────────────────────────────────────────────────────
  // widely-cited: krumzi.com, picovert.com, so-me.studio (JPG/PNG/GIF, about 8-10 MB: 8 MB holds).
  entry({ id: 91, key: 'discord_avatar', platform: 'discord', source: { name: 'Picovert Discord sizes', url: 'https://www.picovert.com/en/blog/image-size-for-discord' }, checked: '2026-11', format: 'avatar', description: 'Avatar (circle; 128 minimum, 512-1024 upload)', width: 512, height: 512, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 8 * MB }),
  entry({ id: 92, key: 'discord_server_icon', platform: 'discord', source: { name: 'Picovert Discord sizes', url: 'https://www.picovert.com/en/blog/image-size-for-discord' }, checked: '2026-11', format: 'server icon', description: 'Server icon (circle)', width: 1024, height: 1024, aspectRatio: '1:1', kind: 'icon', confidence: 'widely-cited', maxBytes: 8 * MB, safeZone: CIRCLE }),
  entry({ id: 93, key: 'discord_server_banner', platform: 'discord', source: { name: 'Krumzi Discord banner size', url: 'https://www.krumzi.com/size-guide/discord-banner-size' }, checked: '2026-11', format: 'server banner', description: 'Server banner (16:9, Boost level 2)', width: 960, height: 540, aspectRatio: '16:9', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB }),
  entry({ id: 94, key: 'discord_invite_splash', platform: 'discord', source: { name: 'Picovert Discord sizes', url: 'https://www.picovert.com/en/blog/image-size-for-discord' }, checked: '2026-11', format: 'invite splash', description: 'Invite splash background (16:9)', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'link', confidence: 'widely-cited', maxBytes: 8 * MB }),
  entry({ id: 95, key: 'discord_profile_banner', platform: 'discord', source: { name: 'Krumzi Discord banner size', url: 'https://www.krumzi.com/size-guide/discord-banner-size' }, checked: '2026-11', format: 'profile banner', description: 'Profile banner (5:2, Nitro)', width: 600, height: 240, aspectRatio: '5:2', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB, safeZone: { shape: 'note', note: 'The avatar covers the lower left.' } }),
  // widely-cited: so-me.studio (emoji 128 at most 256 KB; sticker 320 at most 500 KB, PNG).
  entry({ id: 96, key: 'discord_emoji', platform: 'discord', source: { name: 'so-me.studio Discord resizer', url: 'https://so-me.studio/free-tools/free-discord-image-resizer' }, checked: '2026-11', format: 'emoji', description: 'Custom emoji (transparent PNG)', width: 128, height: 128, aspectRatio: '1:1', kind: 'icon', confidence: 'widely-cited', types: PNG_ONLY, maxBytes: 256 * KB }),
  entry({ id: 97, key: 'discord_sticker', platform: 'discord', source: { name: 'so-me.studio Discord resizer', url: 'https://so-me.studio/free-tools/free-discord-image-resizer' }, checked: '2026-11', format: 'sticker', description: 'Sticker (transparent PNG)', width: 320, height: 320, aspectRatio: '1:1', kind: 'icon', confidence: 'widely-cited', types: PNG_ONLY, maxBytes: 500 * KB }),

  // ── twitch ────────────────────────────────────────────────────────────────────────────────
  // widely-cited: moda.app, streamertactics.com (JPG/PNG/GIF at most 10 MB; panels about 1 MB).
  entry({ id: 98, key: 'twitch_profile_picture', platform: 'twitch', source: { name: 'Moda Twitch sizes', url: 'https://moda.app/resources/sizes/twitch' }, checked: '2026-11', format: 'profile picture', description: 'Profile picture (circle, 200 minimum)', width: 256, height: 256, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 10 * MB }),
  entry({ id: 99, key: 'twitch_banner', platform: 'twitch', source: { name: 'Moda Twitch sizes', url: 'https://moda.app/resources/sizes/twitch' }, checked: '2026-11', format: 'banner', description: 'Profile banner (5:2)', width: 1200, height: 480, aspectRatio: '5:2', kind: 'banner', confidence: 'widely-cited', maxBytes: 10 * MB }),
  entry({ id: 100, key: 'twitch_offline', platform: 'twitch', source: { name: 'StreamerTactics', url: 'https://streamertactics.com/twitch-image-sizes/' }, checked: '2026-11', format: 'offline screen', description: 'Video player offline image (16:9)', width: 1920, height: 1080, aspectRatio: '16:9', kind: 'post', confidence: 'widely-cited', maxBytes: 10 * MB }),
  entry({ id: 101, key: 'twitch_panel', platform: 'twitch', source: { name: 'StreamerTactics', url: 'https://streamertactics.com/twitch-image-sizes/' }, checked: '2026-11', format: 'panel', description: 'About panel image (320 wide)', width: 320, height: 160, aspectRatio: '2:1', kind: 'post', confidence: 'widely-cited', maxBytes: 1 * MB }),

  // ── reddit ────────────────────────────────────────────────────────────────────────────────
  // widely-cited: picovert.com, getlate.dev (posts at most 20 MB, JPEG/PNG/GIF/WebP; avatar and banner at most 10 MB).
  entry({ id: 102, key: 'reddit_avatar', platform: 'reddit', source: { name: 'Picovert Reddit sizes', url: 'https://www.picovert.com/en/blog/image-size-for-reddit' }, checked: '2026-11', format: 'avatar', description: 'Profile avatar (circle)', width: 256, height: 256, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 10 * MB }),
  entry({ id: 103, key: 'reddit_community_banner', platform: 'reddit', source: { name: 'Picovert Reddit sizes', url: 'https://www.picovert.com/en/blog/image-size-for-reddit' }, checked: '2026-11', format: 'community banner', description: 'Community banner (5:1)', width: 1920, height: 384, aspectRatio: '5:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 10 * MB, safeZone: { shape: 'note', note: 'Phones crop the sides: keep text centred.' } }),
  entry({ id: 104, key: 'reddit_post', platform: 'reddit', source: { name: 'Late (getlate.dev) Reddit guidelines', url: 'https://docs.getlate.dev/resources/media-guidelines/reddit' }, checked: '2026-11', format: 'post', description: 'Post image (1.91:1)', width: 1200, height: 628, aspectRatio: '1.91:1', kind: 'post', confidence: 'widely-cited', maxBytes: 20 * MB, types: WITH_WEBP }),
  // official (mirror of Reddit's ad specs): 4:3, JPG/PNG/GIF at most 3 MB.
  entry({ id: 105, key: 'reddit_ad', platform: 'reddit', source: { name: 'Reddit ads image specs (mirror)', url: 'https://papaya-kheer-4b8a70.netlify.app/advertise/ad-types/unit-specs/image-specs' }, checked: '2026-11', format: 'ad', description: 'Image ad (4:3)', width: 1440, height: 1080, aspectRatio: '4:3', kind: 'ad', confidence: 'official', maxBytes: 3 * MB }),

  // ── mastodon ──────────────────────────────────────────────────────────────────────────────
  // widely-cited: the limit varies by server (mastodon.social 16 MB); 8 MB, the old default, every
  // server accepts. Avatars are shown as rounded squares.
  entry({ id: 106, key: 'mastodon_avatar', platform: 'mastodon', source: { name: 'Mastodon GitHub discussion (instance limits)', url: 'https://github.com/mastodon/mastodon/discussions/26709' }, checked: '2026-11', format: 'avatar', description: 'Profile avatar (rounded square)', width: 400, height: 400, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 8 * MB, safeZone: { shape: 'note', note: 'Shown with rounded corners; some apps show a circle.' } }),
  entry({ id: 107, key: 'mastodon_header', platform: 'mastodon', source: { name: 'Mastodon GitHub discussion (instance limits)', url: 'https://github.com/mastodon/mastodon/discussions/26709' }, checked: '2026-11', format: 'header', description: 'Profile header (3:1)', width: 1500, height: 500, aspectRatio: '3:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 8 * MB, safeZone: { shape: 'note', note: 'The avatar covers the lower left.' } }),
  // uncertain: no size of its own; 16:9 shows uncropped in the web and app timelines.
  entry({ id: 108, key: 'mastodon_post', platform: 'mastodon', source: { name: 'Mastodon documentation, GitHub thread', url: 'https://github.com/mastodon/documentation/issues/153' }, checked: '2026-11', format: 'post', description: 'Post image (16:9)', width: 1280, height: 720, aspectRatio: '16:9', kind: 'post', confidence: 'uncertain', maxBytes: 8 * MB }),

  // ── tumblr ────────────────────────────────────────────────────────────────────────────────
  // widely-cited: picovert.com (header 3000x1055, at least 1280 wide; avatar 256 shown at 128; posts up to 1280 wide; 10 MB).
  entry({ id: 109, key: 'tumblr_header', platform: 'tumblr', source: { name: 'Picovert Tumblr sizes', url: 'https://www.picovert.com/en/blog/image-size-for-tumblr' }, checked: '2026-11', format: 'header', description: 'Blog header image', width: 3000, height: 1055, aspectRatio: '2.84:1', kind: 'banner', confidence: 'widely-cited', maxBytes: 10 * MB, safeZone: { shape: 'note', note: 'Phones crop the sides and the avatar sits in the centre: keep text off the middle.' } }),
  entry({ id: 110, key: 'tumblr_avatar', platform: 'tumblr', source: { name: 'Picovert Tumblr sizes', url: 'https://www.picovert.com/en/blog/image-size-for-tumblr' }, checked: '2026-11', format: 'avatar', description: 'Blog avatar (circle or square)', width: 256, height: 256, aspectRatio: '1:1', kind: 'profile', confidence: 'widely-cited', maxBytes: 10 * MB }),
  entry({ id: 111, key: 'tumblr_post', platform: 'tumblr', source: { name: 'Picovert Tumblr sizes', url: 'https://www.picovert.com/en/blog/image-size-for-tumblr' }, checked: '2026-11', format: 'post', description: 'Post image (1280 wide)', width: 1280, height: 1280, aspectRatio: '1:1', kind: 'post', confidence: 'uncertain', maxBytes: 10 * MB }),

  // ── google business profile ───────────────────────────────────────────────────────────────
  // widely-cited: ppcadagency.shop, weltodigital.com (JPG/PNG, 10 KB to 5 MB).
  entry({ id: 112, key: 'gbp_logo', platform: 'google business profile', source: { name: 'Welto Digital GBP guide', url: 'https://www.weltodigital.com/google-business-image-size-guide' }, checked: '2026-11', format: 'logo', description: 'Business logo (square, 250 minimum)', width: 720, height: 720, aspectRatio: '1:1', kind: 'logo', confidence: 'widely-cited', maxBytes: 5 * MB }),
  entry({ id: 113, key: 'gbp_cover', platform: 'google business profile', source: { name: 'Welto Digital GBP guide', url: 'https://www.weltodigital.com/google-business-image-size-guide' }, checked: '2026-11', format: 'cover photo', description: 'Cover photo (16:9)', width: 1024, height: 576, aspectRatio: '16:9', kind: 'banner', confidence: 'widely-cited', maxBytes: 5 * MB }),
  entry({ id: 114, key: 'gbp_photo', platform: 'google business profile', source: { name: 'PPC Ad Agency GBP guidelines', url: 'https://ppcadagency.shop/2025/07/20/google-business-profile-photo-size-guidelines-image-tips' }, checked: '2026-11', format: 'photo', description: 'Business photo (720 minimum)', width: 720, height: 720, aspectRatio: '1:1', kind: 'gallery', confidence: 'widely-cited', maxBytes: 5 * MB }),
  entry({ id: 115, key: 'gbp_post', platform: 'google business profile', source: { name: 'Welto Digital GBP guide', url: 'https://www.weltodigital.com/google-business-image-size-guide' }, checked: '2026-11', format: 'update post', description: 'Update post image (4:3)', width: 1200, height: 900, aspectRatio: '4:3', kind: 'post', confidence: 'widely-cited', maxBytes: 5 * MB }),

  // ── link preview ──────────────────────────────────────────────────────────────────────────
  // official parts: Facebook's Open Graph doc (<= 8 MB) and LinkedIn's preview (1200x627, >= 401 wide,
  // <= 5 MB); X's large card shows 2:1. One 1200x630 JPEG/PNG under 5 MB satisfies all of them, Slack
  // and iMessage included; flattened, since some apps show transparency on black.
  entry({ id: 116, key: 'link_preview', platform: 'link preview', source: { name: 'peek.dt.tools link preview rules', url: 'https://peek.dt.tools/linkedin-preview' }, checked: '2026-11', format: 'open graph image', description: 'One preview for Slack, iMessage, Discord, LinkedIn, Facebook and X (1.91:1)', width: 1200, height: 630, aspectRatio: '1.91:1', kind: 'link', confidence: 'widely-cited', opaque: true, maxBytes: 5 * MB, safeZone: { shape: 'rect', x: 0, y: 15, width: 1200, height: 600, note: 'X’s large card shows 2:1, cutting 15 px top and bottom; keep text centred.' } }),

  // ── email ─────────────────────────────────────────────────────────────────────────────────
  // official: Mailchimp help (600 px content width; images at most 1 MB recommended; 2× for retina).
  entry({ id: 117, key: 'email_header', platform: 'email', source: { name: 'Mailchimp help: template images', url: 'https://mailchimp.com/help/about-template-images/' }, checked: '2026-11', format: 'header', description: 'Email header (600 px content width)', width: 600, height: 200, aspectRatio: '3:1', kind: 'banner', confidence: 'official', maxBytes: 1 * MB }),
  entry({ id: 118, key: 'email_header_2x', platform: 'email', source: { name: 'Mailchimp help: template images', url: 'https://mailchimp.com/help/about-template-images/' }, checked: '2026-11', format: 'header 2x', description: 'Email header, retina 2× (shown at 600x200)', width: 1200, height: 400, aspectRatio: '3:1', kind: 'banner', confidence: 'official', maxBytes: 1 * MB }),
];

const BANNER_WORDS = /cover|banner|header/i;

/** Banner formats: a description with cover, banner or header (docs/product.md, "Banner and profile adjusters"). */
export function isBannerFormat(format: Pick<PlatformFormat, 'description'>): boolean {
  return BANNER_WORDS.test(format.description);
}

export const BANNER_FORMATS = PLATFORM_FORMATS.filter(isBannerFormat);
export const PROFILE_FORMATS = PLATFORM_FORMATS.filter((f) => f.profile);

const byId = new Map(PLATFORM_FORMATS.map((f) => [f.id, f]));

/** A catalogue format, or the custom size an id encodes (shared/custom-format.ts). */
export function findFormat(id: number): PlatformFormat | undefined {
  return byId.get(id) ?? customFormat(id);
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

/**
 * "beach.jpg" + LinkedIn banner as JPEG -> "beach-linkedin-banner-1584x396.jpg"; the name is made
 * safe by safeName. Each format id has a name of its own, so no two files of one ZIP share one: a
 * custom size adds the file type and cap it was asked with ("beach-custom-size-1200x600-jpeg-max-200kb.jpg"),
 * since several can share a pixel size and the type a file ends up as (Auto's JPEG, say).
 */
export function outputFilename(
  originalFilename: string,
  format: Pick<PlatformFormat, 'id' | 'platform' | 'format' | 'width' | 'height'>,
  type: OutputType,
): string {
  const custom = customSizeOf(format.id);
  const asked = custom
    ? `${custom.type === 'auto' ? '' : `-${custom.type}`}${custom.capKb === null ? '' : `-max-${custom.capKb}kb`}`
    : '';
  return `${safeName(originalFilename)}-${slug(format.platform)}-${slug(format.format)}-${format.width}x${format.height}${asked}.${OUTPUT_EXTENSIONS[type]}`;
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
