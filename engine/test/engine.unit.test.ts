import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  codecs,
  decodeImage,
  decodePng,
  encodePng,
  fitCrop,
  ImageError,
  inspectImage,
  renderFormat,
  resampleCrop,
  type Raster,
} from '..';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asRgba, dHash, hamming, meanAbsDiff, pixel, rawOf, syntheticPhoto, toSharp } from './images';
import { concat, jpegSegments } from '../../test/support/mutations';

const photo = syntheticPhoto(640, 427);

async function expectImageError(bytes: Uint8Array, status: number, message: RegExp) {
  let caught: unknown;
  try {
    inspectImage(bytes);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ImageError);
  expect((caught as ImageError).status).toBe(status);
  expect((caught as ImageError).message).toMatch(message);
}

describe('inspectImage', () => {
  it('reads type, size and progressive mode from a JPEG header', async () => {
    const baseline = await toSharp(photo).jpeg({ quality: 85 }).toBuffer();
    const progressive = await toSharp(photo).jpeg({ progressive: true }).toBuffer();
    expect(inspectImage(baseline)).toMatchObject({
      type: 'jpeg',
      width: 640,
      height: 427,
      progressive: false,
      components: 3,
      orientation: 1,
    });
    expect(inspectImage(progressive)).toMatchObject({ type: 'jpeg', progressive: true });
  });

  it('reads the EXIF orientation and gives the upright size', async () => {
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const jpeg = await toSharp(photo).jpeg().withMetadata({ orientation }).toBuffer();
      const info = inspectImage(jpeg);
      expect(info.orientation).toBe(orientation);
      expect([info.uprightWidth, info.uprightHeight]).toEqual(orientation >= 5 ? [427, 640] : [640, 427]);
    }
  });

  it('reads metadata before the image data only, as sharp does, and a checked JPEG only that far', async () => {
    const turned = new Uint8Array(await toSharp(photo).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    // The same file with its EXIF segment moved after the image data, before the end marker.
    const segments = jpegSegments(turned);
    const exif = segments.find((s) => s.marker === 0xe1)!;
    const scan = segments.find((s) => s.marker === 0xda)!;
    const late = concat(
      turned.subarray(0, exif.start),
      turned.subarray(exif.end, scan.end),
      turned.subarray(exif.start, exif.end),
      turned.subarray(scan.end),
    );
    expect(late.length).toBe(turned.length);
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    expect((await sharp(late).metadata()).orientation).toBeUndefined();
    expect(inspectImage(turned).orientation).toBe(6);
    expect(inspectImage(late).orientation).toBe(1);
    const dirs = ['../../test/fixtures/jpeg', '../../test/fixtures/corpus'].map((d) => join(import.meta.dirname, d));
    const files = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.jpg'))
        .map((name) => new Uint8Array(readFileSync(join(dir, name)))),
    );
    expect(files.length).toBeGreaterThan(10);
    // A file read back from storage (`checked`: one its upload's inspection accepted) is inspected
    // to the same info.
    const accepted = [turned, late, ...files].filter((bytes) => {
      try {
        return inspectImage(bytes) !== null;
      } catch {
        return false;
      }
    });
    for (const bytes of accepted) expect(inspectImage(bytes, { checked: true })).toEqual(inspectImage(bytes));
    expect(accepted.length).toBeGreaterThan(10);
  });

  it('reads PNG and WebP headers, alpha included', async () => {
    expect(inspectImage(await toSharp(photo).png().toBuffer())).toMatchObject({
      type: 'png',
      width: 640,
      height: 427,
      hasAlpha: true,
    });
    expect(inspectImage(await toSharp(photo).removeAlpha().png().toBuffer())).toMatchObject({
      hasAlpha: false,
      colorType: 2,
    });
    expect(inspectImage(await toSharp(photo).webp({ lossless: true }).toBuffer())).toMatchObject({
      type: 'webp',
      width: 640,
      height: 427,
    });
    expect(inspectImage(await toSharp(photo).removeAlpha().webp({ quality: 80 }).toBuffer())).toMatchObject({
      type: 'webp',
      width: 640,
      height: 427,
      hasAlpha: false,
    });
  });

  it('refuses what is not JPEG, PNG or WebP by its bytes with 415', async () => {
    const gif = await toSharp(photo).gif().toBuffer();
    await expectImageError(gif, 415, /Please upload a JPG, PNG or WEBP image/);
    await expectImageError(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      /JPG, PNG or WEBP/,
    );
    await expectImageError(
      new TextEncoder().encode('<!doctype html><html><body>hi</body></html>'),
      415,
      /JPG, PNG or WEBP/,
    );
  });

  it('refuses truncated and corrupt files with 422 before any decoder sees them', async () => {
    const jpeg = await toSharp(photo).jpeg().toBuffer();
    for (const cut of [700, Math.floor(jpeg.length / 2), jpeg.length - 2])
      await expectImageError(jpeg.subarray(0, cut), 422, /damaged or incomplete/);
    const png = await toSharp(photo).png().toBuffer();
    await expectImageError(png.subarray(0, Math.floor(png.length * 0.7)), 422, /damaged or incomplete/);
    const flipped = Uint8Array.from(png);
    flipped[60] = (flipped[60] ?? 0) ^ 0xff;
    await expectImageError(flipped, 422, /checksum/);
    // A file this service checked at upload, read back for a run of renders, is not summed again.
    expect(inspectImage(flipped, { checked: true })).toMatchObject({ type: 'png', width: photo.width });
    const webp = await toSharp(photo).webp().toBuffer();
    await expectImageError(webp.subarray(0, webp.length - 100), 422, /damaged or incomplete/);
    await expectImageError(new Uint8Array(0), 422, /empty/);
  });

  it('refuses CMYK JPEGs and animated WebP with a clear reason', async () => {
    const cmyk = await toSharp(photo).removeAlpha().toColourspace('cmyk').jpeg().toBuffer();
    await expectImageError(cmyk, 422, /CMYK/);
    // sharp writes an animated WebP from a strip of frames of pageHeight rows each.
    const strip = syntheticPhoto(16, 48);
    const anim = await sharp(Buffer.from(strip.data.buffer), {
      raw: { width: 16, height: 48, channels: 4, pageHeight: 16 },
    })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(anim).metadata()).pages).toBe(3);
    await expectImageError(anim, 422, /Animated images are not supported/);
  });

  it('keeps a phone JPEG with data after its end marker', async () => {
    const jpeg = await toSharp(photo).jpeg().toBuffer();
    const withTrailer = new Uint8Array(jpeg.length + 5000);
    withTrailer.set(jpeg);
    withTrailer.fill(0x42, jpeg.length);
    expect(inspectImage(withTrailer)).toMatchObject({ type: 'jpeg', width: 640 });
  });
});

describe('PNG codec', () => {
  const small = syntheticPhoto(67, 41);
  const cases: Array<[string, (s: Sharp) => Sharp]> = [
    ['RGBA 8-bit', (s) => s.png()],
    ['RGB 8-bit', (s) => s.removeAlpha().png()],
    ['grey 8-bit', (s) => s.removeAlpha().greyscale().png()],
    ['grey + alpha', (s) => s.greyscale().png()],
    ['16-bit RGBA', (s) => s.toColourspace('rgb16').png()],
    ['16-bit grey', (s) => s.removeAlpha().greyscale().toColourspace('grey16').png()],
    ['palette', (s) => s.png({ palette: true, colours: 16, dither: 0 })],
    ['palette 2-bit', (s) => s.png({ palette: true, colours: 4, dither: 0 })],
    ['interlaced', (s) => s.png({ progressive: true })],
    ['interlaced palette', (s) => s.png({ progressive: true, palette: true, colours: 8 })],
  ];

  it.each(cases)('decodes %s exactly as sharp does', async (_name, make) => {
    const bytes = await make(toSharp(small)).toBuffer();
    const ours = await decodePng(bytes, inspectImage(bytes));
    const reference = await rawOf(bytes);
    expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
    expect(meanAbsDiff(asRgba(ours), reference)).toBeLessThan(0.6); // 16-bit: we keep the high byte, sharp rounds
  });

  it('encodes losslessly in the smallest colour type, with no metadata', async () => {
    const opaque = await encodePng({ ...photo, data: Uint8ClampedArray.from(photo.data) });
    const meta = await sharp(opaque).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 640, height: 427, channels: 3, hasAlpha: false });
    expect(meta.exif).toBeUndefined();
    expect(meanAbsDiff(await rawOf(opaque), photo)).toBe(0);

    // Byte 25 of a PNG is its IHDR colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    const twoColours: Raster = {
      width: 50,
      height: 50,
      data: new Uint8ClampedArray(50 * 50 * 4).map((_, i) =>
        i % 4 === 3 ? 255 : i % 8 === 0 ? 200 : i % 8 === 6 ? 200 : 0,
      ),
    };
    const palette = await encodePng(twoColours);
    expect(palette[25]).toBe(3);
    expect(meanAbsDiff(await rawOf(palette), twoColours)).toBe(0);
    const grey = await encodePng(await rawOf(await toSharp(photo).greyscale().png().toBuffer()));
    expect(grey[25]).toBe(0);
    expect(opaque[25]).toBe(2);
    expect((await encodePng(photo, { alpha: 'keep' }))[25]).toBe(6);
    expect((await encodePng(photo, { alpha: 'drop' }))[25]).toBe(2);
  });

  it('refuses a PNG whose compressed data is garbage but whose checksums are right', async () => {
    const png = await toSharp(small).png().toBuffer();
    const bytes = Uint8Array.from(png);
    const view = new DataView(bytes.buffer);
    // Overwrite the IDAT payload with noise, then fix its CRC so only the zlib stream is wrong.
    let pos = 8;
    while (String.fromCharCode(...bytes.subarray(pos + 4, pos + 8)) !== 'IDAT') pos += 12 + view.getUint32(pos);
    const length = view.getUint32(pos);
    for (let i = 0; i < length; i++) bytes[pos + 8 + i] = (i * 131 + 7) & 255;
    const { crc32 } = await import('node:zlib');
    view.setUint32(pos + 8 + length, crc32(bytes.subarray(pos + 4, pos + 8 + length)));
    await expect(decodePng(bytes, inspectImage(bytes))).rejects.toThrow(/damaged or incomplete/);
  });
});

describe('resampleCrop', () => {
  it('gives exactly the target size, close to sharp lanczos3 (perceptual hash and mean difference)', async () => {
    const crop = { x: 40, y: 30, width: 560, height: 280 };
    const ours = resampleCrop({ source: photo, orientation: 1, crop, width: 300, height: 150 });
    expect([ours.width, ours.height]).toEqual([300, 150]);
    const reference = await rawOf(
      await toSharp(photo)
        .extract({ left: 40, top: 30, width: 560, height: 280 })
        .resize(300, 150, { kernel: 'lanczos3' })
        .png()
        .toBuffer(),
    );
    expect(hamming(await dHash(ours), await dHash(reference))).toBeLessThanOrEqual(3);
    expect(meanAbsDiff(ours, reference)).toBeLessThan(4);
  });

  it('stays close to sharp on a large reduction (pre-shrink then lanczos3)', async () => {
    const big = syntheticPhoto(2400, 1600);
    const ours = resampleCrop({
      source: big,
      orientation: 1,
      crop: { x: 0, y: 0, width: 2400, height: 1600 },
      width: 150,
      height: 100,
    });
    const reference = await rawOf(await toSharp(big).resize(150, 100, { kernel: 'lanczos3' }).png().toBuffer());
    expect(hamming(await dHash(ours), await dHash(reference))).toBeLessThanOrEqual(3);
    expect(meanAbsDiff(ours, reference)).toBeLessThan(6);
  });

  it('applies each EXIF orientation like sharp does', async () => {
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const jpeg = await toSharp(photo).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
      const info = inspectImage(jpeg);
      const decoded = await decodeImage(jpeg, info, codecs);
      const crop = { x: 0, y: 0, width: info.uprightWidth, height: info.uprightHeight };
      const ours = resampleCrop({
        source: decoded,
        orientation,
        crop,
        width: Math.round(info.uprightWidth / 4),
        height: Math.round(info.uprightHeight / 4),
      });
      const reference = await rawOf(
        await sharp(jpeg).rotate().resize(ours.width, ours.height, { fit: 'fill' }).png().toBuffer(),
      );
      expect(hamming(await dHash(ours), await dHash(reference)), `orientation ${orientation}`).toBeLessThanOrEqual(4);
    }
  });

  it('makes the area outside the picture transparent when zoomed out (zoom 0.5)', () => {
    // Zoom 0.5 on a 640×427 picture into a square: the crop is twice the fitted square.
    const crop = fitCrop(
      { x: 106.5, y: 0, width: 427, height: 427, zoom: 0.5 },
      { width: 640, height: 427 },
      { width: 400, height: 400 },
    );
    const out = resampleCrop({ source: photo, orientation: 1, crop, width: 400, height: 400 });
    expect(pixel(out, 2, 2)[3]).toBe(0);
    expect(pixel(out, 200, 5)[3]).toBe(0);
    expect(pixel(out, 200, 200)[3]).toBe(255);
    expect(pixel(out, 5, 200)[3]).toBe(0);
  });

  it('adds no dark fringe to transparent edges (premultiplied alpha)', () => {
    const size = 200;
    const data = new Uint8ClampedArray(size * size * 4);
    for (let y = 50; y < 150; y++) for (let x = 50; x < 150; x++) data.set([255, 0, 0, 255], (y * size + x) * 4);
    const out = resampleCrop({
      source: { width: size, height: size, channels: 4, data },
      orientation: 1,
      crop: { x: 0, y: 0, width: size, height: size },
      width: 37,
      height: 37,
    });
    for (let i = 0; i < out.data.length; i += 4) {
      if ((out.data[i + 3] ?? 0) > 8) expect(out.data[i], `pixel ${i / 4}`).toBeGreaterThanOrEqual(250);
    }
  });

  it('keeps full opacity at the picture edges when the crop touches them', () => {
    const out = resampleCrop({
      source: photo,
      orientation: 1,
      crop: { x: 0, y: 0, width: 640, height: 427 },
      width: 320,
      height: 213,
    });
    expect([pixel(out, 0, 0)[3], pixel(out, 319, 212)[3], pixel(out, 0, 212)[3]]).toEqual([255, 255, 255]);
  });
});

const PNG_OUT = { type: 'png', quality: 82 } as const;
const JPEG_PNG = ['jpeg', 'png'] as const;

describe('renderFormat', () => {
  it('flattens formats that refuse transparency and writes no alpha channel', async () => {
    const crop = fitCrop(
      { x: 0, y: 0, width: 427, height: 427, zoom: 0.5 },
      { width: 640, height: 427 },
      { width: 1024, height: 1024 },
    );
    const { file } = await renderFormat(
      photo,
      1,
      crop,
      { width: 1024, height: 1024, opaque: true, types: JPEG_PNG, maxBytes: null },
      { output: PNG_OUT, encoders: codecs },
    );
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024, hasAlpha: false });
    expect(pixel(await rawOf(file.bytes), 3, 3)).toEqual([255, 255, 255, 255]);
  });

  it("keeps a palette PNG's transparency (tRNS) through a render; a PNG with none is decoded opaque", async () => {
    // Left half red and opaque, right half transparent: sharp writes it as a palette with tRNS.
    const size = 120;
    const rgba = Buffer.alloc(size * size * 4);
    for (let y = 0; y < size; y++) for (let x = 0; x < size / 2; x++) rgba.set([200, 40, 40, 255], (y * size + x) * 4);
    const raw = { raw: { width: size, height: size, channels: 4 as const } };
    const palette = new Uint8Array(await sharp(rgba, raw).png({ palette: true }).toBuffer());
    const info = inspectImage(palette);
    expect(info).toMatchObject({ colorType: 3, hasAlpha: true });
    const picture = await decodeImage(palette, info, codecs);
    expect(picture.opaque).toBeUndefined();
    const { file } = await renderFormat(
      picture,
      1,
      { x: 0, y: 0, width: size, height: size },
      { width: 60, height: 60, opaque: false, types: ['png'], maxBytes: null },
      { output: PNG_OUT, encoders: codecs },
    );
    const out = await rawOf(file.bytes);
    expect(pixel(out, 10, 30)).toEqual([200, 40, 40, 255]);
    expect(pixel(out, 50, 30)[3]).toBe(0);

    // The same picture flattened to RGB: every pixel opaque, and marked so for the resampler.
    const rgb = new Uint8Array(await sharp(rgba, raw).flatten({ background: '#ffffff' }).png().toBuffer());
    const opaque = await decodeImage(rgb, inspectImage(rgb), codecs);
    expect(opaque).toMatchObject({ opaque: true, channels: 3 }); // as RGB: a quarter less memory
  });

  it('keeps a PNG the user chose under the platform file-size cap by dropping colour bits', async () => {
    const noisy = syntheticPhoto(900, 500);
    for (let i = 0; i < noisy.data.length; i += 4)
      noisy.data[i] = ((noisy.data[i] ?? 0) + ((i * 2654435761) >>> 27)) & 255;
    // A cap below even the smallest lossless encode, so colour bits must go.
    const smallest = await encodePng(
      resampleCrop({
        source: noisy,
        orientation: 1,
        crop: { x: 0, y: 0, width: 900, height: 500 },
        width: 900,
        height: 500,
      }),
      { alpha: 'auto', effort: 'small' },
    );
    const cap = Math.floor(smallest.length * 0.8);
    const { file } = await renderFormat(
      noisy,
      1,
      { x: 0, y: 0, width: 900, height: 500 },
      { width: 900, height: 500, opaque: false, types: JPEG_PNG, maxBytes: cap },
      { output: PNG_OUT, encoders: codecs },
    );
    expect(file.bytes.length).toBeLessThanOrEqual(cap);
    expect(file).toMatchObject({ type: 'png', quality: null });
    expect(file.reducedBits).toBeGreaterThan(0);
    expect((await sharp(file.bytes).metadata()).width).toBe(900);
  });

  it("makes a small preview, in the kind of the file: a JPEG output's a JPEG, a PNG's a PNG", async () => {
    for (const output of [PNG_OUT, { type: 'jpeg', quality: 82 }] as const) {
      const { file, preview } = await renderFormat(
        photo,
        1,
        { x: 0, y: 0, width: 640, height: 427 },
        { width: 1584, height: 396, opaque: false, types: JPEG_PNG, maxBytes: null },
        { output, encoders: codecs },
      );
      expect(preview.type).toBe(file.type);
      expect(await sharp(preview.bytes).metadata()).toMatchObject({ width: 480, height: 120, format: file.type });
    }
  });
});

describe('fitCrop', () => {
  it('keeps the centre and zoom and takes the other shape', () => {
    const base = { x: 100, y: 50, width: 400, height: 100, zoom: 1.25 };
    const crop = fitCrop(base, { width: 1000, height: 600 }, { width: 1080, height: 1080 });
    expect(crop.width / crop.height).toBeCloseTo(1);
    expect(crop.x + crop.width / 2).toBeCloseTo(300);
    expect(crop.y + crop.height / 2).toBeCloseTo(100);
    expect(crop.width).toBeCloseTo(600 / 1.25);
  });
});
