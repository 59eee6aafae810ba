/**
 * ICC profiles for tests: a minimal v2 matrix/TRC RGB profile built from its colorants and a gamma,
 * so tests can tag pictures with profiles that are not bundled (Adobe RGB (1998)) and let libvips
 * convert them; tag edits that damage a real profile; and the profile spliced into a JPEG, PNG or
 * WebP without touching its pixels. Pure, so the workerd tests use it too.
 */
import { concat, jpegSegments, pngChunk, pngChunks, riff, riffChunk, riffChunks } from './mutations';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const s15 = (v: number) => be32(Math.round(v * 65536) >>> 0);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pad4 = (bytes: number[]) => [...bytes, ...new Array<number>((4 - (bytes.length % 4)) % 4).fill(0)];

/** An `XYZ ` tag (s15Fixed16 values). */
export const xyzTag = (v: number[]) => [...ascii('XYZ '), 0, 0, 0, 0, ...v.flatMap(s15)];
/** A `curv` tag of raw 16-bit entries: none (identity), one (gamma × 256) or a table (0 to 65535). */
export const curvTag = (entries: number[]) => [
  ...ascii('curv'),
  0,
  0,
  0,
  0,
  ...be32(entries.length),
  ...entries.flatMap((e) => [(e >> 8) & 255, e & 255]),
];
/** A `para` tag: ICC function 0 to 4 and its parameters (gamma first). */
export const paraTag = (fn: number, params: number[]) => [
  ...ascii('para'),
  0,
  0,
  0,
  0,
  (fn >> 8) & 255,
  fn & 255,
  0,
  0,
  ...params.flatMap(s15),
];

export function matrixProfile(name: string, colorants: [number[], number[], number[]], gamma: number): Uint8Array {
  const xyz = xyzTag;
  const curve = curvTag([Math.round(gamma * 256)]);
  const desc = [
    ...ascii('desc'),
    0,
    0,
    0,
    0,
    ...be32(name.length + 1),
    ...ascii(name),
    0,
    ...new Array<number>(4 + 4 + 2 + 1 + 67).fill(0),
  ];
  const text = [...ascii('text'), 0, 0, 0, 0, ...ascii('No copyright'), 0];
  const tags: Array<[string, number[]]> = [
    ['desc', desc],
    ['cprt', text],
    ['wtpt', xyz([0.9642, 1, 0.8249])],
    ['rXYZ', xyz(colorants[0])],
    ['gXYZ', xyz(colorants[1])],
    ['bXYZ', xyz(colorants[2])],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table: number[] = [...be32(tags.length)];
  const data: number[] = [];
  for (const [sig, body] of tags) {
    const padded = pad4(body);
    table.push(...ascii(sig), ...be32(offset), ...be32(body.length));
    data.push(...padded);
    offset += padded.length;
  }
  const header = [
    ...be32(offset),
    ...ascii('lcms'),
    ...be32(0x02100000),
    ...ascii('mntr'),
    ...ascii('RGB '),
    ...ascii('XYZ '),
    ...new Array<number>(12).fill(0),
    ...ascii('acsp'),
    ...new Array<number>(4 + 4 + 4 + 4 + 8 + 4).fill(0),
    ...s15(0.9642),
    ...s15(1),
    ...s15(0.8249),
    ...new Array<number>(4 + 16 + 28).fill(0),
  ];
  return new Uint8Array([...header, ...table, ...data]);
}

/** Adobe RGB (1998): its colorants adapted to D50, gamma 563/256. */
export const ADOBE_RGB = matrixProfile(
  'Adobe RGB (1998) test profile',
  [
    [0.60974, 0.31111, 0.01947],
    [0.20528, 0.62567, 0.06087],
    [0.14919, 0.06322, 0.74457],
  ],
  563 / 256,
);

/** The tag table: each entry's signature, where its entry sits, and its data's offset and size. */
export function iccTags(profile: Uint8Array): Array<{ sig: string; entry: number; offset: number; size: number }> {
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  return Array.from({ length: view.getUint32(128) }, (_, i) => {
    const entry = 132 + i * 12;
    const sig = String.fromCharCode(...profile.subarray(entry, entry + 4));
    return { sig, entry, offset: view.getUint32(entry + 4), size: view.getUint32(entry + 8) };
  });
}

/** The data of tag `sig` (a copy). */
export function tagData(profile: Uint8Array, sig: string): number[] {
  const t = iccTags(profile).find((x) => x.sig === sig);
  if (!t) throw new Error(`no ${sig} tag`);
  return [...profile.subarray(t.offset, t.offset + t.size)];
}

/** A copy of the profile with tag `sig`'s data replaced (appended, so a tag sharing the old data keeps it). */
export function withTag(profile: Uint8Array, sig: string, data: number[]): Uint8Array {
  const t = iccTags(profile).find((x) => x.sig === sig);
  if (!t) throw new Error(`no ${sig} tag`);
  const offset = profile.length + ((4 - (profile.length % 4)) % 4);
  const out = new Uint8Array(offset + data.length);
  out.set(profile);
  out.set(data, offset);
  const view = new DataView(out.buffer);
  view.setUint32(t.entry + 4, offset);
  view.setUint32(t.entry + 8, data.length);
  view.setUint32(0, out.length);
  return out;
}

/** A copy of the profile with the tag entry's offset and size set as given (the data stays). */
export function withEntry(profile: Uint8Array, sig: string, offset: number, size: number): Uint8Array {
  const t = iccTags(profile).find((x) => x.sig === sig);
  if (!t) throw new Error(`no ${sig} tag`);
  const out = profile.slice();
  const view = new DataView(out.buffer);
  view.setUint32(t.entry + 4, offset >>> 0);
  view.setUint32(t.entry + 8, size >>> 0);
  return out;
}

/** zlib with stored (uncompressed) blocks: what PNG's iCCP holds, without a compressor. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blocks: number[] = [0x78, 0x01];
  for (let at = 0; at < data.length; at += 65535) {
    const n = Math.min(65535, data.length - at);
    blocks.push(
      at + n === data.length ? 1 : 0,
      n & 255,
      n >> 8,
      ~n & 255,
      (~n >> 8) & 255,
      ...data.subarray(at, at + n),
    );
  }
  let a = 1;
  let b = 0;
  for (const v of data) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  return new Uint8Array([...blocks, ...be32(((b << 16) | a) >>> 0)]);
}

/**
 * The same JPEG, PNG or WebP with `profile` as its only ICC profile (JPEG APP2 after SOI, PNG iCCP
 * after IHDR, WebP ICCP after VP8X), or with none; the pixel data is left as it is. A WebP must
 * have the extended header (VP8X) already.
 */
export function withProfile(file: Uint8Array, profile: Uint8Array | null): Uint8Array {
  if (file[0] === 0xff) {
    const isIcc = (s: { marker: number; start: number }) =>
      s.marker === 0xe2 && String.fromCharCode(...file.subarray(s.start + 4, s.start + 15)) === 'ICC_PROFILE';
    const kept = jpegSegments(file).filter((s) => !isIcc(s));
    const last = kept.at(-1);
    const app2 = profile
      ? [
          0xff,
          0xe2,
          (16 + profile.length) >> 8,
          (16 + profile.length) & 255,
          ...ascii('ICC_PROFILE'),
          0,
          1,
          1,
          ...profile,
        ]
      : [];
    return concat(
      [0xff, 0xd8],
      app2,
      ...kept.map((s) => file.subarray(s.start, s.end)),
      file.subarray(last ? last.end : 2),
    );
  }
  if (file[0] === 0x89) {
    const chunks = pngChunks(file).filter((c) => c.type !== 'iCCP');
    const iccp = profile ? [pngChunk('iCCP', [...ascii('icc'), 0, 0, ...zlibStored(profile)])] : [];
    const [ihdr, ...rest] = chunks.map((c) => pngChunk(c.type, c.data));
    return concat(file.subarray(0, 8), ihdr ?? [], ...iccp, ...rest);
  }
  const chunks = riffChunks(file).filter((c) => c.fourcc !== 'ICCP');
  const [vp8x, ...rest] = chunks;
  if (vp8x?.fourcc !== 'VP8X') throw new Error('a WebP without VP8X');
  const header = vp8x.data.slice();
  header[0] = profile ? (header[0] ?? 0) | 0x20 : (header[0] ?? 0) & ~0x20;
  return riff([
    riffChunk('VP8X', header),
    ...(profile ? [riffChunk('ICCP', profile)] : []),
    ...rest.map((c) => riffChunk(c.fourcc, c.data)),
  ]);
}

/** Saturated and everyday colours, as 16×16 blocks side by side: what the colour tests convert. */
export const COLOURS = [
  [35, 220, 51],
  [230, 40, 50],
  [30, 80, 230],
  [250, 200, 30],
  [128, 128, 128],
  [200, 150, 120],
  [20, 20, 20],
  [245, 245, 245],
];
export const BLOCK = 16;

/** The blocks as raw 8-bit RGB, `BLOCK * COLOURS.length` wide and `BLOCK` high. */
export function colourBlocks(): Buffer {
  const width = BLOCK * COLOURS.length;
  const data = Buffer.alloc(width * BLOCK * 3);
  for (let y = 0; y < BLOCK; y++)
    for (let x = 0; x < width; x++) data.set(COLOURS[Math.floor(x / BLOCK)] as number[], (y * width + x) * 3);
  return data;
}
