/**
 * Output types: JPEG through libjpeg-turbo, WebP through libwebp, Auto's pick,
 * and file-size caps met by quality. Files are decoded by sharp (libvips) and measured against it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeJpeg, FULL_CHROMA_QUALITY } from '../codecs/jpeg/encode';
import { autoType, looksFlat } from '../output/auto-type';
import { encodeOutput } from '../output/encode';
import { FileSizeError, MIN_QUALITY } from '../output/size-cap';
import { usesTransparency } from '../pixels/raster';
import { codecs, renderFormat, type Raster } from '..';
import { pixel, rawOf, syntheticPhoto, toSharp } from './images';

/** A photograph as encoders see one: smooth light, edges, texture and sensor noise. */
function noisyPhoto(width: number, height: number, seed = 1): Raster {
  const picture = syntheticPhoto(width, height);
  let state = seed;
  for (let i = 0; i < picture.data.length; i++) {
    if ((i & 3) === 3) continue;
    state = (state * 1103515245 + 12345) >>> 0;
    picture.data[i] = (picture.data[i] as number) + ((state >>> 24) % 13) - 6;
  }
  return picture;
}

/** A logo: two flat colours on a transparent background. */
function logo(width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      data.set(inside ? [20, 90, 200, 255] : [0, 0, 0, 0], i);
    }
  return { width, height, data };
}

/** A screenshot: flat panels and anti-aliased text-like stripes, thousands of colours at the edges. */
function screenshot(width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const panel = y < height / 8 ? [250, 250, 252] : x < width / 4 ? [32, 34, 40] : [255, 255, 255];
      const text = y % 40 < 12 && x % 9 < 5 && x > width / 4 + 20;
      const shade = text ? (x * 7 + y * 3) % 200 : 0;
      data.set(text ? [shade, shade, (shade + 40) % 255] : panel, i);
      data[i + 3] = 255;
    }
  return { width, height, data };
}

function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let se = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if ((i & 3) === 3) continue;
    const e = (a[i] as number) - (b[i] as number);
    se += e * e;
    n++;
  }
  return 10 * Math.log10((255 * 255) / (se / n));
}

describe('JPEG through libjpeg-turbo', () => {
  // sharp as its users call it (libjpeg-turbo's defaults through libvips), asked for full-resolution
  // chroma from quality 90 as the engine chooses it: the same file, byte for byte, for a photo and
  // a screenshot, from a small output to the largest format, at any quality.
  it.each([
    ['a photo, 1080×1350, quality 75', noisyPhoto(1080, 1350), 75],
    ['a photo at the largest format, 2064×2752, quality 82', noisyPhoto(2064, 2752, 7), 82],
    ['a screenshot, 1242×2688, quality 90', screenshot(1242, 2688), 90],
    ['an odd size, 333×77, quality 12', noisyPhoto(333, 77, 3), 12],
    ['a photo at quality 100', noisyPhoto(1080, 1080, 9), 100],
  ])(
    'writes what sharp writes: %s',
    async (_, raster, quality) => {
      const ours = await encodeJpeg(raster, quality, codecs.jpegEncoder);
      const chromaSubsampling = quality >= FULL_CHROMA_QUALITY ? '4:4:4' : '4:2:0';
      const theirs = await toSharp(raster).removeAlpha().jpeg({ quality, chromaSubsampling }).toBuffer();
      expect(await sharp(ours).metadata()).toMatchObject({
        format: 'jpeg',
        isProgressive: false,
        hasAlpha: false,
        chromaSubsampling,
        width: raster.width,
        height: raster.height,
      });
      expect(Buffer.from(ours).equals(theirs)).toBe(true);
    },
    30_000,
  );

  it('writes a 4:4:4 output over 4 MP with the standard tables, as sharp does with them', async () => {
    const raster = noisyPhoto(2064, 2752, 11);
    const ours = await encodeJpeg(raster, 95, codecs.jpegEncoder);
    const theirs = await toSharp(raster)
      .removeAlpha()
      .jpeg({ quality: 95, chromaSubsampling: '4:4:4', optimiseCoding: false })
      .toBuffer();
    expect(Buffer.from(ours).equals(theirs)).toBe(true);
  }, 30_000);

  it('ignores the alpha channel', async () => {
    const raster = noisyPhoto(640, 480, 5);
    const translucent = { ...raster, data: raster.data.map((v, i) => ((i & 3) === 3 ? 7 : v)) };
    const opaque = await encodeJpeg(raster, 82, codecs.jpegEncoder);
    expect(Buffer.from(await encodeJpeg(translucent, 82, codecs.jpegEncoder)).equals(Buffer.from(opaque))).toBe(true);
    expect(psnr((await rawOf(opaque)).data, raster.data)).toBeGreaterThan(30);
  });

  it('says when libjpeg cannot write an image, and the next encode is whole', async () => {
    const tooWide = { width: 70_000, height: 1, data: new Uint8ClampedArray(70_000 * 4) };
    await expect(encodeJpeg(tooWide, 82, codecs.jpegEncoder)).rejects.toThrow(/JPEG encoder failed/);
    await expect(encodeJpeg(noisyPhoto(64, 64), Number.NaN, codecs.jpegEncoder)).rejects.toThrow(RangeError);
    const raster = noisyPhoto(320, 240, 2);
    const theirs = await toSharp(raster).removeAlpha().jpeg({ quality: 82 }).toBuffer();
    expect(Buffer.from(await encodeJpeg(raster, 82, codecs.jpegEncoder)).equals(theirs)).toBe(true);
  });

  it('writes each file whole with an instance kept from the encodes before (other sizes, qualities, subsampling)', async () => {
    const first = noisyPhoto(1200, 900, 21);
    const before = await encodeJpeg(first, 93, codecs.jpegEncoder);
    for (const [raster, quality] of [
      [noisyPhoto(333, 77, 22), 40],
      [screenshot(1242, 2688), 90],
      [noisyPhoto(801, 601, 23), 82],
    ] as const) {
      const chromaSubsampling = quality >= FULL_CHROMA_QUALITY ? '4:4:4' : '4:2:0';
      const theirs = await toSharp(raster).removeAlpha().jpeg({ quality, chromaSubsampling }).toBuffer();
      expect(Buffer.from(await encodeJpeg(raster, quality, codecs.jpegEncoder)).equals(theirs)).toBe(true);
    }
    expect(Buffer.from(await encodeJpeg(first, 93, codecs.jpegEncoder)).equals(Buffer.from(before))).toBe(true);
  }, 30_000);

  it('chooses the tables for the whole image when it encodes a band of one, as the preview does', async () => {
    const band = noisyPhoto(2064, 256, 4);
    const alone = await encodeJpeg(band, 95, codecs.jpegEncoder);
    const ofLargest = await encodeJpeg(band, 95, codecs.jpegEncoder, 2064 * 2752);
    const standard = await toSharp(band)
      .removeAlpha()
      .jpeg({ quality: 95, chromaSubsampling: '4:4:4', optimiseCoding: false })
      .toBuffer();
    expect(Buffer.from(ofLargest).equals(standard)).toBe(true);
    expect(ofLargest.length).toBeGreaterThan(alone.length);
  });
});

describe('encodeOutput', () => {
  it('writes WebP that libvips reads, the size of libvips own at the same quality', async () => {
    const raster = noisyPhoto(1200, 600);
    const { bytes, type, quality } = await encodeOutput(
      raster,
      { type: 'webp', quality: 82, opaque: false, maxBytes: null },
      codecs,
    );
    expect({ type, quality }).toEqual({ type: 'webp', quality: 82 });
    const theirs = await toSharp(raster).webp({ quality: 82 }).toBuffer();
    expect(bytes.length / theirs.length).toBeGreaterThan(0.9);
    expect(bytes.length / theirs.length).toBeLessThan(1.1);
    expect(psnr((await rawOf(bytes)).data, raster.data)).toBeGreaterThan(30);
  });

  it('meets a file-size cap with the highest quality that fits', async () => {
    const raster = noisyPhoto(1600, 900);
    const full = await encodeJpeg(raster, 82, codecs.jpegEncoder);
    const cap = Math.floor(full.length * 0.6);
    const capped = await encodeOutput(raster, { type: 'jpeg', quality: 82, opaque: true, maxBytes: cap }, codecs);
    expect(capped.type).toBe('jpeg');
    expect(capped.bytes.length).toBeLessThanOrEqual(cap);
    const q = capped.quality as number;
    expect(q).toBeLessThan(82);
    expect(q).toBeGreaterThanOrEqual(MIN_QUALITY);
    // One step better would not fit.
    expect((await encodeJpeg(raster, q + 1, codecs.jpegEncoder)).length).toBeGreaterThan(cap);
    expect(capped.reducedBits).toBe(0);
  });

  it('says so when no quality fits the cap', async () => {
    await expect(
      encodeOutput(noisyPhoto(800, 800), { type: 'webp', quality: 82, opaque: false, maxBytes: 2000 }, codecs),
    ).rejects.toThrow(/cannot be made smaller than the platform's limit/);
  });

  it('suggests, when a cap fails, only the accepted types that were made under it', async () => {
    const failure = (raster: Raster, request: Parameters<typeof encodeOutput>[1]) =>
      encodeOutput(raster, request, codecs).then(
        () => {
          throw new Error('the cap was met');
        },
        (error: unknown) => error as FileSizeError,
      );
    const photo = noisyPhoto(1000, 700);
    const jpegSize = (await encodeJpeg(photo, MIN_QUALITY, codecs.jpegEncoder)).length;
    // A photo as PNG under a cap JPEG meets: JPEG is suggested, and it does fit.
    const png = await failure(photo, {
      type: 'png',
      quality: 82,
      opaque: false,
      maxBytes: jpegSize + 1000,
      accepts: ['jpeg', 'png'],
    });
    expect(png.fits).toEqual(['jpeg']);
    expect(png.message).toMatch(/choose JPEG, which fits\.$/);
    // Under a cap nothing meets, nothing is suggested: not Auto, not a type that fails too.
    for (const type of ['auto-png', 'jpeg', 'png', 'webp'] as const) {
      const auto = type === 'auto-png';
      const none = await failure(photo, {
        type: auto ? 'png' : type,
        quality: 82,
        opaque: false,
        maxBytes: 2000,
        accepts: ['jpeg', 'png', 'webp'],
        auto: auto ? { jpegAccepted: true } : undefined,
      });
      expect(none.fits, type).toEqual([]);
      expect(none.message).not.toMatch(/Auto|choose/);
      expect(none.message).toMatch(/in any type the platform accepts/);
    }
    // A picture that shows transparency is never sent to JPEG, which would lose it.
    const transparent = await failure(logo(1000, 700), {
      type: 'png',
      quality: 82,
      opaque: false,
      maxBytes: 400,
      accepts: ['jpeg', 'png'],
    });
    expect(transparent.fits).toEqual([]);
  });

  it('flattens transparency onto white for JPEG', async () => {
    const { bytes } = await encodeOutput(
      logo(300, 200),
      { type: 'jpeg', quality: 90, opaque: false, maxBytes: null },
      codecs,
    );
    const decoded = await rawOf(bytes);
    const corner = pixel(decoded, 2, 2);
    expect(corner.slice(0, 3).every((v) => v > 250)).toBe(true);
    const centre = pixel(decoded, 150, 100);
    expect(Math.abs((centre[2] ?? 0) - 200)).toBeLessThan(8);
  });

  it('turns an Auto PNG over the cap into a JPEG where the platform takes JPEG, never posterizing it', async () => {
    const raster = screenshot(1024, 500);
    for (let i = 0; i < raster.data.length; i += 4) raster.data[i] = ((raster.data[i] as number) + (i % 7)) & 255;
    const png = await encodeOutput(raster, { type: 'png', quality: 82, opaque: true, maxBytes: null }, codecs);
    const cap = Math.floor(png.bytes.length / 2);
    const auto = await encodeOutput(
      raster,
      { type: 'png', quality: 82, opaque: true, maxBytes: cap, auto: { jpegAccepted: true } },
      codecs,
    );
    expect(auto.type).toBe('jpeg');
    expect(auto.reducedBits).toBe(0);
    expect(auto.bytes.length).toBeLessThanOrEqual(cap);
  });
});

describe('Auto', () => {
  it('finds a single pixel short of opaque wherever it is, at any alignment of the pixels in memory', () => {
    const pixels = 3000; // blocks of 1,024 pixels and a tail
    for (const offset of [0, 1]) {
      for (const at of [0, 1023, 1024, 2047, 2048, 2999]) {
        for (const alpha of [0, 254]) {
          // Fresh arrays: one found opaque is remembered so (nothing lowers alpha in place).
          const opaque = () =>
            new Uint8ClampedArray(new ArrayBuffer(pixels * 4 + offset), offset, pixels * 4).fill(255);
          expect(usesTransparency({ width: pixels, height: 1, data: opaque() })).toBe(false);
          const data = opaque();
          data[at * 4 + 3] = alpha;
          expect(usesTransparency({ width: pixels, height: 1, data }), `pixel ${at}, alpha ${alpha}`).toBe(true);
        }
      }
    }
  });

  it('picks JPEG for a photograph, PNG for a transparent logo and for a screenshot', () => {
    expect(autoType(noisyPhoto(600, 400), ['jpeg', 'png'], false)).toBe('jpeg');
    expect(autoType(logo(400, 300), ['jpeg', 'png'], false)).toBe('png');
    expect(autoType(screenshot(800, 1200), ['jpeg', 'png'], true)).toBe('png');
    expect(looksFlat(noisyPhoto(300, 300))).toBe(false);
  });

  it('keeps to the types the platform takes', () => {
    expect(autoType(noisyPhoto(300, 300), ['png'], false)).toBe('png');
  });

  it('renders a photograph as JPEG and a logo as a transparent PNG end to end', async () => {
    const target = { width: 1080, height: 1080, opaque: false, types: ['jpeg', 'png'] as const, maxBytes: null };
    const options = { output: { type: 'auto', quality: 82 } as const, encoders: codecs };
    const photo = noisyPhoto(1200, 1200);
    const a = await renderFormat(
      { ...photo, channels: 4 },
      1,
      { x: 0, y: 0, width: 1200, height: 1200 },
      target,
      options,
    );
    expect(a.file.type).toBe('jpeg');
    expect((await sharp(a.file.bytes).metadata()).format).toBe('jpeg');
    const l = logo(600, 600);
    const b = await renderFormat({ ...l, channels: 4 }, 1, { x: 0, y: 0, width: 600, height: 600 }, target, options);
    expect(b.file.type).toBe('png');
    expect(await sharp(b.file.bytes).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  /** `picture` with the alpha of each pixel set by `alpha(x, y)`. */
  function withAlpha(picture: Raster, alpha: (x: number, y: number) => number): Raster {
    const data = new Uint8ClampedArray(picture.data);
    for (let y = 0; y < picture.height; y++)
      for (let x = 0; x < picture.width; x++) data[(y * picture.width + x) * 4 + 3] = alpha(x, y);
    return { width: picture.width, height: picture.height, data };
  }

  it('judges transparency by what a viewer sees: a part-covered edge line is a photo, a cut-out is not', () => {
    const story = noisyPhoto(1080, 1920, 5);
    const pick = (raster: Raster) => autoType(raster, ['jpeg', 'png'], false);
    // The Facebook story that became a 2.5 MB PNG: its top row at half its alpha.
    expect(pick(withAlpha(story, (_, y) => (y === 0 ? 128 : 255)))).toBe('jpeg');
    // A part-covered pixel all round, and a nearly opaque band anywhere: still a photo.
    expect(pick(withAlpha(story, (x, y) => (x === 0 || y === 0 || x === 1079 || y === 1919 ? 120 : 255)))).toBe('jpeg');
    expect(pick(withAlpha(story, (_, y) => (y < 400 ? 250 : 255)))).toBe('jpeg');
    // What a viewer sees through: a circle, rounded corners (a tenth of the side), a zoomed-out border.
    const square = noisyPhoto(1080, 1080, 6);
    expect(pick(withAlpha(square, (x, y) => ((x - 540) ** 2 + (y - 540) ** 2 < 540 ** 2 ? 255 : 0)))).toBe('png');
    const r = 108;
    const corner = (x: number, y: number) => {
      const cx = Math.min(Math.max(x, r), 1079 - r);
      const cy = Math.min(Math.max(y, r), 1079 - r);
      return (x - cx) ** 2 + (y - cy) ** 2 > r ** 2 ? 0 : 255;
    };
    expect(pick(withAlpha(square, corner))).toBe('png');
    expect(pick(withAlpha(story, (x) => (x < 54 || x >= 1026 ? 0 : 255)))).toBe('png');
    // Where the platform refuses transparency, a cut-out photo is still a photo.
    expect(autoType(withAlpha(square, corner), ['jpeg', 'png'], true)).toBe('jpeg');
  });

  it('uses the chosen type where the platform takes it, and Auto where it does not', async () => {
    const photo = noisyPhoto(800, 800);
    const render = (types: readonly ('jpeg' | 'png' | 'webp')[]) =>
      renderFormat(
        { ...photo, channels: 4 },
        1,
        { x: 0, y: 0, width: 800, height: 800 },
        { width: 400, height: 400, opaque: false, types, maxBytes: null },
        { output: { type: 'webp', quality: 70 }, encoders: codecs },
      );
    expect((await render(['jpeg', 'png', 'webp'])).file).toMatchObject({ type: 'webp', quality: 70 });
    expect((await render(['jpeg', 'png'])).file).toMatchObject({ type: 'jpeg', quality: 70 });
  });
});
