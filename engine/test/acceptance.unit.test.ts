/**
 * The check every made file passes before it is offered (docs/product.md, "A file each platform
 * accepts"): read back from the file's bytes. Real files with what a platform would refuse (EXIF
 * with GPS, a Display P3 profile, transparency, a wrong size, too many bytes), and every format of
 * the catalogue made from a noisy 12 MP photograph, each of which must come out ready.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileCheckLine } from '../../shared/file-check';
import { findFormatByName, PLATFORM_FORMATS, type PlatformFormat } from '../../shared/formats';
import { checkFile, codecs, renderFormat, type Picture } from '..';
import { centredCrop } from '../plan/crop';

const CORPUS = join(import.meta.dirname, '../../test/fixtures/corpus');
const PEOPLE = join(import.meta.dirname, '../../test/fixtures/people');
const rules = (width: number, height: number, more: Partial<PlatformFormat> = {}) => ({
  width,
  height,
  types: ['jpeg', 'png', 'webp'] as PlatformFormat['types'],
  opaque: false,
  maxBytes: null,
  ...more,
});

describe('the file check', () => {
  it('passes a clean JPEG, PNG and WebP of the right size', async () => {
    const photo = sharp(join(PEOPLE, 'astronaut-landscape.jpg')).resize(300, 200);
    for (const bytes of [
      await photo.clone().jpeg().toBuffer(),
      await photo.clone().png().toBuffer(),
      await photo.clone().webp().toBuffer(),
    ]) {
      const check = checkFile(new Uint8Array(bytes), rules(300, 200));
      expect(check.problems).toEqual([]);
      expect(check).toMatchObject({ ready: true, width: 300, height: 200, alpha: false, bytes: bytes.length });
    }
  });

  it('finds EXIF with GPS, a Display P3 profile, transparency, a wrong size and a broken cap', async () => {
    const gps = new Uint8Array(readFileSync(join(CORPUS, 'gps-exif.jpg')));
    const { width, height } = await sharp(gps).metadata();
    expect(checkFile(gps, rules(width!, height!)).problems).toEqual(['It carries EXIF metadata.']);
    const webpWithExif = await sharp(gps).keepExif().webp().toBuffer();
    expect(checkFile(new Uint8Array(webpWithExif), rules(width!, height!)).problems).toEqual([
      'It carries EXIF metadata.',
    ]);

    const p3 = new Uint8Array(await sharp(join(PEOPLE, 'astronaut-landscape.jpg')).withIccProfile('p3').toBuffer());
    const meta = await sharp(p3).metadata();
    expect(checkFile(p3, rules(meta.width!, meta.height!)).problems).toEqual([
      expect.stringMatching(/^Its colours are in .*P3.*, not sRGB\.$/),
    ]);

    const transparent = new Uint8Array(await sharp(join(CORPUS, 'grey-alpha.png')).png().toBuffer());
    const alpha = await sharp(transparent).metadata();
    const refused = checkFile(transparent, rules(alpha.width!, alpha.height!, { opaque: true, types: ['png'] }));
    expect(refused.problems).toEqual(['It has transparency, which the platform refuses.']);
    expect(refused.alpha).toBe(true);

    const small = new Uint8Array(
      await sharp(join(PEOPLE, 'astronaut-landscape.jpg')).resize(300, 200).jpeg().toBuffer(),
    );
    expect(checkFile(small, rules(301, 200, { types: ['png'], maxBytes: 1000 })).problems).toEqual([
      'It is 300×200, not 301×200.',
      'The platform does not take JPEG.',
      `${small.length.toLocaleString('en-US')} bytes is over the 1 KB limit.`,
    ]);
  });

  it('says it in one line', () => {
    const check = checkFile(new Uint8Array(0), rules(1, 1));
    expect(check.ready).toBe(false);
    expect(
      fileCheckLine(
        {
          ready: true,
          width: 1500,
          height: 500,
          type: 'jpeg',
          bytes: 912_345,
          maxBytes: 1_000_000,
          alpha: false,
          problems: [],
        },
        'Bluesky',
      ),
    ).toBe('Ready for Bluesky: 1500×500 JPEG, 912 KB of 1 MB');
  });
});

/** A real photograph at 12 MP (4000×3000) with sensor-like noise: the hardest case for a byte cap. */
async function noisyTwelveMegapixels(): Promise<Picture> {
  const { data, info } = await sharp(join(PEOPLE, 'astronaut-landscape.jpg'))
    .resize(4000, 3000, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let state = 7;
  for (let i = 0; i < data.length; i++) {
    if ((i & 3) === 3) continue;
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >>> 24) % 41) - 20));
  }
  return {
    width: info.width,
    height: info.height,
    channels: 4,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

describe('every format made from a noisy 12 MP photograph', () => {
  it('comes out ready for its platform: its size, a type it takes, under its cap, no metadata', async () => {
    const picture = await noisyTwelveMegapixels();
    const failures: string[] = [];
    for (const format of PLATFORM_FORMATS) {
      const crop = centredCrop(picture, format, 1);
      const { file } = await renderFormat(picture, 1, crop, format, {
        output: { type: 'auto', quality: 82 },
        encoders: codecs,
      });
      const check = checkFile(file.bytes, format);
      if (!check.ready) failures.push(`${format.key}: ${check.problems.join(' ')}`);
      if (format.maxBytes !== null) expect(file.bytes.length, format.key).toBeLessThanOrEqual(format.maxBytes);
    }
    expect(failures).toEqual([]);
    // Bluesky's largest post image at its 1,000,000 bytes, and WhatsApp's sticker at 100,000.
    for (const [platform, name, cap] of [
      ['bluesky', 'post square', 1_000_000],
      ['whatsapp', 'sticker', 100_000],
    ] as const) {
      const format = findFormatByName(platform, name)!;
      const { file } = await renderFormat(picture, 1, centredCrop(picture, format, 1), format, {
        output: { type: 'auto', quality: 95 },
        encoders: codecs,
      });
      expect(file.bytes.length, name).toBeLessThanOrEqual(cap);
      expect(file.bytes.length, name).toBeGreaterThan(cap * 0.5);
    }
  }, 600_000);
});
