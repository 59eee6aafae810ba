/**
 * The upload's check of a JPEG reads its structure (markers, tables, scan headers) without decoding
 * any entropy data, of a lossy WebP its headers and modes without its coefficients, and of a PNG its
 * inflated rows without unfiltering them: each must accept exactly the files the full decoder
 * accepts; and what it accepts, a render decodes whole, in halves and in parts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { admitImage, codecs, inspectImage, verifyDecodes, type ImageInfo } from '..';
import { decodeJpeg, verifyJpeg } from '../codecs/jpeg/decode';
import { decodeWebp } from '../codecs/webp/decode';
import { decodePng } from '../codecs/png/decode';
import { concat, corpusMutants, pngChunk, pngChunks, prng, riffChunks } from '../../test/support/mutations';

const CORPUS = join(import.meta.dirname, '../../test/fixtures/corpus');
const read = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
const outcome = async (run: () => unknown) => {
  try {
    await run();
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};
/** What the upload admits to be checked, or null: refused before any decoding, as the upload does. */
const admitted = (bytes: Uint8Array) => {
  try {
    const info = inspectImage(bytes);
    admitImage(info);
    return info;
  } catch {
    return null;
  }
};

type Case = { name: string; bytes: Uint8Array };

/**
 * The upload's check against the decoder over each case the upload admits as `type`: the cases
 * whose outcomes differ, and how many the decoder accepted and refused. `renders` names more
 * decodes that a file the check accepted must pass.
 */
async function compareWithDecoder(
  cases: Case[],
  type: ImageInfo['type'],
  check: (bytes: Uint8Array, info: ImageInfo) => unknown,
  decode: (bytes: Uint8Array, info: ImageInfo) => unknown,
  renders: (bytes: Uint8Array, info: ImageInfo) => Array<[string, () => unknown]> = () => [],
) {
  const differ: string[] = [];
  let accepted = 0;
  let refused = 0;
  for (const { name, bytes } of cases) {
    const info = admitted(bytes);
    if (info?.type !== type) continue;
    const full = await outcome(() => decode(bytes, info));
    const verified = await outcome(() => check(bytes, info));
    if (full !== verified) differ.push(`${name}: decode ${full}, verify ${verified}`);
    for (const [part, render] of verified === 'ok' ? renders(bytes, info) : []) {
      const rendered = await outcome(render);
      if (rendered !== 'ok') differ.push(`${name}: verify ok, ${part} ${rendered}`);
    }
    if (full === 'ok') accepted++;
    else refused++;
  }
  return { differ, accepted, refused };
}

describe('verifying a JPEG without rendering it', () => {
  // The small JPEGs (the large ones take seconds to decode 25 times over and add no new structure).
  const files = readdirSync(CORPUS).filter((name) => name.endsWith('.jpg') && read(name).length < 200_000);
  const cases = [
    ...files.map((name) => ({ name, bytes: read(name) })),
    ...corpusMutants(read, 25).filter((m) => files.some((f) => m.name.startsWith(f))),
  ];

  it(`accepts and refuses exactly as the decoder does (${cases.length} files and mutants)`, async () => {
    const { differ, accepted } = await compareWithDecoder(cases, 'jpeg', verifyJpeg, decodeJpeg);
    expect(differ).toEqual([]);
    expect(accepted).toBeGreaterThan(files.length);
  });
});

describe('verifying a WebP without rendering it', () => {
  /**
   * The check's outcome against the whole decode's at an eighth (what the upload did before); what
   * it accepts, every render can decode: full size, the lower half, a part at half size.
   */
  const compare = (cases: Case[]) =>
    compareWithDecoder(
      cases,
      'webp',
      (bytes, info) => verifyDecodes(bytes, info, codecs),
      (bytes, info) => decodeWebp(bytes, info, codecs.webpDecoder, { scale: 8 }),
      (bytes, info) =>
        [
          { scale: 1 },
          { scale: 1, region: { x0: 0, y0: info.height >> 1, x1: info.width, y1: info.height } },
          { scale: 2, region: { x0: 0, y0: info.height >> 2, x1: info.width >> 1, y1: info.height >> 1 } },
        ].map((part) => [JSON.stringify(part), () => decodeWebp(bytes, info, codecs.webpDecoder, part)]),
    );

  it('accepts and refuses exactly as the decoder does: damaged photos and structural mutants', async () => {
    // A photo's lossy WebP (its bitstream in one and in several token partitions is libwebp's
    // choice), cut short and with bytes changed all through its modes and coefficients.
    const photo = new Uint8Array(
      await sharp(readFileSync(join(CORPUS, 'baseline.jpg')))
        .webp({ quality: 80 })
        .toBuffer(),
    );
    // And a photo with an alpha plane (rings, so its alpha is a lossless stream of some length, not
    // stored raw), damaged in its alpha (ALPH) as well as its image data.
    const { width = 0, height = 0 } = await sharp(readFileSync(join(CORPUS, 'baseline.jpg'))).metadata();
    const alphaPlane = Buffer.alloc(width * height);
    for (let i = 0; i < alphaPlane.length; i++)
      alphaPlane[i] = ((((i % width) - width / 2) ** 2 + (Math.floor(i / width) - height / 2) ** 2) >> 6) & 255;
    const withAlpha = new Uint8Array(
      await sharp(readFileSync(join(CORPUS, 'baseline.jpg')))
        .joinChannel(alphaPlane, { raw: { width, height, channels: 1 } })
        .webp({ quality: 80 })
        .toBuffer(),
    );
    expect(riffChunks(withAlpha).find((c) => c.fourcc === 'ALPH')!.data.length).toBeGreaterThan(500);
    const random = prng(7);
    const targets = [photo, read('lossy.webp'), read('large-6000x4000.webp'), withAlpha, withAlpha].map((file, f) => ({
      file,
      fourcc: f === 4 ? 'ALPH' : 'VP8 ',
    }));
    const damaged = targets.flatMap(({ file, fourcc }, f) => {
      const image = riffChunks(file).find((c) => c.fourcc === fourcc)!;
      const start = image.data.byteOffset - file.byteOffset;
      return Array.from({ length: 40 }, (_, i) => {
        const at = start + 10 + Math.floor(random() * (image.data.length - 10));
        if (i % 2 === 0) return { name: `webp ${f} cut at ${at}`, bytes: file.slice(0, at) };
        const bytes = file.slice();
        for (let k = 0; k < 4; k++) bytes[at + k] = Math.floor(random() * 256);
        return { name: `webp ${f} bytes changed at ${at}`, bytes };
      });
    });
    const mutants = corpusMutants(read, 25).filter((m) => m.name.includes('.webp'));
    const files = ['lossy.webp', 'lossless.webp', 'alpha.webp', 'truncated.webp', 'large-6000x4000.webp'];
    const { differ, accepted, refused } = await compare([
      ...files.map((name) => ({ name, bytes: read(name) })),
      { name: 'photo.webp', bytes: photo },
      { name: 'photo-alpha.webp', bytes: withAlpha },
      ...damaged,
      ...mutants,
    ]);
    expect(differ).toEqual([]);
    expect(accepted).toBeGreaterThan(files.length);
    expect(refused).toBeGreaterThan(20);
  });

  it('decodes damaged coefficients to damaged pixels: the rows before the damage are the intact ones', async () => {
    const photo = new Uint8Array(
      await sharp(readFileSync(join(CORPUS, 'baseline.jpg')))
        .webp({ quality: 80 })
        .toBuffer(),
    );
    const image = riffChunks(photo).find((c) => c.fourcc === 'VP8 ')!;
    const start = image.data.byteOffset - photo.byteOffset;
    // The last third of the coefficients' bytes set to 0xFF, which reads them past their end (the
    // container and its sizes intact).
    const damaged = photo.slice();
    damaged.fill(0xff, start + Math.floor((image.data.length * 2) / 3), start + image.data.length);
    const info = admitted(damaged)!;
    expect(await outcome(() => verifyDecodes(damaged, info, codecs))).toBe('ok');
    const intact = decodeWebp(photo, info, codecs.webpDecoder);
    const decoded = decodeWebp(damaged, info, codecs.webpDecoder);
    const rowBytes = info.width * intact.channels;
    const bytesOf = (data: ArrayBufferView) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    // A third of the rows at least lie before the damage; the last rows do not.
    const third = Math.floor(info.height / 3) * rowBytes;
    expect(bytesOf(decoded.data.subarray(0, third)).equals(bytesOf(intact.data.subarray(0, third)))).toBe(true);
    expect(bytesOf(decoded.data.subarray(-rowBytes)).equals(bytesOf(intact.data.subarray(-rowBytes)))).toBe(false);
    // And the same pixels every time.
    expect(bytesOf(decodeWebp(damaged, info, codecs.webpDecoder).data).equals(bytesOf(decoded.data))).toBe(true);
  });
});

describe('verifying a PNG without rendering it', () => {
  it('accepts and refuses exactly as the decoder does: image data damaged under valid checksums, and mutants', async () => {
    // The small PNGs (the 24 MP ones take a second a decode, and add no new structure).
    const files = readdirSync(CORPUS).filter((name) => name.endsWith('.png') && !name.startsWith('large-'));
    // The image data (all IDAT chunks as one zlib stream) with bytes changed, cut short, or with
    // bytes added, each time in chunks whose CRCs are right: only inflating and walking the rows
    // can find what is wrong.
    const random = prng(11);
    const damaged = files.flatMap((name) => {
      const chunks = pngChunks(read(name));
      if (!chunks.some((c) => c.type === 'IDAT')) return [];
      const data = concat(...chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
      const rebuild = (idat: Uint8Array) =>
        concat(
          read(name).subarray(0, 8),
          ...chunks.filter((c) => c.type !== 'IDAT' && c.type !== 'IEND').map((c) => pngChunk(c.type, c.data)),
          pngChunk('IDAT', idat),
          pngChunk('IEND', []),
        );
      // And the rows themselves wrong under a sound zlib stream: a filter PNG does not define, a
      // byte more than the picture holds, a byte short.
      const rowsOf = (raw: Uint8Array) => {
        const badFilter = raw.slice();
        badFilter[0] = 5 + Math.floor(random() * 251);
        return [
          { name: `${name} with filter ${badFilter[0]}`, bytes: rebuild(deflateSync(badFilter)) },
          { name: `${name} with a byte more`, bytes: rebuild(deflateSync(concat(raw, [0]))) },
          { name: `${name} a byte short`, bytes: rebuild(deflateSync(raw.subarray(0, raw.length - 1))) },
          { name: `${name} compressed again`, bytes: rebuild(deflateSync(raw, { level: 1 })) },
        ];
      };
      const rows = name.startsWith('truncated') ? [] : rowsOf(inflateSync(data));
      return rows.concat(
        Array.from({ length: 24 }, (_, i) => {
          const at = 2 + Math.floor(random() * (data.length - 2));
          if (i % 3 === 0) return { name: `${name} cut at ${at}`, bytes: rebuild(data.slice(0, at)) };
          if (i % 3 === 1) {
            const more = concat(
              data,
              Array.from({ length: 1 + (i % 5) }, () => Math.floor(random() * 256)),
            );
            return { name: `${name} with bytes added`, bytes: rebuild(more) };
          }
          const changed = data.slice();
          for (let k = 0; k < 3; k++) changed[Math.min(data.length - 1, at + k)] = Math.floor(random() * 256);
          return { name: `${name} bytes changed at ${at}`, bytes: rebuild(changed) };
        }),
      );
    });
    const cases = [
      ...files.map((name) => ({ name, bytes: read(name) })),
      ...damaged,
      ...corpusMutants(read, 25).filter((m) => files.some((f) => m.name.startsWith(f))),
    ];
    const { differ, accepted, refused } = await compareWithDecoder(
      cases,
      'png',
      (bytes, info) => verifyDecodes(bytes, info, codecs),
      (bytes, info) => decodePng(bytes, info),
    );
    expect(differ).toEqual([]);
    expect(accepted).toBeGreaterThan(files.length);
    expect(refused).toBeGreaterThan(60);
  });
});
