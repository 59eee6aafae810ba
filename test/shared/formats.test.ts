import { describe, expect, it } from 'vitest';
import {
  BANNER_FORMATS,
  findFormat,
  findFormatByName,
  outputFilename,
  parseAspectRatio,
  PLATFORM_FORMATS,
  PROFILE_FORMATS,
} from '../../shared/formats';
import { platformName, PLATFORMS } from '../../shared/platforms';
import { customFormatId, customSizeProblem } from '../../shared/custom-format';
import { OUTPUT_CHOICES, type OutputChoice } from '@social-resizer/engine/plan/output';

describe('platform format catalogue', () => {
  it('has at least 110 formats over at least 22 platforms, each platform with its formats', () => {
    expect(PLATFORM_FORMATS.length).toBeGreaterThanOrEqual(110);
    expect(PLATFORMS.length).toBeGreaterThanOrEqual(22);
    expect(new Set(PLATFORM_FORMATS.map((f) => f.platform))).toEqual(new Set(PLATFORMS));
    for (const platform of PLATFORMS) expect(platformName(platform), platform).not.toBe(platform);
  });

  it('says where every format comes from and when it was last checked', () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    for (const f of PLATFORM_FORMATS) {
      expect(f.source.name.trim().length, f.key).toBeGreaterThan(3);
      if (f.source.url !== null) expect(new URL(f.source.url).protocol, f.key).toBe('https:');
      expect(f.checked, f.key).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
      expect(f.checked <= thisMonth, f.key).toBe(true);
    }
    // The platforms added in the November 2026 check were all checked then.
    for (const f of PLATFORM_FORMATS.filter((f) => f.id > 74)) expect(f.checked, f.key).toBe('2026-11');
  });

  it('keeps the caps the platforms publish, the tightest to the byte', () => {
    const cap = (key: string) => PLATFORM_FORMATS.find((f) => f.key === key)?.maxBytes;
    // Bluesky's lexicons: 1,000,000 bytes (decimal), not a MiB.
    for (const key of ['bluesky_avatar', 'bluesky_banner', 'bluesky_post_square'])
      expect(cap(key), key).toBe(1_000_000);
    expect(cap('instagram_post_portrait')).toBe(8 * 1024 * 1024);
    expect(cap('threads_post_portrait')).toBe(8 * 1024 * 1024);
    expect(cap('linkedin_post_landscape')).toBe(5 * 1024 * 1024);
    expect(cap('whatsapp_sticker')).toBe(100_000);
    for (const f of PLATFORM_FORMATS) if (f.maxBytes !== null) expect(f.maxBytes, f.key).toBeGreaterThan(50_000);
  });

  it('gives every entry a unique positive integer id, a unique key and a unique name within its platform', () => {
    const ids = PLATFORM_FORMATS.map((f) => f.id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(PLATFORM_FORMATS.map((f) => f.key)).size).toBe(ids.length);
    expect(new Set(PLATFORM_FORMATS.map((f) => `${f.platform}/${f.format}`)).size).toBe(ids.length);
  });

  it('keeps ids stable: the id of every key is what it was when published', () => {
    expect(Object.fromEntries(PLATFORM_FORMATS.map((f) => [f.id, f.key]))).toMatchSnapshot();
  });

  it.each(PLATFORM_FORMATS.map((f) => [f.key, f] as const))(
    '%s has positive integer sizes and an aspect ratio that matches them',
    (_key, f) => {
      expect(Number.isInteger(f.width) && f.width > 0).toBe(true);
      expect(Number.isInteger(f.height) && f.height > 0).toBe(true);
      const ratio = parseAspectRatio(f.aspectRatio);
      expect(Number.isFinite(ratio)).toBe(true);
      expect(Math.abs(ratio - f.width / f.height) / (f.width / f.height)).toBeLessThan(0.01);
      expect(f.description.length).toBeGreaterThan(3);
      if (f.maxBytes !== null) expect(f.maxBytes).toBeGreaterThanOrEqual(100_000);
    },
  );

  it('keeps every safe zone rectangle inside its frame', () => {
    for (const f of PLATFORM_FORMATS) {
      if (f.safeZone?.shape !== 'rect') continue;
      const { x, y, width, height } = f.safeZone;
      expect(x >= 0 && y >= 0 && width > 0 && height > 0, f.key).toBe(true);
      expect(x + width <= f.width && y + height <= f.height, f.key).toBe(true);
    }
  });

  it('selects banners by the spec rule (cover, banner or header in the description) and nothing else', () => {
    expect(BANNER_FORMATS.map((f) => f.key).sort()).toEqual(
      PLATFORM_FORMATS.filter((f) => f.kind === 'banner')
        .map((f) => f.key)
        .sort(),
    );
    expect(BANNER_FORMATS.length).toBeGreaterThanOrEqual(23);
  });

  it('offers the square profile formats, avatars drawn as circles', () => {
    expect(PROFILE_FORMATS.length).toBeGreaterThanOrEqual(18);
    for (const f of PROFILE_FORMATS) expect(f.width, f.key).toBe(f.height);
    expect(findFormatByName('linkedin', 'profile picture')?.safeZone?.shape).toBe('circle');
    // LinkedIn shows company logos square: no circle is drawn over them.
    expect(findFormatByName('linkedin', 'company logo')?.safeZone).toBeNull();
  });

  it('marks the formats whose platform refuses transparency', () => {
    expect(findFormatByName('app store', 'app icon')?.opaque).toBe(true);
    expect(findFormatByName('google play store', 'feature graphic')?.opaque).toBe(true);
    expect(findFormatByName('google play store', 'app icon')?.opaque).toBe(false);
    expect(PLATFORM_FORMATS.filter((f) => f.kind === 'screenshot').every((f) => f.opaque)).toBe(true);
  });

  it('offers the file types each platform names: PNG only for the store icons, tiles and Discord art, WebP where named', () => {
    const only = (types: string[]) =>
      PLATFORM_FORMATS.filter((f) => f.types.join() === types.join())
        .map((f) => f.key)
        .sort();
    expect(only(['png'])).toEqual([
      'appstore_app_icon',
      'discord_emoji',
      'discord_sticker',
      'playstore_app_icon',
      'snapchat_story_ad_tile',
      'snapchat_story_ad_tile_logo',
    ]);
    expect(only(['webp'])).toEqual(['whatsapp_sticker']);
    expect(only(['jpeg', 'png', 'webp'])).toEqual([
      'reddit_post',
      'twitter_card_large_image',
      'twitter_post_landscape',
      'twitter_post_portrait',
      'twitter_post_square',
    ]);
    // Every platform but WhatsApp's stickers takes PNG.
    expect(PLATFORM_FORMATS.filter((f) => !f.types.includes('png')).map((f) => f.key)).toEqual(['whatsapp_sticker']);
    // libwebp's heap is about 11 bytes a pixel of its input: every WebP output stays small.
    expect(
      Math.max(...PLATFORM_FORMATS.filter((f) => f.types.includes('webp')).map((f) => f.width * f.height)),
    ).toBeLessThan(1_500_000);
  });

  it('carries the sizes the platforms publish for the best-known formats', () => {
    expect(findFormatByName('linkedin', 'banner')).toMatchObject({ width: 1584, height: 396, aspectRatio: '4:1' });
    expect(findFormatByName('youtube', 'banner')).toMatchObject({
      width: 2560,
      height: 1440,
      maxBytes: 6 * 1024 * 1024,
    });
    expect(findFormatByName('youtube', 'thumbnail')).toMatchObject({
      width: 1280,
      height: 720,
      maxBytes: 2 * 1024 * 1024,
    });
    expect(findFormatByName('instagram', 'story')).toMatchObject({ width: 1080, height: 1920 });
    expect(findFormatByName('app store', 'app icon')).toMatchObject({ width: 1024, height: 1024 });
    expect(findFormat(20)?.key).toBe('linkedin_profile_banner');
  });

  it('names output files after the original, platform, format and size', () => {
    const banner = findFormatByName('linkedin', 'banner');
    expect(banner).toBeDefined();
    if (!banner) return;
    expect(outputFilename('beach.jpg', banner, 'jpeg')).toBe('beach-linkedin-banner-1584x396.jpg');
    // The user's own words survive (made safe by safeName, test/shared/filenames.test.ts).
    expect(outputFilename('Été à la Plage!.PNG', banner, 'png')).toBe('Été à la Plage!-linkedin-banner-1584x396.png');
    const icon = findFormatByName('app store', 'app icon');
    if (icon) expect(outputFilename('.jpg', icon, 'webp')).toBe('image-app-store-app-icon-1024x1024.webp');
    // A ZIP's files of one photo never collide, case ignored, whatever the formats and types chosen.
    const names = PLATFORM_FORMATS.flatMap((f) =>
      (['jpeg', 'png', 'webp'] as const).map((type) => outputFilename('A.jpg', f, type).toLowerCase()),
    );
    expect(new Set(names).size).toBe(PLATFORM_FORMATS.length * 3);
  });

  it('names every format of a pixel size apart, catalogue and custom sizes of every type and cap alike', () => {
    // Each pixel size the catalogue has (and one it has not), with every custom size of that size:
    // Auto and each type, without a cap and with two caps. Whatever type each file ends up as
    // (Auto's and a cap's choice), no two of them may share a name, case ignored, as files of one
    // ZIP (or one photo's folder) and as downloads into one folder.
    const sizes = new Map(PLATFORM_FORMATS.map((f) => [`${f.width}x${f.height}`, f]));
    sizes.set('1200x600', { ...PLATFORM_FORMATS[0]!, width: 1200, height: 600 });
    let compared = 0;
    for (const { width, height } of sizes.values()) {
      const catalogue = PLATFORM_FORMATS.filter((f) => f.width === width && f.height === height);
      const customs = OUTPUT_CHOICES.flatMap((type) =>
        [null, 200, 300].flatMap((capKb) => {
          const size = { width, height, type, capKb };
          return customSizeProblem(size) === null ? [findFormat(customFormatId(size))!] : [];
        }),
      );
      const formats = [...catalogue, ...customs];
      for (const type of ['jpeg', 'png', 'webp'] as const) {
        const names = formats.map((f) => outputFilename('same.jpg', f, type).toLowerCase());
        expect(new Set(names).size, names.join('\n')).toBe(formats.length);
        compared += formats.length;
      }
      // Two formats never share a name whatever type each ends up as.
      const all = formats.flatMap((f) =>
        f.types.map((type) => [f.id, outputFilename('same.jpg', f, type).toLowerCase()] as const),
      );
      const owner = new Map<string, number>();
      for (const [id, name] of all) {
        expect(owner.get(name) ?? id, name).toBe(id);
        owner.set(name, id);
      }
    }
    expect(compared).toBeGreaterThan(1000);
    const custom = (type: OutputChoice, capKb: number | null) =>
      outputFilename('same.jpg', findFormat(customFormatId({ width: 1200, height: 600, type, capKb }))!, 'jpeg');
    // What differs is in the name: the type asked, then the cap.
    expect([custom('auto', null), custom('jpeg', null), custom('jpeg', 200), custom('auto', 300)]).toEqual([
      'same-custom-size-1200x600.jpg',
      'same-custom-size-1200x600-jpeg.jpg',
      'same-custom-size-1200x600-jpeg-max-200kb.jpg',
      'same-custom-size-1200x600-max-300kb.jpg',
    ]);
  });
});

describe('platform names', () => {
  it('writes each platform as the platform does', () => {
    expect(PLATFORMS.map(platformName)).toEqual([
      'Facebook',
      'Instagram',
      'LinkedIn',
      'X (Twitter)',
      'YouTube',
      'TikTok',
      'Snapchat',
      'App Store',
      'Google Play',
      'Behance',
      'Product Hunt',
      'Pinterest',
      'Threads',
      'Bluesky',
      'WhatsApp',
      'Discord',
      'Twitch',
      'Reddit',
      'Mastodon',
      'Tumblr',
      'Google Business Profile',
      'Link preview',
      'Email',
    ]);
  });
});
