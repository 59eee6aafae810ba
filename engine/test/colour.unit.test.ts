import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { codecs, decodeImage, inspectImage, type Picture } from '..';
import { ADOBE_RGB, BLOCK, colourBlocks, COLOURS } from '../../test/support/icc';
import { pngChunk, pngChunks } from '../../test/support/mutations';

/**
 * Pictures tagged with a wide-gamut profile come out of the engine in sRGB, within 2 levels of
 * libvips' own conversion (sharp converts embedded profiles to sRGB by default).
 */

const adobePath = join(mkdtempSync(join(tmpdir(), 'icc-')), 'adobe-rgb.icc');
writeFileSync(adobePath, ADOBE_RGB);

const raw = () => sharp(colourBlocks(), { raw: { width: BLOCK * COLOURS.length, height: BLOCK, channels: 3 } });

async function ours(bytes: Buffer): Promise<Picture> {
  const u8 = new Uint8Array(bytes);
  return decodeImage(u8, inspectImage(u8), codecs);
}

/** The largest channel difference at the centre of each block, against sharp's sRGB decode (of `reference`). */
async function worstDifference(bytes: Buffer, reference = bytes): Promise<number> {
  const picture = await ours(bytes);
  const { data } = await sharp(reference).removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  let worst = 0;
  for (let b = 0; b < COLOURS.length; b++) {
    const x = b * BLOCK + BLOCK / 2;
    const y = BLOCK / 2;
    for (let c = 0; c < 3; c++) {
      const mine = picture.data[(y * picture.width + x) * picture.channels + c] as number;
      const theirs = data[(y * picture.width + x) * 3 + c] as number;
      worst = Math.max(worst, Math.abs(mine - theirs));
    }
  }
  return worst;
}

describe('colour management', () => {
  it('converts a Display P3 JPEG to sRGB like libvips (the issue’s green is (35, 220, 51) again)', async () => {
    const p3 = await raw().withIccProfile('p3').jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(await worstDifference(p3)).toBeLessThanOrEqual(2);
    const picture = await ours(p3);
    const green = [...picture.data.subarray((8 * picture.width + 8) * 3, (8 * picture.width + 8) * 3 + 3)];
    green.forEach((v, c) => expect(Math.abs(v - (COLOURS[0]?.[c] ?? 0))).toBeLessThanOrEqual(3));
  });

  it('converts Adobe RGB (1998) PNG and WebP to sRGB like libvips', async () => {
    expect(await worstDifference(await raw().withIccProfile(adobePath).png().toBuffer())).toBeLessThanOrEqual(2);
    expect(
      await worstDifference(await raw().withIccProfile(adobePath).webp({ lossless: true }).toBuffer()),
    ).toBeLessThanOrEqual(2);
  });

  it('converts a 16-bit PNG with a Display P3 profile', async () => {
    // The P3 values of the blocks, written as 16-bit samples with the P3 profile's iCCP chunk.
    const p3 = await raw().withIccProfile('p3').png().toBuffer();
    const { data, info } = await sharp(p3).keepIccProfile().raw().toBuffer({ resolveWithObject: true });
    const rows = Buffer.alloc(info.height * (1 + info.width * 6));
    for (let y = 0; y < info.height; y++) {
      for (let i = 0; i < info.width * 3; i++)
        rows.writeUInt16BE((data[y * info.width * 3 + i] ?? 0) * 257, y * (1 + info.width * 6) + 1 + i * 2);
    }
    const iccp = pngChunks(new Uint8Array(p3)).find((c) => c.type === 'iCCP')!;
    const ihdr = [
      ...[info.width, info.height].flatMap((n) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]),
      16,
      2,
      0,
      0,
      0,
    ];
    const sixteen = Buffer.from([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...pngChunk('IHDR', ihdr),
      ...pngChunk('iCCP', iccp.data),
      ...pngChunk('IDAT', deflateSync(rows)),
      ...pngChunk('IEND', []),
    ]);
    expect((await sharp(sixteen).metadata()).depth).toBe('ushort');
    // sharp leaves a 16-bit PNG's profile unapplied, so libvips' reference is its conversion of the
    // same pixels at 8 bits.
    expect(await worstDifference(sixteen, p3)).toBeLessThanOrEqual(2);
  });

  it('leaves sRGB-tagged and untagged pictures as they are', async () => {
    const untagged = await raw().png().toBuffer();
    const tagged = await raw().withIccProfile('srgb').png().toBuffer();
    expect(inspectImage(new Uint8Array(tagged)).icc).not.toBeNull();
    expect((await ours(tagged)).data).toEqual((await ours(untagged)).data);
    expect(await worstDifference(tagged)).toBe(0);
  });
});
