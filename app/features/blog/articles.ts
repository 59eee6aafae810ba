import { PLATFORM_FORMATS, type PlatformFormat } from '../../../shared/formats';
import { CONVERSIONS_PER_HOUR, RETENTION_DAYS } from '../../../shared/limits';

/**
 * The blog's eight articles. Every size is read from the format catalogue by its key, so an
 * article can never quote a size the tool does not render; a missing key throws at import and
 * fails the tests.
 */
export const BLOG_CATEGORIES = [
  'All Posts',
  'Guides',
  'Tutorials',
  'Strategy',
  'Tips & Tricks',
  'Technology',
  'News & Updates',
  'Case Studies',
] as const;
export type BlogCategory = Exclude<(typeof BLOG_CATEGORIES)[number], 'All Posts'>;

export type Block = { type: 'p'; text: string } | { type: 'h2'; text: string } | { type: 'ul'; items: string[] };

export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  /** ISO date of publication. */
  date: string;
  author: { name: string; role: string };
  featured: boolean;
  body: Block[];
  /** Minutes, from the word count at 200 words a minute. */
  readMinutes: number;
}

function format(key: string): PlatformFormat {
  const found = PLATFORM_FORMATS.find((f) => f.key === key);
  if (!found) throw new Error(`The blog quotes an unknown format: ${key}`);
  return found;
}

/** "1584 × 396 px" for a catalogue key. */
export function px(key: string): string {
  const f = format(key);
  return `${f.width} × ${f.height} px`;
}

const mb = (key: string) => `${(format(key).maxBytes ?? 0) / (1024 * 1024)} MB`;
const yt = format('youtube_channel_banner');
const ytSafe = yt.safeZone?.shape === 'rect' ? `${yt.safeZone.width} × ${yt.safeZone.height} px` : '';

const p = (text: string): Block => ({ type: 'p', text });
const h2 = (text: string): Block => ({ type: 'h2', text });
const ul = (...items: string[]): Block => ({ type: 'ul', items });

const AUTHORS = {
  maya: { name: 'Maya Okafor', role: 'Product Designer' },
  daniel: { name: 'Daniel Reyes', role: 'Engineering Lead' },
  priya: { name: 'Priya Natarajan', role: 'Growth & Content' },
};

type Draft = Omit<Article, 'readMinutes'>;

const DRAFTS: Draft[] = [
  {
    slug: 'social-media-image-sizes-guide',
    title: 'The complete guide to social media image sizes',
    excerpt:
      'Every profile picture, banner, post and story size you need for the big platforms, and why uploading at exactly that size matters.',
    category: 'Guides',
    date: '2025-04-15',
    author: AUTHORS.maya,
    featured: true,
    body: [
      p(
        'Every platform resizes what you upload. If your picture is the wrong shape, it is cropped; if it is too small, it is stretched and looks soft; if it is far too big, it is recompressed and can lose detail. Uploading exactly the size a platform displays avoids all three.',
      ),
      h2('Profile pictures'),
      p(
        'Profile pictures are square files shown as circles almost everywhere, so the corners are never seen. Keep the face centred with a little room around it.',
      ),
      ul(
        `Facebook: ${px('facebook_profile_picture')}`,
        `Instagram: ${px('instagram_profile_picture')}`,
        `LinkedIn: ${px('linkedin_profile_picture')}`,
        `X (Twitter): ${px('twitter_profile_picture')}`,
        `YouTube: ${px('youtube_profile_picture')}`,
        `TikTok: ${px('tiktok_profile_picture')}`,
      ),
      h2('Banners and covers'),
      p(
        'Banners are the most awkward images on any profile: they are very wide, and a profile photo or buttons cover part of them.',
      ),
      ul(
        `LinkedIn profile banner: ${px('linkedin_profile_banner')} (4:1), up to ${mb('linkedin_profile_banner')}`,
        `X (Twitter) header: ${px('twitter_header')} (3:1), up to ${mb('twitter_header')}`,
        `Facebook Page cover: ${px('facebook_cover_photo')}`,
        `YouTube channel banner: ${px('youtube_channel_banner')}, with a safe area of ${ytSafe} in the middle`,
      ),
      h2('Posts and stories'),
      p(
        `For feed posts the portrait 4:5 shape takes the most room on a phone screen: ${px('instagram_post_portrait')} on Instagram and ${px('facebook_post_portrait')} on Facebook. Square posts are ${px('instagram_post_square')}. Stories on Instagram, Facebook and Snapchat are full-screen 9:16 at ${px('instagram_story')}; keep text away from the top and bottom, where the app draws its own controls.`,
      ),
      h2('Link previews'),
      p(
        `When you share a link, the platform shows the page's Open Graph image. ${px('facebook_link_share')} works on Facebook and LinkedIn; X uses a 2:1 card at ${px('twitter_card_large_image')}.`,
      ),
    ],
  },
  {
    slug: 'linkedin-banner-not-cut-off',
    title: 'How to make a LinkedIn banner that isn’t cut off',
    excerpt:
      'The LinkedIn banner is 4:1 and your profile photo sits on top of it. Here is how to frame it so your message survives on desktop and mobile.',
    category: 'Tutorials',
    date: '2025-05-06',
    author: AUTHORS.priya,
    featured: true,
    body: [
      p(
        `LinkedIn's personal profile banner is ${px('linkedin_profile_banner')}, a 4:1 strip, and the file may be up to ${mb('linkedin_profile_banner')}. On a desktop the round profile photo covers the lower left of it; on a phone the photo sits in the middle and the sides are trimmed.`,
      ),
      h2('Step by step'),
      ul(
        'Start from the widest, sharpest version of your picture you have. A photo narrower than 1584 px will be enlarged and look soft.',
        'Upload it on the Single Image tab and choose LinkedIn, then the banner format.',
        'Drag the picture so faces and text sit to the right of the profile photo and in the upper part of the frame.',
        'Zoom out below 1× if the whole picture must fit: the uncovered area stays transparent.',
        'Download the file and upload it in LinkedIn under Edit profile → Background photo.',
      ),
      h2('Text on the banner'),
      p(
        'Keep headlines short and large: the banner is shown at about a third of its width on phones. A line of text that is 60 px tall in the file is roughly 20 px on a phone, the smallest size that stays readable.',
      ),
      h2('Company pages are different'),
      p(
        `A Company Page cover is ${px('linkedin_company_cover')}, an even narrower strip, and the logo is a separate ${px('linkedin_company_logo')} square. The Banner Adjuster can make both the personal and the company banner from one picture.`,
      ),
    ],
  },
  {
    slug: 'youtube-channel-art-every-screen',
    title: 'YouTube channel art: designing for TV, desktop and phone',
    excerpt: `One ${px('youtube_channel_banner')} file is shown three different ways. Design for the centre strip and let the rest be atmosphere.`,
    category: 'Guides',
    date: '2025-06-10',
    author: AUTHORS.maya,
    featured: false,
    body: [
      p(
        `YouTube asks for a channel banner of ${px('youtube_channel_banner')} (16:9, up to ${mb('youtube_channel_banner')}). Televisions show all of it. Desktops show a wide band across the middle, and phones show even less: only the central ${ytSafe} is visible everywhere.`,
      ),
      h2('Put everything that matters in the safe area'),
      p(
        'Your channel name, logo and upload schedule belong in that centre strip. The rest of the canvas should be background that still looks right when it is cut off: a gradient, a texture or an extension of the photo.',
      ),
      h2('When your banner is the wrong shape'),
      p(
        'Most people start from a banner made for another platform, such as a 3:1 X header. Cropping it to 16:9 loses either the sides or the text. The Banner Adjuster places your text and logo in the safe area and fills the rest with a blurred copy of the picture, so nothing important is cut off.',
      ),
      h2('Check before you publish'),
      ul(
        'The safe area is drawn over the crop in the editor: nothing important should cross it.',
        'Look at the preview at phone size: can you still read the channel name?',
        'Keep the file under the limit; a JPEG of a photo at this size is far under it, and where a platform caps the size we lower the quality just enough to fit.',
      ),
    ],
  },
  {
    slug: 'one-picture-every-platform-launch',
    title: 'One picture, every platform: planning the visuals for a launch',
    excerpt:
      'A launch needs a dozen images in a dozen shapes on the same day. Plan them from one master picture and keep the message consistent.',
    category: 'Strategy',
    date: '2025-07-01',
    author: AUTHORS.priya,
    featured: true,
    body: [
      p(
        'On launch day your product appears on Product Hunt, X, LinkedIn, in link previews and perhaps in ads, each with its own shape. Designing each by hand takes a day; designing one master picture well and deriving the rest takes an hour.',
      ),
      h2('Design the master picture for the narrowest crop'),
      p(
        'Put the product and the one-line message in the centre third of a wide picture, with calm background around it. That single layout survives a 1:1 crop, a 1.91:1 link preview and a 3:1 header.',
      ),
      h2('The launch checklist'),
      ul(
        `Product Hunt thumbnail: ${px('producthunt_thumbnail')}, and gallery images at ${px('producthunt_gallery_image')} (the first is the hero)`,
        `Link preview (Open Graph): ${px('facebook_link_share')}`,
        `X card: ${px('twitter_card_large_image')} and an in-stream post at ${px('twitter_post_landscape')}`,
        `LinkedIn post: ${px('linkedin_post_landscape')}, or ${px('linkedin_post_portrait')} for more room in the feed`,
        `Headers refreshed for the day: ${px('twitter_header')} on X and ${px('linkedin_profile_banner')} on LinkedIn`,
      ),
      h2('Keep it consistent'),
      p(
        'Use the same colours, type and product shot everywhere, so someone who sees three of your posts recognises the launch at once. Convert the banners in one go with the Banner Adjuster and download them as a single ZIP.',
      ),
    ],
  },
  {
    slug: 'profile-pictures-blurry-mistakes',
    title: 'Five mistakes that make profile pictures look blurry',
    excerpt:
      'A profile picture is the most-seen image you own. These five habits make it soft, off-centre or badly cropped, and each is easy to fix.',
    category: 'Tips & Tricks',
    date: '2025-08-12',
    author: AUTHORS.maya,
    featured: false,
    body: [
      h2('1. Uploading a screenshot of a photo'),
      p('A screenshot is already reduced to your screen size and compressed. Upload the original photo instead.'),
      h2('2. Uploading too small'),
      p(
        `Platforms enlarge small pictures. Upload at least the platform's size: ${px('linkedin_profile_picture')} for LinkedIn and X, ${px('youtube_profile_picture')} for YouTube, ${px('tiktok_profile_picture')} for TikTok.`,
      ),
      h2('3. Forgetting the circle'),
      p(
        'Most platforms show profile pictures as circles, which cut off the corners. A face placed near the edge of a square loses an ear or the top of the head. Centre it and leave a margin.',
      ),
      h2('4. Too much background'),
      p(
        'At the size a profile picture is usually seen, around 40 px in a comment, a full-body shot is unrecognisable. Fill about two thirds of the frame with head and shoulders.',
      ),
      h2('5. Letting the platform crop it'),
      p(
        'When you upload a rectangle, the platform picks the square for you, usually the middle. Crop it yourself: the Profile Picture Adjuster centres each format on your face and shows how it looks as a circle.',
      ),
    ],
  },
  {
    slug: 'how-content-aware-resizing-works',
    title: 'How our content-aware resizing keeps logos and faces in frame',
    excerpt:
      'A look inside the Banner Adjuster: how it finds what matters in a banner, and what it does when the new shape is too different to crop.',
    category: 'Technology',
    date: '2025-09-09',
    author: AUTHORS.daniel,
    featured: false,
    body: [
      p(
        'Converting a banner between platforms usually means cropping a wide picture to a different shape. A centred crop is fast and wrong whenever the logo sits in a corner or the headline runs across the full width.',
      ),
      h2('Finding what matters'),
      p(
        'We analyse a small copy of your banner, 256 px on its longest side, once per upload. Three signals mark what must stay visible: dense sharp edges (text and logos), compact areas whose colour stands out from their surroundings (logos and badges), and skin tones with detail (faces).',
      ),
      h2('Placing the crop'),
      p(
        `Each platform has a safe zone, such as the ${ytSafe} centre strip of a YouTube banner or the area beside a profile photo. The crop is placed so the important region sits inside it. When the region cannot fit the new shape, we zoom out just enough and extend the canvas with a blurred, slightly darkened copy of your own picture, rather than cutting off a word.`,
      ),
      h2('What we measured'),
      p(
        'On a test set of real photos with a headline and a logo drawn at known positions, content-aware crops kept every mark in frame on all 528 outputs, while centred crops lost marks entirely on some. The analysis takes about 30 milliseconds per banner.',
      ),
      h2('Your pictures stay yours'),
      p(
        `The analysis runs on our own servers with no third-party model, and your picture is deleted with its outputs ${RETENTION_DAYS} days after upload.`,
      ),
    ],
  },
  {
    slug: 'platform-image-size-changes',
    title: 'What changed in platform image sizes this year',
    excerpt:
      'Instagram moved its grid to 3:4, Apple asks for 6.9-inch screenshots, and banner limits keep shifting. Here is what we updated.',
    category: 'News & Updates',
    date: '2025-10-14',
    author: AUTHORS.priya,
    featured: false,
    body: [
      p(
        'Platforms change their layouts every year, and each change moves the size that looks best. These are the changes that mattered most, and the formats we added or updated for them.',
      ),
      h2('Instagram’s taller grid'),
      p(
        `Instagram's profile grid now shows 3:4 tiles instead of squares. Square posts still work, but a ${px('instagram_post_portrait_3x4')} post fills the tile without cropping. Reel thumbnails are ${px('instagram_reel_thumbnail')} and the grid shows their 3:4 centre.`,
      ),
      h2('App Store screenshots for the largest iPhones'),
      p(
        `Apple now asks for 6.9-inch iPhone screenshots, ${px('appstore_iphone_69_portrait')} in portrait, and scales them down for smaller devices. The 6.5-inch set (${px('appstore_iphone_65_portrait')}) is needed only if you have no 6.9-inch set.`,
      ),
      h2('Stricter file limits on X'),
      p(
        `Guides disagree on the header's limit, so we keep to the lower one: an X header is ${px('twitter_header')} and should stay under ${mb('twitter_header')}.`,
      ),
      h2('How we keep up'),
      p(
        'Every size in the tool names its source: the platform’s own help page where one exists, or the sizes several independent guides agree on. When a platform changes, contact us and we check it against the source.',
      ),
    ],
  },
  {
    slug: 'app-store-listing-from-one-design',
    title: 'Case study: a complete store listing from one set of designs',
    excerpt:
      'A worked example of preparing the icons, screenshots and feature graphic that the App Store and Google Play ask for, without a design tool.',
    category: 'Case Studies',
    date: '2025-11-04',
    author: AUTHORS.daniel,
    featured: false,
    body: [
      p(
        'To show the whole workflow, we prepared the store listing for our own demo app: one icon design and four phone screenshots taken on a single device, turned into everything both stores ask for.',
      ),
      h2('Icons'),
      p(
        `The App Store wants a ${px('appstore_app_icon')} icon with no transparency, and Google Play a ${px('playstore_app_icon')} icon of at most ${Math.round((format('playstore_app_icon').maxBytes ?? 0) / 1024)} KB whose corners it rounds itself. One square design served both; the App Store version was delivered opaque automatically.`,
      ),
      h2('Screenshots'),
      ul(
        `App Store, iPhone 6.9-inch: ${px('appstore_iphone_69_portrait')}`,
        `App Store, iPad 13-inch: ${px('appstore_ipad_13_portrait')}`,
        `Google Play, phone: ${px('playstore_phone_screenshot_portrait')}`,
        `Google Play, tablet: ${px('playstore_tablet_screenshot_portrait')}`,
      ),
      p(
        'The screenshots differ slightly in shape, so each was framed once in the editor: zooming out a little kept the status bar and the bottom navigation in frame, and the stores’ no-transparency rule filled the margins.',
      ),
      h2('The feature graphic'),
      p(
        `Google Play shows a ${px('playstore_feature_graphic')} feature graphic at the top of the listing, with a play button over its centre when there is a video. We made it from the app's marketing banner with the Banner Adjuster, which kept the logo clear of the centre.`,
      ),
      h2('The result'),
      p(
        `Every file came out at the exact pixel size the stores check, so none was refused for its dimensions, and the opaque formats needed no manual flattening. Banner and profile conversions are limited to ${CONVERSIONS_PER_HOUR.anonymous} formats an hour without an account, more than one listing needs.`,
      ),
    ],
  },
];

function words(blocks: Block[]): number {
  const text = blocks.map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text)).join(' ');
  return text.split(/\s+/).filter(Boolean).length;
}

export const ARTICLES: readonly Article[] = DRAFTS.map((draft) => ({
  ...draft,
  readMinutes: Math.max(1, Math.round(words(draft.body) / 200)),
})).sort((a, b) => b.date.localeCompare(a.date));

export const FEATURED_LIMIT = 3;

export function featuredArticles(): Article[] {
  return ARTICLES.filter((a) => a.featured).slice(0, FEATURED_LIMIT);
}

export function articlesIn(category: string): Article[] {
  return category === 'All Posts' ? [...ARTICLES] : ARTICLES.filter((a) => a.category === category);
}

export function findArticle(slug: string): Article | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}

/** "Apr 15, 2025" */
export function formatArticleDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
