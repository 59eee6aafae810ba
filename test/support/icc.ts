/**
 * A minimal ICC v2 matrix/TRC RGB profile built from its colorants and a gamma, so tests can tag
 * pictures with profiles that are not bundled (Adobe RGB (1998)) and let libvips convert them.
 */
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const s15 = (v: number) => be32(Math.round(v * 65536) >>> 0);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pad4 = (bytes: number[]) => [...bytes, ...new Array<number>((4 - (bytes.length % 4)) % 4).fill(0)];

export function matrixProfile(name: string, colorants: [number[], number[], number[]], gamma: number): Uint8Array {
  const xyz = (v: number[]) => [...ascii('XYZ '), 0, 0, 0, 0, ...v.flatMap(s15)];
  const curve = [
    ...ascii('curv'),
    0,
    0,
    0,
    0,
    ...be32(1),
    (Math.round(gamma * 256) >> 8) & 255,
    Math.round(gamma * 256) & 255,
  ];
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
