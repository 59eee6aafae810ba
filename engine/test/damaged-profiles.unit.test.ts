import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codecs, decodeImage, inspectImage, type Picture } from '..';
import { parseIcc } from '../pixels/colour-profile';
import {
  ADOBE_RGB,
  BLOCK,
  colourBlocks,
  COLOURS,
  curvTag,
  iccTags,
  paraTag,
  tagData,
  withEntry,
  withProfile,
  withTag,
  xyzTag,
} from '../../test/support/icc';
import { concat, pngChunk, pngChunks } from '../../test/support/mutations';

/**
 * A damaged ICC profile is ignored: the picture decodes as if it had none (treated as sRGB),
 * whichever container carried it, instead of turning black or garbled (docs/decisions/0008-colour-management.md).
 * The damage is done to a real embedded profile: the Display P3 one of the corpus's phone photo.
 */

const P3 = inspectImage(new Uint8Array(readFileSync('test/fixtures/corpus/display-p3.jpg'))).icc?.bytes as Uint8Array;

const s15 = (data: number[], at: number) => new DataView(new Uint8Array(data).buffer).getInt32(at) / 65536;
const colorant = (sig: string) => [8, 12, 16].map((at) => s15(tagData(P3, sig), at));
const [R, G, B] = ['rXYZ', 'gXYZ', 'bXYZ'].map(colorant) as [number[], number[], number[]];
const WHITE = [0, 1, 2].map((i) => (R[i] ?? 0) + (G[i] ?? 0) + (B[i] ?? 0));

const withColorants = (r: number[], g: number[], b: number[]) =>
  withTag(withTag(withTag(P3, 'rXYZ', xyzTag(r)), 'gXYZ', xyzTag(g)), 'bXYZ', xyzTag(b));
/** The profile with one header field (4 bytes) set. */
function withHeader(at: number, value: number | string): Uint8Array {
  const out = P3.slice();
  if (typeof value === 'number') new DataView(out.buffer).setUint32(at, value >>> 0);
  else
    out.set(
      [...value].map((c) => c.charCodeAt(0)),
      at,
    );
  return out;
}
const ramp = (f: (i: number) => number) => Array.from({ length: 256 }, (_, i) => Math.round(f(i)));
const offsetOf = (sig: string) => iccTags(P3).find((t) => t.sig === sig)?.offset ?? 0;
/** The P3 curve's own parameters (function 3). */
const P3_CURVE = [2.4, 0.9479, 0.0521, 0.0774, 0.0405];

const DAMAGED: Array<[string, Uint8Array, RegExp]> = [
  ['a zero matrix', withColorants([0, 0, 0], [0, 0, 0], [0, 0, 0]), /add up to white/],
  [
    'a singular matrix (two equal columns, still adding up to D50)',
    withColorants(
      WHITE.map((w, i) => (w - (B[i] ?? 0)) / 2),
      WHITE.map((w, i) => (w - (B[i] ?? 0)) / 2),
      B,
    ),
    /singular/,
  ],
  [
    'extreme colorants that cancel out (±30000)',
    withColorants([(R[0] ?? 0) + 30000, R[1] ?? 0, R[2] ?? 0], [(G[0] ?? 0) - 30000, G[1] ?? 0, G[2] ?? 0], B),
    /singular/,
  ],
  ['the largest colorant values', withColorants([32767, 32767, 32767], G, B), /add up to white/],
  [
    'a colorant of negative luminance',
    withColorants([R[0] ?? 0, (R[1] ?? 0) + 0.05, R[2] ?? 0], G, [B[0] ?? 0, -0.05, B[2] ?? 0]),
    /negative luminance/,
  ],
  ['a zero gamma (curv)', withTag(P3, 'rTRC', curvTag([0])), /gamma 0/],
  ['an absurd gamma (curv, 255)', withTag(P3, 'gTRC', curvTag([255 * 256])), /gamma 255/],
  ['a zero gamma (para)', withTag(P3, 'bTRC', paraTag(0, [0])), /gamma 0/],
  ['a negative gamma (para)', withTag(P3, 'rTRC', paraTag(3, [-2.4, ...P3_CURVE.slice(1)])), /gamma -2.4/],
  ['a negative slope (para)', withTag(P3, 'rTRC', paraTag(3, [2.4, -0.9479, 0.0521, 0.0774, 0.0405])), /rises|outside/],
  ['an absurd slope (para, 1000)', withTag(P3, 'rTRC', paraTag(3, [2.4, 1000, 0, 0, 0])), /outside/],
  ['a 0/0 threshold (para function 1, a = 0)', withTag(P3, 'rTRC', paraTag(1, [2.2, 0, 0])), /rises only/],
  ['an unknown para function', withTag(P3, 'rTRC', paraTag(5, [2.2])), /unknown function 5/],
  ['a curve table of zeros', withTag(P3, 'rTRC', curvTag(ramp(() => 0))), /rises only/],
  ['a decreasing curve table', withTag(P3, 'gTRC', curvTag(ramp((i) => 65535 - i * 257))), /falling/],
  ['a curve of another type', withTag(P3, 'rTRC', [...tagData(P3, 'wtpt')]), /neither a curv nor a para/],
  ['a truncated curve table', withTag(P3, 'rTRC', curvTag(ramp((i) => i * 257)).slice(0, 100)), /truncated/],
  ['a truncated colorant', withEntry(P3, 'rXYZ', offsetOf('rXYZ'), 12), /not an XYZ tag of 20 bytes/],
  ['a tag offset past the end', withEntry(P3, 'gXYZ', P3.length + 100, 20), /gXYZ lies outside/],
  ['a tag size that overflows', withEntry(P3, 'bTRC', offsetOf('bTRC'), 0xfffffff0), /bTRC lies outside/],
  ['a tag inside the header', withEntry(P3, 'rXYZ', 0, 20), /rXYZ lies outside/],
  ['tags that overlap in part', withEntry(P3, 'gXYZ', offsetOf('rXYZ') + 4, 20), /rXYZ and gXYZ overlap/],
  ['a profile cut short', P3.slice(0, 300), /size field says 480 bytes, it has 300/],
  ['a size field past the end', withHeader(0, P3.length + 1000), /size field/],
  ['no acsp signature', withHeader(36, 'abcd'), /acsp/],
  ['an absurd tag count', withHeader(128, 0xffffffff), /tag table of 4294967295/],
  ['a missing colorant', withHeader(180, 'xXYZ'), /no rXYZ tag/],
  ['a grey colour space', withHeader(16, 'GRAY'), /GRAY to XYZ/],
  ['a printer profile', withHeader(12, 'prtr'), /class prtr/],
];

// Written tagged (sRGB, which changes no number) so the WebP has the extended header that carries a profile.
const raw = () =>
  sharp(colourBlocks(), { raw: { width: BLOCK * COLOURS.length, height: BLOCK, channels: 3 } }).withIccProfile('srgb');
const FILES = {
  jpeg: async () => new Uint8Array(await raw().jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer()),
  png: async () => new Uint8Array(await raw().png().toBuffer()),
  webp: async () => new Uint8Array(await raw().webp({ lossless: true }).toBuffer()),
};

async function decode(bytes: Uint8Array): Promise<Picture> {
  return decodeImage(bytes, inspectImage(bytes), codecs);
}

function largestDifference(a: Picture, b: Picture): number {
  expect([a.width, a.height, a.channels]).toEqual([b.width, b.height, b.channels]);
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
  return worst;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('damaged colour profiles', () => {
  it.each(DAMAGED)('ignores a profile with %s, and says why', (_, profile, reason) => {
    const { profile: parsed, reason: why } = parseIcc(profile);
    expect(parsed).toBeNull();
    expect(why).toMatch(reason);
  });

  it.each(['jpeg', 'png', 'webp'] as const)(
    'decodes a %s with any of them as the same picture without a profile (treated as sRGB)',
    async (type) => {
      const file = await FILES[type]();
      const untagged = await decode(withProfile(file, null));
      // The real profile does convert these colours, so an ignored profile is seen.
      expect(largestDifference(await decode(withProfile(file, P3)), untagged)).toBeGreaterThan(20);
      for (const [name, profile] of DAMAGED) {
        const tagged = withProfile(file, profile);
        expect(inspectImage(tagged).icc, name).not.toBeNull();
        expect(largestDifference(await decode(tagged), untagged), name).toBeLessThanOrEqual(1);
      }
    },
  );

  it('logs why a profile is ignored, once a decode', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await decode(withProfile(await FILES.jpeg(), withTag(P3, 'rTRC', curvTag([0]))));
    const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'colour profile ignored',
        type: 'jpeg',
        reason: 'rTRC has gamma 0',
      }),
    ]);
  });

  it('ignores a PNG profile that does not inflate', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const png = await FILES.png();
    const [ihdr = [], ...rest] = pngChunks(withProfile(png, null)).map((c) => pngChunk(c.type, c.data));
    // A name, compression method 0, a zlib header and a block of the reserved type 3.
    const garbage = pngChunk('iCCP', [0x69, 0x63, 0x63, 0, 0, 0x78, 0x01, 0xff, 0xff]);
    const damaged = concat(png.subarray(0, 8), ihdr, garbage, ...rest);
    expect(largestDifference(await decode(damaged), await decode(withProfile(png, null)))).toBe(0);
    expect(String(warn.mock.calls[0]?.[0])).toContain('does not inflate');
  });
});

describe('sound colour profiles are still applied', () => {
  const converted = async (profile: Uint8Array) => decode(withProfile(await FILES.png(), profile));

  it('a tone curve written as a table, even with measurement noise, converts as its function does', async () => {
    // The P3 curve (sRGB's) sampled at 1024 points, every eighth a little low, as measured curves are.
    const srgb = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
    const table = Array.from({ length: 1024 }, (_, i) =>
      Math.max(0, Math.round(srgb(i / 1023) * 65535) - (i % 8 === 7 ? 60 : 0)),
    );
    const tabled = ['rTRC', 'gTRC', 'bTRC'].reduce((p, sig) => withTag(p, sig, curvTag(table)), P3);
    expect(parseIcc(tabled).profile).not.toBeNull();
    expect(largestDifference(await converted(tabled), await converted(P3))).toBeLessThanOrEqual(1);
  });

  it('a profile followed by padding its size field leaves out', async () => {
    const padded = new Uint8Array([...P3, 0, 0, 0, 0]);
    expect(largestDifference(await converted(padded), await converted(P3))).toBe(0);
  });

  it('Adobe RGB (a one-entry gamma curve) and colorants adding up to D65 rather than D50', async () => {
    expect(parseIcc(ADOBE_RGB).profile).not.toBeNull();
    // Older v2 profiles sometimes carry unadapted colorants: a white near D65 is still a white.
    const d65 = [0.9505 / 0.9642, 1, 1.089 / 0.8249];
    const scaled = (c: number[]) => c.map((v, i) => v * (d65[i] ?? 1));
    expect(parseIcc(withColorants(scaled(R), scaled(G), scaled(B))).profile).not.toBeNull();
  });
});
