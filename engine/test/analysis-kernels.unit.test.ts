/**
 * The saliency analysis's kernels (codecs/simd/assembly/analyse.ts) give, to the bit, what the
 * JavaScript they replaced gave (written out below as the reference): every operation in float64,
 * the same order, rounded to float32 once. So the analysis keeps the same regions, marks and
 * subjects as before it moved into WebAssembly.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withBuffers } from '../codecs/simd/kernels';
import { boxBlur as blurMap } from '../pixels/content-aware/maps';
import { rawOf, syntheticPhoto } from './images';
import type { Raster } from '../pixels/raster';

/** The bits of each float, so -0 and 0 are told apart. */
const bits = (data: Float32Array | Float64Array) =>
  data instanceof Float64Array
    ? [...new BigUint64Array(data.buffer, data.byteOffset, data.length)]
    : [...new Uint32Array(data.buffer, data.byteOffset, data.length)];

/** A photo's copy at most 200 pixels across, and a copy of random pixels with every kind of alpha. */
const photo = await rawOf(
  await sharp(readFileSync('test/fixtures/people/obama-biden-pair.jpg')).resize(200).png().toBuffer(),
);
const noise: Raster = (() => {
  const width = 61;
  const height = 37;
  const data = new Uint8ClampedArray(width * height * 4);
  let s = 17;
  for (let i = 0; i < data.length; i++) data[i] = (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 24;
  return { width, height, data };
})();
const PICTURES: Array<[string, Raster]> = [
  ['a photo', photo],
  ['random pixels with alpha', noise],
  ['a drawn picture', syntheticPhoto(96, 64)],
];

/** Runs kernels on maps laid out in the kernels' memory; `maps` are copied in, `out` read back as copies. */
function run<Out extends string>(
  maps: Record<string, Float32Array | Uint8Array | Uint8ClampedArray>,
  out: Record<Out, { length: number; kind: 'f32' | 'f64' | 'u8' }>,
  kernel: (kernels: ReturnType<typeof withBuffers>['kernels'], at: Record<string, number>) => void,
) {
  const sizes: Record<string, number> = {};
  for (const [name, map] of Object.entries(maps)) sizes[name] = map.byteLength;
  for (const [name, o] of Object.entries(out) as Array<[string, { length: number; kind: string }]>)
    sizes[name] = o.length * (o.kind === 'f64' ? 8 : o.kind === 'f32' ? 4 : 1);
  const { kernels, at, buffer } = withBuffers(sizes);
  for (const [name, map] of Object.entries(maps))
    new Uint8Array(buffer, at[name], map.byteLength).set(new Uint8Array(map.buffer, map.byteOffset, map.byteLength));
  kernel(kernels, at);
  const result = {} as Record<Out, Float32Array | Float64Array | Uint8Array>;
  for (const [name, o] of Object.entries(out) as Array<[Out, { length: number; kind: string }]>)
    result[name] =
      o.kind === 'f64'
        ? new Float64Array(buffer, at[name], o.length).slice()
        : o.kind === 'f32'
          ? new Float32Array(buffer, at[name], o.length).slice()
          : new Uint8Array(buffer, at[name], o.length).slice();
  return result;
}

/** The reference: the analysis's JavaScript before its maps moved into the kernels. */
function features(small: Raster) {
  const n = small.width * small.height;
  const luma = new Float32Array(n);
  const chroma = new Float32Array(n);
  const skin = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = small.data[p + 3]! / 255;
    const r = small.data[p]! * a + 128 * (1 - a);
    const g = small.data[p + 1]! * a + 128 * (1 - a);
    const b = small.data[p + 2]! * a + 128 * (1 - a);
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    luma[i] = y;
    chroma[i] = (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
    skin[i] = a > 0.5 && y > 50 && cb >= 80 && cb <= 125 && cr >= 138 && cr <= 170 && r > g && r > b ? 1 : 0;
  }
  return { luma, chroma, skin };
}

function sobel(luma: Float32Array, w: number, h: number): Float32Array {
  const gradient = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        luma[i - w + 1]! + 2 * luma[i + 1]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - 1]! - luma[i + w - 1]!;
      const gy =
        luma[i + w - 1]! + 2 * luma[i + w]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - w]! - luma[i - w + 1]!;
      gradient[i] = Math.sqrt(gx * gx + gy * gy) / 4;
    }
  return gradient;
}

function boxBlur(values: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let [sum, n] = [0, 0];
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++, n++) sum += values[y * w + k]!;
      tmp[y * w + x] = sum / n;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let [sum, n] = [0, 0];
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++, n++) sum += tmp[k * w + x]!;
      out[y * w + x] = sum / n;
    }
  return out;
}

describe("the saliency analysis's kernels", () => {
  it.each(PICTURES)('give the features, gradient and edge maps of %s as the JavaScript did', (_name, small) => {
    const { width: w, height: h } = small;
    const n = w * h;
    const ref = features(small);
    const gradient = sobel(ref.luma, w, h);
    const f32 = { length: n, kind: 'f32' } as const;
    let skinCount = -1;
    const got = run(
      { rgba: small.data },
      { luma: f32, chroma: f32, skin: f32, gradient: f32, strong: f32, crisp: f32 },
      (k, at) => {
        k.analysisFeatures(at.rgba!, n, at.luma!, at.chroma!, at.skin!);
        skinCount = k.skinCount(at.skin!, n);
        new Float32Array(k.memory.buffer, at.gradient!, n).fill(-7); // the memory's leftovers: the border is written
        k.sobel(at.luma!, w, h, at.gradient!);
        k.edgeMaps(at.gradient!, n, 30, 48, at.strong!, at.crisp!);
      },
    );
    expect(bits(got.luma as Float32Array)).toEqual(bits(ref.luma));
    expect(bits(got.chroma as Float32Array)).toEqual(bits(ref.chroma));
    expect(bits(got.skin as Float32Array)).toEqual(bits(ref.skin));
    expect(skinCount).toBe(ref.skin.reduce((sum, v) => sum + v, 0));
    expect(bits(got.gradient as Float32Array)).toEqual(bits(gradient));
    expect([...got.strong!]).toEqual([...gradient].map((v) => (v >= 30 ? 1 : 0)));
    expect([...got.crisp!]).toEqual([...gradient].map((v) => (v >= 48 ? 1 : 0)));
  });

  it.each(PICTURES)('blur, and measure colour contrast, in %s as the JavaScript did', (_name, small) => {
    const { width: w, height: h } = small;
    const n = w * h;
    const planes = [0, 1, 2].map((c) => Float32Array.from({ length: n }, (_, i) => small.data[i * 4 + c]!));
    const centre = planes.map((p) => boxBlur(p, w, h, 1));
    const surround = planes.map((p) => boxBlur(boxBlur(p, w, h, 8), w, h, 8));
    const contrast = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const sum =
        (centre[0]![i]! - surround[0]![i]!) ** 2 +
        (centre[1]![i]! - surround[1]![i]!) ** 2 +
        (centre[2]![i]! - surround[2]![i]!) ** 2;
      contrast[i] = Math.sqrt(sum) / 255;
    }
    const f32 = { length: n, kind: 'f32' } as const;
    const got = run(
      { rgba: small.data },
      {
        plane: f32,
        tmp: f32,
        blurred: f32,
        wide: f32,
        near: f32,
        squares: { length: n, kind: 'f64' },
        contrast: f32,
        last: f32,
      },
      (k, at) => {
        for (let c = 0; c < 3; c++) {
          k.channelMap(at.rgba!, n, c, at.plane!);
          k.boxBlur(at.plane!, w, h, 8, at.tmp!, at.blurred!);
          k.boxBlur(at.blurred!, w, h, 8, at.tmp!, at.wide!);
          k.boxBlur(at.plane!, w, h, 1, at.tmp!, at.near!);
          k.addContrast(at.near!, at.wide!, n, at.squares!, c === 0, c === 2 ? at.contrast! : 0);
        }
        k.boxBlur(at.plane!, w, h, 8, at.tmp!, at.last!);
      },
    );
    expect(bits(got.contrast as Float32Array)).toEqual(bits(contrast));
    expect(bits(got.last as Float32Array)).toEqual(bits(boxBlur(planes[2]!, w, h, 8)));
    // The backdrop's and the continuation's blur (maps.ts) is the same kernel.
    expect(bits(blurMap(planes[0]!, w, h, 2))).toEqual(bits(boxBlur(planes[0]!, w, h, 2)));
  });

  it.each(PICTURES)('score the pixels and cells of %s, and weigh its centre, as the JavaScript did', (_name, small) => {
    const { width: w, height: h } = small;
    const n = w * h;
    const { chroma, skin } = features(small);
    // Maps with values across every threshold: density and contrast from the picture's own pixels.
    const density = Float32Array.from({ length: n }, (_, i) => small.data[i * 4]! / 255);
    const contrast = Float32Array.from({ length: n }, (_, i) => small.data[i * 4 + 1]! / 400);
    const crisp = Float32Array.from({ length: n }, (_, i) => small.data[i * 4 + 2]! & 1);
    const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
    const [typical, spread] = [0.1234, 0.31];
    const cell = 4;
    for (const skinCounts of [true, false]) {
      const score = new Float32Array(n);
      const colourScore = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const d = clamp01((density[i]! - 0.28) / 0.22);
        const c = clamp01((chroma[i]! - typical - 0.15) / spread);
        colourScore[i] = clamp01((contrast[i]! - 0.12) / 0.2);
        const k = skinCounts ? skin[i]! : 0;
        score[i] = Math.min(1, Math.max(d, 0.4 * c + 0.6 * d, k * (0.45 + d)));
      }
      const cw = Math.ceil(w / cell);
      const ch = Math.ceil(h / cell);
      const ref = {
        score: new Float32Array(cw * ch),
        skin: new Float32Array(cw * ch),
        colour: new Float32Array(cw * ch),
        crisp: new Float32Array(cw * ch),
        marked: new Uint8Array(cw * ch),
        colourMarked: new Uint8Array(cw * ch),
        skinMarked: new Uint8Array(cw * ch),
      };
      for (let cy = 0; cy < ch; cy++)
        for (let cx = 0; cx < cw; cx++) {
          let [high, total, skins, colour, sharp, count] = [0, 0, 0, 0, 0, 0];
          for (let y = cy * cell; y < Math.min(h, cy * cell + cell); y++)
            for (let x = cx * cell; x < Math.min(w, cx * cell + cell); x++, count++) {
              const v = score[y * w + x]!;
              total += v;
              if (v >= 0.5) high += 1;
              skins += skin[y * w + x]!;
              colour += colourScore[y * w + x]!;
              sharp += crisp[y * w + x]!;
            }
          const c = cy * cw + cx;
          ref.score[c] = total / count;
          ref.skin[c] = skins / count;
          ref.marked[c] = high >= count / 4 ? 1 : 0;
          ref.colour[c] = colour / count;
          ref.crisp[c] = sharp / count;
          ref.colourMarked[c] = colour / count >= 0.5 ? 1 : 0;
          ref.skinMarked[c] = skinCounts && skins >= count / 2 ? 1 : 0;
        }
      let [sx, sy, sum] = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        const v = score[i]! ** 2;
        sx += v * (i % w);
        sy += v * Math.floor(i / w);
        sum += v;
      }
      const f32 = { length: n, kind: 'f32' } as const;
      const cellF32 = { length: cw * ch, kind: 'f32' } as const;
      const cellU8 = { length: cw * ch, kind: 'u8' } as const;
      const got = run(
        { density, chroma, contrast, skin, crisp },
        {
          score: f32,
          colourScore: f32,
          cellScore: cellF32,
          cellSkin: cellF32,
          cellColour: cellF32,
          cellCrisp: cellF32,
          marked: cellU8,
          colourMarked: cellU8,
          skinMarked: cellU8,
          sums: { length: 3, kind: 'f64' },
        },
        (k, at) => {
          k.saliencyScores(
            at.density!,
            at.chroma!,
            at.contrast!,
            at.skin!,
            n,
            0.28,
            0.22,
            typical,
            0.15,
            spread,
            0.12,
            0.2,
            skinCounts,
            at.score!,
            at.colourScore!,
          );
          k.cellMarks(
            at.score!,
            at.skin!,
            at.colourScore!,
            at.crisp!,
            w,
            h,
            cell,
            0.5,
            skinCounts,
            at.cellScore!,
            at.cellSkin!,
            at.cellColour!,
            at.cellCrisp!,
            at.marked!,
            at.colourMarked!,
            at.skinMarked!,
          );
          k.subjectSums(at.score!, w, n, at.sums!);
        },
      );
      expect(bits(got.score as Float32Array)).toEqual(bits(score));
      expect(bits(got.colourScore as Float32Array)).toEqual(bits(colourScore));
      expect(bits(got.cellScore as Float32Array)).toEqual(bits(ref.score));
      expect(bits(got.cellSkin as Float32Array)).toEqual(bits(ref.skin));
      expect(bits(got.cellColour as Float32Array)).toEqual(bits(ref.colour));
      expect(bits(got.cellCrisp as Float32Array)).toEqual(bits(ref.crisp));
      expect([...got.marked!]).toEqual([...ref.marked]);
      expect([...got.colourMarked!]).toEqual([...ref.colourMarked]);
      expect([...got.skinMarked!]).toEqual([...ref.skinMarked]);
      expect(bits(got.sums as Float64Array)).toEqual(bits(new Float64Array([sx, sy, sum])));
      expect(ref.marked.some((m) => m === 1) && ref.marked.some((m) => m === 0)).toBe(true); // both kinds of cell met
    }
  });
});
