/**
 * Shrink-on-load (decode-plan.ts, view.ts): a render decodes only the part of a JPEG its crop reads, at the coarsest
 * scale that still gives its output's pixels, and the output is the one a whole decode would give.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  codecs,
  decodeImage,
  inspectImage,
  keepPicture,
  PictureViews,
  renderFormat,
  takeKeptPicture,
  type ImageInfo,
} from '..';
import { DECODED_BUDGET_BYTES } from '../input/limits';
import { decodeOrder, planDecode, type DecodeNeed } from '../input/decode-plan';
import { centredCrop, fitCrop } from '../plan/crop';
import { findFormatByName, PLATFORM_FORMATS } from '../../shared/formats';
import { cropInView, decodeView } from '../input/view';
import type { Fill } from '../../shared/fill';
import { rawOf, syntheticPhoto, toSharp } from './images';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/jpeg');
const photo = syntheticPhoto(517, 389); // neither side a multiple of 8 or 16

const u8 = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

describe('a JPEG decoded at 1/2, 1/4 and 1/8 scale', () => {
  it.each([
    ['baseline 4:2:0', { quality: 85 }],
    ['baseline 4:4:4', { quality: 92, chromaSubsampling: '4:4:4' }],
    ['progressive 4:2:0', { quality: 85, progressive: true }],
    ['greyscale', { quality: 90 }],
  ] as const)('%s is the whole decode averaged over each block of pixels', async (name, options) => {
    const source = name === 'greyscale' ? toSharp(photo).greyscale().toColourspace('b-w') : toSharp(photo);
    const bytes = u8(await source.jpeg(options).toBuffer());
    const info = inspectImage(bytes);
    const full = await sharp(bytes).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    for (const scale of [2, 4, 8] as const) {
      const ours = await decodeImage(bytes, info, codecs, { scale });
      expect([ours.width, ours.height]).toEqual([Math.ceil(517 / scale), Math.ceil(389 / scale)]);
      let sum = 0;
      let count = 0;
      for (let y = 0; y < ours.height; y++) {
        for (let x = 0; x < ours.width; x++) {
          for (let c = 0; c < 3; c++) {
            let total = 0;
            let n = 0;
            for (let dy = 0; dy < scale; dy++) {
              for (let dx = 0; dx < scale; dx++) {
                const X = x * scale + dx;
                const Y = y * scale + dy;
                if (X >= full.info.width || Y >= full.info.height) continue;
                total += full.data[(Y * full.info.width + X) * full.info.channels + c] ?? 0;
                n++;
              }
            }
            sum += Math.abs(total / n - (ours.data[(y * ours.width + x) * 3 + c] ?? 0));
            count++;
          }
        }
      }
      // A progressive file keeps only the coefficients its reduced transform reads: libjpeg 9's
      // 4-point and 2-point inverse DCTs of the lowest ones, where a baseline file gets libjpeg-turbo's
      // (which read the odd ones too), and at half scale its chroma is upsampled after the transform.
      expect(sum / count, `1/${scale}`).toBeLessThan('progressive' in options ? 1.5 : 1);
    }
  });

  // Restart intervals, odd sampling, refinement scans, RGB and one-scan-per-component files. The
  // regions lie below the top (a baseline file's bands above are read past), in the middle and at
  // either side (the columns beside them are read past too), and one at the top.
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.jpg'));
  it.each(files)('%s: a region decoded alone is exactly that part of the whole', async (file) => {
    await expectRegionsOfWhole(u8(readFileSync(join(FIXTURES, file))));
  });

  // Restart intervals a region only reads past are passed by their markers, not decoded, within a
  // row (restart-rows-444.jpg) or reaching into the next (restart-420.jpg: 3 MCUs of 13 a row):
  // damaged data there must land it where decoding them would (bytes changed, a code cut short by
  // a marker turned into a stuffed byte, so the next one is looked for).
  it.each(['restart-420.jpg', 'restart-rows-444.jpg'])(
    '%s damaged above the region: a region decoded alone is still that part of the whole',
    async (file) => {
      const bytes = u8(readFileSync(join(FIXTURES, file)));
      const markers: number[] = [];
      for (let i = 0; i + 1 < bytes.length; i++)
        if (bytes[i] === 0xff && bytes[i + 1]! >= 0xd0 && bytes[i + 1]! <= 0xd7) markers.push(i);
      expect(markers.length).toBeGreaterThan(4);
      const damaged = bytes.slice();
      // Bytes changed in the second interval (none made 0xFF), and the fourth interval's marker lost.
      for (let i = markers[0]! + 4; i < markers[1]! - 2; i += 5)
        damaged[i] = (damaged[i]! ^ 0x5a) === 0xff ? 0 : damaged[i]! ^ 0x5a;
      damaged[markers[3]! + 1] = 0x00;
      await expectRegionsOfWhole(damaged);
      // The damage shows, so the regions are not those of a sound file.
      const [sound, hurt] = await Promise.all([bytes, damaged].map((b) => decodeImage(b, inspectImage(b), codecs)));
      expect(Buffer.from(hurt!.data).equals(Buffer.from(sound!.data))).toBe(false);
    },
  );

  // Access points (codecs/jpeg/access-points.ts): a region lower down starts at the band a whole
  // decode's points give, not at the top. Damaged data above it (bytes changed, and a marker that
  // leaves zeros to the scan's end) must land it where reading past would.
  const colour = async () => u8(await toSharp(syntheticPhoto(611, 1203)).jpeg({ quality: 90 }).toBuffer());
  it.each([
    ['4:2:0', colour],
    ['4:2:0, damaged', async () => damageScan(await colour())],
    // One component, its bands of 8 rows: 525 of them, a point every third.
    [
      'greyscale, 4200 rows',
      async () =>
        u8(await toSharp(syntheticPhoto(203, 4200)).greyscale().toColourspace('b-w').jpeg({ quality: 90 }).toBuffer()),
    ],
  ] as const)(
    'a baseline file with no restart markers, %s: a region from its access points is that part of the whole',
    async (_, make) => {
      expect(await expectRegionsOfWhole(await make())).toBeGreaterThan(0);
    },
  );

  it('reads its access points: a point changed changes the region, and points of another file are not read', async () => {
    const bytes = u8(await toSharp(syntheticPhoto(611, 1203)).jpeg({ quality: 90 }).toBuffer());
    const other = u8(await toSharp(syntheticPhoto(611, 1203)).jpeg({ quality: 80 }).toBuffer());
    const info = inspectImage(bytes);
    const pointsOf = async (file: Uint8Array) => {
      let points: Uint8Array | null = null;
      await decodeImage(file, inspectImage(file), codecs, { scale: 8, onPoints: (p) => (points = p) });
      return points as Uint8Array | null;
    };
    const points = (await pointsOf(bytes))!;
    const region = { x0: 100, y0: 700, x1: 400, y1: 900 };
    const decode = async (p: Uint8Array | null) =>
      Buffer.from((await decodeImage(bytes, info, codecs, { scale: 1, region, points: p })).data);
    const plain = await decode(null);
    // The luma DC predictor of every point: the region's brightness moves with it.
    const shifted = points.slice();
    const view = new DataView(shifted.buffer);
    for (let at = 16; at < shifted.length; at += 32) view.setInt32(at + 16, view.getInt32(at + 16, true) + 20, true);
    expect((await decode(shifted)).equals(plain)).toBe(false);
    // Another file's, cut short, or noise: read from the top, as without them.
    const noise = points.map((_, i) => (i * 97) & 255);
    for (const p of [await pointsOf(other), points.subarray(0, points.length - 5), noise])
      expect((await decode(p)).equals(plain)).toBe(true);
    // Points that fit the scan but hold any state (a byte inside it, any bits, predictors): wrong
    // pixels, never a failure.
    const scrambled = points.slice();
    const sv = new DataView(scrambled.buffer);
    const [start, end] = [sv.getUint32(4, true), sv.getUint32(8, true)];
    for (let at = 16, i = 1; at < scrambled.length; at += 32, i++) {
      sv.setUint32(at, start + ((i * 7919) % (end - start)), true);
      sv.setUint8(at + 4, (i * 13) % 65);
      for (let k = 8; k < 32; k += 4) sv.setInt32(at + k, Math.imul(i, 0x9e3779b1 + k), true);
    }
    const odd = await decodeImage(bytes, info, codecs, { scale: 1, region, points: scrambled });
    expect([odd.width, odd.height, odd.data.length]).toEqual([300, 200, plain.length]);
  });

  async function expectRegionsOfWhole(bytes: Uint8Array): Promise<number> {
    const info = inspectImage(bytes);
    let used = 0;
    for (const scale of [1, 2, 4, 8] as const) {
      let points: Uint8Array | null = null;
      const whole = await decodeImage(bytes, info, codecs, { scale, onPoints: (p) => (points = p) });
      const at = (x0: number, y0: number, x1: number, y1: number) => ({
        x0: Math.floor(whole.width * x0),
        y0: Math.floor(whole.height * y0),
        x1: Math.ceil(whole.width * x1),
        y1: Math.ceil(whole.height * y1),
      });
      for (const region of [
        at(0.31, 0.42, 0.77, 0.69),
        at(0, 0.55, 0.12, 1),
        at(0.85, 0.3, 1, 0.5),
        at(0.4, 0, 0.6, 0.2),
      ]) {
        const part = await decodeImage(bytes, info, codecs, { scale, region });
        expect([part.width, part.height]).toEqual([region.x1 - region.x0, region.y1 - region.y0]);
        let different = 0;
        for (let y = region.y0; y < region.y1; y++) {
          const a = part.data.subarray((y - region.y0) * part.width * 3, (y - region.y0 + 1) * part.width * 3);
          const b = whole.data.subarray((y * whole.width + region.x0) * 3, (y * whole.width + region.x1) * 3);
          for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) different++;
        }
        expect(different, `1/${scale} ${JSON.stringify(region)}`).toBe(0);
        // And from the access points the whole decode made, where the scan has them.
        if (points) {
          const fromPoints = await decodeImage(bytes, info, codecs, { scale, region, points });
          expect(Buffer.from(fromPoints.data).equals(Buffer.from(part.data)), `1/${scale} from points`).toBe(true);
          used++;
        }
      }
    }
    return used;
  }

  /**
   * Bytes changed in the scan's first third (none made 0xFF, no stuffed byte), and a restart marker
   * put in its second, which the scan has no interval for: its decoder reads zeros from there.
   */
  function damageScan(bytes: Uint8Array): Uint8Array {
    const damaged = bytes.slice();
    let scan = 0;
    for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) scan = i;
    const length = bytes.length - scan;
    for (let i = scan + 600; i < scan + length / 3; i += 41)
      if (bytes[i - 1] !== 0xff && bytes[i] !== 0xff) damaged[i] = (bytes[i]! ^ 0x5a) === 0xff ? 0 : bytes[i]! ^ 0x5a;
    let marker = scan + Math.floor((length * 2) / 3);
    while (damaged[marker - 1] === 0xff || damaged[marker] === 0xff) marker++;
    damaged[marker] = 0xff;
    damaged[marker + 1] = 0xd3;
    return damaged;
  }
});

describe('a PNG decoded reduced and in part', () => {
  it.each([
    ['RGB', 'rgb', false, 3],
    ['palette (8-bit)', 'palette', false, 3],
    ['RGBA with transparent areas', 'rgba', false, 4],
    ['interlaced (Adam7) RGB', 'rgb', true, 4],
    ['interlaced (Adam7) RGBA with transparent areas', 'rgba', true, 4],
  ] as const)(
    '%s: each pixel is the premultiplied average of its cell, a region exactly that part',
    async (_name, kind, interlaced, channels) => {
      const base = syntheticPhoto(403, 301);
      const rgba = new Uint8ClampedArray(base.data);
      if (kind === 'rgba')
        for (let i = 3; i < rgba.length; i += 4) rgba[i] = (i >> 2) % 403 < 150 ? 0 : (i >> 2) % 7 === 0 ? 90 : 255;
      const file = toSharp({ ...base, data: rgba });
      const bytes = u8(
        await (kind === 'rgba' ? file : file.removeAlpha())
          .png({ progressive: interlaced, ...(kind === 'palette' ? { palette: true, colours: 200, dither: 0 } : {}) })
          .toBuffer(),
      );
      const info = inspectImage(bytes);
      expect(info).toMatchObject({ interlaced, colorType: { rgb: 2, palette: 3, rgba: 6 }[kind], bitDepth: 8 });
      // The file's own pixels, as sharp reads them (a palette's colours are not the photo's).
      const { data } = await rawOf(bytes);
      for (const scale of [1, 2, 4, 8] as const) {
        const ours = await decodeImage(bytes, info, codecs, { scale });
        expect([ours.width, ours.height, ours.channels]).toEqual([
          Math.ceil(403 / scale),
          Math.ceil(301 / scale),
          channels,
        ]);
        let worst = 0;
        for (let y = 0; y < ours.height; y++) {
          for (let x = 0; x < ours.width; x++) {
            const sums = [0, 0, 0, 0];
            let n = 0;
            for (let Y = y * scale; Y < Math.min(301, (y + 1) * scale); Y++) {
              for (let X = x * scale; X < Math.min(403, (x + 1) * scale); X++) {
                const i = (Y * 403 + X) * 4;
                const a = data[i + 3] ?? 0;
                for (let c = 0; c < 3; c++) sums[c]! += (data[i + c] ?? 0) * a;
                sums[3]! += a;
                n++;
              }
            }
            const o = (y * ours.width + x) * channels;
            const alpha = channels === 4 ? (ours.data[o + 3] ?? 0) : 255;
            worst = Math.max(worst, Math.abs(alpha - sums[3]! / n));
            if (sums[3]! > 0)
              for (let c = 0; c < 3; c++)
                worst = Math.max(worst, Math.abs((ours.data[o + c] ?? 0) - sums[c]! / sums[3]!));
          }
        }
        // An Adam7 file's cells are summed in 16 bits, colour in quarter levels: a little rounding.
        expect(worst, `1/${scale}`).toBeLessThanOrEqual(interlaced ? 0.75 : 0.5);
        const region = { x0: 5, y0: 7, x1: Math.ceil(ours.width * 0.6), y1: Math.ceil(ours.height * 0.5) };
        const part = await decodeImage(bytes, info, codecs, { scale, region });
        for (let y = region.y0; y < region.y1; y++) {
          const a = part.data.subarray(
            (y - region.y0) * part.width * channels,
            (y - region.y0 + 1) * part.width * channels,
          );
          const b = ours.data.subarray(
            (y * ours.width + region.x0) * channels,
            (y * ours.width + region.x1) * channels,
          );
          expect(Buffer.from(a).equals(Buffer.from(b)), `row ${y} at 1/${scale}`).toBe(true);
        }
      }
    },
  );
});

describe('a WebP decoded reduced and in part (libwebp crops and scales as it decodes)', () => {
  it.each([
    ['lossy, opaque', { quality: 90 }, false],
    ['lossless with transparent areas', { lossless: true }, true],
  ] as const)(
    '%s: each pixel the average of its cell, a region that part of the whole',
    async (_name, options, alpha) => {
      // Sides a multiple of 8, so that every cell is whole: libwebp's rescaler maps a whole side onto
      // the scaled one, so another side's cells are stretched by under a scaled pixel across it.
      const [W, H] = [400, 296];
      const base = syntheticPhoto(W, H);
      const data = new Uint8ClampedArray(base.data);
      if (alpha) for (let i = 3; i < data.length; i += 4) data[i] = (i >> 2) % W < 150 ? 0 : 255;
      const bytes = u8(
        await toSharp({ ...base, data })
          .webp(options)
          .toBuffer(),
      );
      const info = inspectImage(bytes);
      const channels = alpha ? 4 : 3;
      // libvips' own decode of the same file, whole: ours at full scale is the same pixels.
      const full = await sharp(bytes).raw().toBuffer();
      const whole = await decodeImage(bytes, info, codecs);
      expect([whole.width, whole.height, whole.channels]).toEqual([W, H, channels]);
      expect(meanDifference(whole.data, full, channels)).toBeLessThan(0.05);
      for (const scale of [1, 2, 4, 8] as const) {
        const ours = await decodeImage(bytes, info, codecs, { scale });
        expect([ours.width, ours.height]).toEqual([W / scale, H / scale]);
        // The full decode averaged over each cell (a reduced lossy decode skips the loop filter).
        const cells = averageCells(full, W, H, channels, scale, ours.width, ours.height);
        expect(meanDifference(ours.data, cells, channels), `1/${scale}`).toBeLessThan(scale === 1 ? 0.05 : 3);
        const region = { x0: 5, y0: 7, x1: Math.ceil(ours.width * 0.6), y1: Math.ceil(ours.height * 0.5) };
        const part = await decodeImage(bytes, info, codecs, { scale, region });
        expect([part.width, part.height]).toEqual([region.x1 - region.x0, region.y1 - region.y0]);
        const same = new Uint8Array(part.data.length);
        for (let y = region.y0; y < region.y1; y++)
          same.set(
            ours.data.subarray((y * ours.width + region.x0) * channels, (y * ours.width + region.x1) * channels),
            (y - region.y0) * part.width * channels,
          );
        // At full scale the crop's first row and column are upsampled without the ones before them.
        expect(meanDifference(part.data, same, channels), `region at 1/${scale}`).toBeLessThan(
          scale === 1 ? 0.25 : 2.5,
        );
      }
    },
  );

  it('rounds a side up as a JPEG does, and refuses a damaged file with the message a user can act on', async () => {
    const bytes = u8(await toSharp(syntheticPhoto(403, 301)).webp({ quality: 80 }).toBuffer());
    // Sides that are not a multiple of the scale round up, as a JPEG's do.
    expect(await decodeImage(bytes, inspectImage(bytes), codecs, { scale: 8 })).toMatchObject({
      width: 51,
      height: 38,
    });
    // The frame's first partition said to be longer than the file: libwebp stops, as it would for
    // a file cut short inside its data.
    const damaged = bytes.slice();
    expect(String.fromCharCode(...damaged.subarray(12, 16))).toBe('VP8 ');
    damaged[20] = damaged[20]! | 0xe0;
    damaged[21] = 0xff;
    damaged[22] = 0xff;
    const info = inspectImage(damaged);
    await expect(decodeImage(damaged, info, codecs, { scale: 8 })).rejects.toThrow(/could not be decoded/);
  });
});

/** Mean absolute difference of two pixel buffers of the same layout; with alpha, over the visible pixels only. */
function meanDifference(a: ArrayLike<number>, b: ArrayLike<number>, channels = 3): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += channels) {
    if (channels === 4 && !b[i + 3]) continue;
    for (let c = 0; c < channels; c++) sum += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
    count += channels;
  }
  return sum / count;
}

/** The picture averaged over scale × scale cells counted from its origin (colour weighted by alpha). */
function averageCells(
  data: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  scale: number,
  outWidth: number,
  outHeight: number,
): Uint8Array {
  const out = new Uint8Array(outWidth * outHeight * channels);
  for (let y = 0; y < outHeight; y++)
    for (let x = 0; x < outWidth; x++) {
      const sums = [0, 0, 0, 0];
      let n = 0;
      for (let Y = y * scale; Y < Math.min(height, (y + 1) * scale); Y++)
        for (let X = x * scale; X < Math.min(width, (x + 1) * scale); X++) {
          const i = (Y * width + X) * channels;
          const a = channels === 4 ? (data[i + 3] ?? 0) : 255;
          for (let c = 0; c < 3; c++) sums[c]! += (data[i + c] ?? 0) * a;
          sums[3]! += a;
          n++;
        }
      const o = (y * outWidth + x) * channels;
      for (let c = 0; c < 3; c++) out[o + c] = sums[3]! > 0 ? Math.round(sums[c]! / sums[3]!) : 0;
      if (channels === 4) out[o + 3] = Math.round(sums[3]! / n);
    }
  return out;
}

describe('planDecode', () => {
  const info = (width: number, height: number, type: ImageInfo['type'] = 'jpeg'): ImageInfo =>
    ({
      ...inspectImage(
        new Uint8Array(
          readFileSync(
            join(
              FIXTURES,
              readdirSync(FIXTURES).find((f) => f.endsWith('.jpg'))!,
            ),
          ),
        ),
      ),
      type,
      width,
      height,
      uprightWidth: width,
      uprightHeight: height,
      orientation: 1,
    }) as ImageInfo;
  const need = (crop: DecodeNeed['crop'], width: number, height: number, fill?: Fill): DecodeNeed => ({
    crop,
    width,
    height,
    fill,
  });

  it('takes the coarsest scale that still gives the output its pixels, and only the crop and its reach', () => {
    const picture = info(4000, 3000);
    const whole = { x: 0, y: 0, width: 4000, height: 3000 };
    // 1/8 is a plain block average: taken only with twice the output's pixels to filter from.
    expect(planDecode(picture, [need(whole, 250, 187)]).scale).toBe(8);
    expect(planDecode(picture, [need(whole, 251, 187)]).scale).toBe(4);
    expect(planDecode(picture, [need(whole, 1000, 750)]).scale).toBe(4);
    expect(planDecode(picture, [need(whole, 1001, 750)]).scale).toBe(2);
    expect(planDecode(picture, [need(whole, 2500, 1875)]).scale).toBe(1);
    // A banner from the middle band: the rows above and below are not decoded.
    const band = planDecode(picture, [need({ x: 0, y: 1000, width: 4000, height: 1000 }, 1584, 396)]);
    expect(band.scale).toBe(2);
    expect(band.area.y0).toBeGreaterThan(900);
    expect(band.area.y1).toBeLessThan(2100);
    // A PNG's reduction is a plain cell average: taken with twice the output's pixels.
    expect(planDecode(info(4000, 3000, 'png'), [need(whole, 500, 375)]).scale).toBe(4);
    expect(planDecode(info(4000, 3000, 'png'), [need(whole, 501, 375)]).scale).toBe(2);
    // So is libwebp's rescaler (an area average), and it decodes only the crop's rows and columns.
    expect(planDecode(info(4000, 3000, 'webp'), [need(whole, 500, 375)]).scale).toBe(4);
    expect(planDecode(info(4000, 3000, 'webp'), [need(whole, 501, 375)]).scale).toBe(2);
    const webpBand = planDecode(info(4000, 3000, 'webp'), [
      need({ x: 0, y: 1000, width: 4000, height: 1000 }, 1584, 396),
    ]);
    expect(webpBand.area.y0).toBeGreaterThan(900);
    expect(webpBand.area.y1).toBeLessThan(2100);
    // An Adam7 PNG too (its passes' pixels go to their cells), its sums counted in the budget.
    const adam7 = { ...info(4000, 3000, 'png'), interlaced: true };
    expect(planDecode(adam7, [need(whole, 500, 375)]).scale).toBe(4);
    expect(planDecode(adam7, [need({ x: 0, y: 1000, width: 4000, height: 1000 }, 1584, 396)]).area.y1).toBeLessThan(
      2100,
    );
  });

  it('plans a pixel inside the picture for a crop that misses it', () => {
    for (const crop of [
      { x: 9000, y: 100, width: 500, height: 500 },
      { x: -3000, y: -3000, width: 500, height: 500 },
    ]) {
      const { area } = planDecode(info(4000, 3000), [need(crop, 100, 100)]);
      expect(area.x1).toBeGreaterThan(area.x0);
      expect(area.y1).toBeGreaterThan(area.y0);
      expect([area.x0, area.y0]).toEqual([Math.max(0, Math.min(3999, area.x0)), Math.max(0, Math.min(2999, area.y0))]);
      expect(area.x1 <= 4000 && area.y1 <= 3000).toBe(true);
    }
  });

  it('decodes the whole picture where a blurred backdrop is made from it', () => {
    const plan = planDecode(info(4000, 3000), [
      need({ x: 1000, y: -500, width: 2000, height: 4000 }, 1080, 1920, { kind: 'blur' }),
    ]);
    expect(plan.area).toEqual({ x0: 0, y0: 0, x1: 4000, y1: 3000 });
  });

  it('serves several renders with one decode at the finest scale any asks for', () => {
    const plan = planDecode(info(4000, 3000), [
      need({ x: 0, y: 0, width: 1000, height: 1000 }, 400, 400),
      need({ x: 3000, y: 2000, width: 1000, height: 1000 }, 200, 200),
    ]);
    expect(plan.scale).toBe(2);
    expect(plan.area).toMatchObject({ x0: 0, y0: 0, x1: 4000, y1: 3000 });
  });

  it('coarsens the scale until the part fits the budget (a 48 MP phone photo)', () => {
    const picture = info(8064, 6048);
    const plan = planDecode(picture, [need({ x: 0, y: 0, width: 8064, height: 6048 }, 2752, 2064)]);
    expect(plan.scale).toBe(2);
    expect(Math.ceil(8064 / 2) * Math.ceil(6048 / 2) * 3).toBeLessThanOrEqual(DECODED_BUDGET_BYTES);
  });
});

/** Two rendered files, pixel by pixel: the mean colour difference and the largest alpha one. */
async function difference(one: Uint8Array, other: Uint8Array): Promise<{ colour: number; alpha: number }> {
  const a = await sharp(one).ensureAlpha().raw().toBuffer();
  const b = await sharp(other).ensureAlpha().raw().toBuffer();
  let colour = 0;
  let alpha = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) colour += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
    alpha = Math.max(alpha, Math.abs((a[i + 3] ?? 0) - (b[i + 3] ?? 0)));
  }
  return { colour: colour / ((a.length / 4) * 3), alpha };
}

describe('a render from a view', () => {
  const target = { width: 300, height: 200, opaque: false, types: ['png'] as const, maxBytes: null };
  const options = { output: { type: 'png', quality: 90 }, encoders: codecs } as const;

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'is the render from the whole picture, for orientation %i, inside, at and beyond the edges',
    async (orientation) => {
      const bytes = u8(
        await toSharp(syntheticPhoto(1203, 901)).jpeg({ quality: 90 }).withMetadata({ orientation }).toBuffer(),
      );
      const info = inspectImage(bytes);
      const whole = await decodeImage(bytes, info, codecs);
      const W = info.uprightWidth;
      const H = info.uprightHeight;
      const crops = [
        { x: 0.3 * W, y: 0.25 * H, width: 0.45 * W, height: 0.3 * W }, // inside: a part at 1/2
        { x: 0, y: 0, width: 900, height: 600 }, // a corner, full scale
        { x: W - 600, y: H - 400, width: 600, height: 400 }, // the opposite corner
        { x: -0.1 * W, y: 0.2 * H, width: 1.2 * W, height: 0.8 * W }, // beyond both sides
      ];
      for (const crop of crops) {
        const plan = planDecode(info, [{ crop, width: target.width, height: target.height }]);
        const view = await decodeView(bytes, info, codecs, plan);
        const fromView = await renderFormat(view.picture, orientation, cropInView(view, crop), target, options);
        const fromWhole = await renderFormat(whole, orientation, crop, target, options);
        const { colour, alpha } = await difference(fromView.file.bytes, fromWhole.file.bytes);
        const label = `${JSON.stringify(crop)} at 1/${plan.scale}`;
        expect(colour, label).toBeLessThan(plan.scale === 1 ? 0.01 : 2.5);
        expect(alpha, label).toBeLessThanOrEqual(1); // the picture's edges stay where they were
      }
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "from a view box-shrunk for smaller renders (a fan-out's later formats) is the render from the whole picture, for orientation %i",
    async (orientation) => {
      // 1203×901: neither side a multiple of 2 or 4, so a flipped axis starts with a short cell.
      const bytes = u8(
        await toSharp(syntheticPhoto(1203, 901)).jpeg({ quality: 90 }).withMetadata({ orientation }).toBuffer(),
      );
      const info = inspectImage(bytes);
      const decoded = await decodeImage(bytes, info, codecs);
      const W = info.uprightWidth;
      const H = info.uprightHeight;
      const small = { ...target, width: 60, height: 40 };
      const whole = { x: 0, y: 0, width: W, height: H };
      const rightPart = { x: 0.3 * W, y: 0, width: 0.7 * W, height: H }; // a region: its view starts inside
      for (const [first, crop] of [
        [whole, { x: 0.3 * W, y: 0.25 * H, width: 0.45 * W, height: 0.3 * W }],
        [whole, { x: 0, y: 0, width: 900, height: 600 }],
        [whole, { x: W - 600, y: H - 400, width: 600, height: 400 }],
        [whole, { x: -0.1 * W, y: 0.2 * H, width: 1.2 * W, height: 0.8 * W }],
        [rightPart, { x: 0.4 * W, y: 0.2 * H, width: 0.5 * W, height: 0.5 * H }],
        [rightPart, { x: 0.45 * W, y: 0.5 * H, width: 0.55 * W, height: 0.5 * H }],
      ] as const) {
        const views = new PictureViews(bytes, info, codecs);
        const large = await views.viewFor({ crop: first, width: first.width, height: first.height });
        expect(large.plan.scale).toBe(1);
        const view = await views.viewFor({ crop, ...small });
        const label = `${JSON.stringify(crop)} at 1/${view.plan.scale}`;
        expect(view.plan.scale, label).toBeGreaterThan(1);
        expect(view.picture.width * view.picture.height, label).toBeLessThan(
          large.picture.width * large.picture.height,
        );
        const fromView = await renderFormat(view.picture, orientation, cropInView(view, crop), small, options);
        const fromWhole = await renderFormat(decoded, orientation, crop, small, options);
        const { colour, alpha } = await difference(fromView.file.bytes, fromWhole.file.bytes);
        expect(colour, label).toBeLessThan(2);
        expect(alpha, label).toBeLessThanOrEqual(1); // the picture's edges stay where they were
      }
    },
  );

  it('from a PNG is the render from the whole picture, its transparency kept', async () => {
    const base = syntheticPhoto(1601, 1203);
    const data = new Uint8ClampedArray(base.data);
    for (let i = 3; i < data.length; i += 4) if ((i >> 2) % 1601 > 1200) data[i] = 0; // a transparent right band
    const bytes = u8(
      await toSharp({ ...base, data })
        .png()
        .toBuffer(),
    );
    const info = inspectImage(bytes);
    const whole = await decodeImage(bytes, info, codecs);
    for (const crop of [
      { x: 0, y: 0, width: 1601, height: 1203 },
      { x: 800, y: 300, width: 750, height: 500 },
      { x: -200, y: 100, width: 2000, height: 1000 },
    ]) {
      const plan = planDecode(info, [{ crop, width: target.width, height: target.height }]);
      const view = await decodeView(bytes, info, codecs, plan);
      const a = await sharp((await renderFormat(view.picture, 1, cropInView(view, crop), target, options)).file.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer();
      const b = await sharp((await renderFormat(whole, 1, crop, target, options)).file.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer();
      let total = 0;
      for (let i = 0; i < a.length; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
      expect(total / a.length, `${JSON.stringify(crop)} at 1/${plan.scale}`).toBeLessThan(2.5);
    }
  });

  it('keeps an opaque output opaque to its edges after the JPEG flatten', async () => {
    const bytes = u8(await toSharp(syntheticPhoto(1203, 901)).jpeg({ quality: 90 }).toBuffer());
    const info = inspectImage(bytes);
    const crop = { x: 0, y: 0, width: 1203, height: 901 };
    const view = await decodeView(bytes, info, codecs, planDecode(info, [{ crop, width: 60, height: 45 }]));
    expect(view.plan.scale).toBe(8);
    const { file } = await renderFormat(
      view.picture,
      1,
      cropInView(view, crop),
      { ...target, width: 60, height: 45 },
      options,
    );
    const { data } = await sharp(file.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 3; i < data.length; i += 4) expect(data[i]).toBe(255);
  });
});

describe('the picture kept for the next queue batch', () => {
  const need: DecodeNeed = { crop: { x: 0, y: 0, width: 517, height: 389 }, width: 200, height: 150 };
  const jpeg = async () => u8(await toSharp(photo).jpeg({ quality: 85 }).toBuffer());

  it('is handed to the next run of the same file, and let go, its pixels freed at once, by any other', async () => {
    const bytes = await jpeg();
    const info = inspectImage(bytes);
    const views = new PictureViews(bytes, info, codecs);
    const view = await views.viewFor(need);
    keepPicture('uploads/a/original', views, views.decodedAfter);
    const next = takeKeptPicture('uploads/a/original');
    expect(next).toBe(views);
    expect(await next!.viewFor(need)).toBe(view); // the same pixels, not decoded again
    // Kept again, then another file's run looks: nothing to reuse, and the slot is emptied by that
    // look, the kept pixels freed then (memory.ts freeNow), not when V8 next collects.
    keepPicture('uploads/a/original', views, views.decodedAfter);
    expect(takeKeptPicture('uploads/b/original')).toBeNull();
    expect(takeKeptPicture('uploads/a/original')).toBeNull();
    expect(view.picture.data.length).toBe(0);
    // Another run's picture kept, then another picture is decoded (an upload's check, another
    // request's render): the kept one goes first, so an isolate never holds two.
    const again = new PictureViews(bytes, info, codecs);
    const kept = await again.viewFor(need);
    keepPicture('uploads/a/original', again, again.decodedAfter);
    await decodeImage(bytes, info, codecs, { scale: 8 });
    expect(takeKeptPicture('uploads/a/original')).toBeNull();
    expect(kept.picture.data.length).toBe(0);
  });

  it('is not kept when another picture was decoded after it (a render of another request still running)', async () => {
    const bytes = await jpeg();
    const info = inspectImage(bytes);
    const views = new PictureViews(bytes, info, codecs);
    await views.viewFor(need);
    await new PictureViews(bytes, info, codecs).viewFor(need);
    keepPicture('uploads/a/original', views, views.decodedAfter);
    expect(takeKeptPicture('uploads/a/original')).toBeNull();
  });
});

describe("a fan-out's renders in decodeOrder", () => {
  it('are never decoded again once the kept picture was shrunk for them (largest first, they were)', async () => {
    const bytes = u8(await toSharp(syntheticPhoto(2400, 1350)).jpeg({ quality: 85 }).toBuffer());
    const info = inspectImage(bytes);
    const picture = { width: 2400, height: 1350 };
    const banner = findFormatByName('linkedin', 'banner')!;
    const crop = centredCrop(picture, banner, 1);
    const needs = PLATFORM_FORMATS.filter((f) => f.platform !== banner.platform).map((f) => ({
      crop: fitCrop(crop, picture, f),
      width: f.width,
      height: f.height,
    }));
    // Batches of four as the queue takes them, with the views kept between batches: the decodes
    // made after a render was served from a shrunk view (each a whole decode again).
    const decodesAfterShrinking = async (ordered: DecodeNeed[]) => {
      const views = new PictureViews(bytes, info, codecs);
      let shrunk = false;
      let decodes = 0;
      for (let first = 0; first < ordered.length; first += 4) {
        const batch = ordered.slice(first, first + 4);
        for (const [i, need] of batch.entries()) {
          const before = views.decodedAfter;
          const view = await views.viewFor(need, batch.slice(i + 1));
          if (shrunk && views.decodedAfter !== before) decodes++;
          shrunk ||= view.plan.scale > 1;
          // Never coarser than a decode of this render alone would be.
          expect(view.plan.scale).toBeLessThanOrEqual(planDecode(info, [need]).scale);
        }
      }
      expect(shrunk).toBe(true); // the later formats were served from shrunk views
      return decodes;
    };
    expect(
      await decodesAfterShrinking([...needs].sort((a, b) => b.width * b.height - a.width * a.height)),
    ).toBeGreaterThan(0);
    expect(await decodesAfterShrinking([...needs].sort(decodeOrder))).toBe(0);
  });
});
