/**
 * The WebAssembly kernels against plain scalar references: every PNG row's filter is the one
 * libpng's heuristic picks and the file decodes to exactly the input, for each colour type and
 * for widths that do and do not fill whole 16-byte vectors; the resampler is exact where it
 * should be and handles pictures narrower than its filter; the JPEG decoder's inverse DCTs and
 * colour conversion agree with the mathematical definitions, and its Huffman decoding with the
 * JavaScript decoder's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, inspectImage, resampleCrop, type Picture, type Raster } from '..';
import { decodeBaselineScan } from '../codecs/jpeg/baseline-scan';
import { TableSlots } from '../codecs/jpeg/entropy-window';
import { layoutFrame, SCAN_WINDOW_BYTES, WINDOW_BYTES, type Component, type Frame } from '../codecs/jpeg/frame';
import { buildHuffman, type HuffmanTable } from '../codecs/jpeg/huffman';
import { readJpeg, type JpegStructure, type ScanHeader } from '../codecs/jpeg/markers';
import { acScanReader, acScanWindows } from '../codecs/jpeg/progressive-scan';
import { scanReader, type ScanComponent } from '../codecs/jpeg/scan';
import { kernelMemoryBytes, withBuffers } from '../codecs/simd/kernels';
import { asRgba, rawOf, syntheticPhoto, toSharp } from './images';

/** Deterministic pseudo-random bytes (xorshift), so failures reproduce. */
function noise(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) & 255;
  };
}

/** Rows that favour different filters: noise, horizontal and vertical gradients, flat runs. */
function mixedPicture(
  width: number,
  height: number,
  kind: 'rgba' | 'rgb' | 'grey' | 'greyAlpha',
  seed: number,
): Raster {
  const next = noise(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const style = y % 4;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const base = style === 0 ? next() : style === 1 ? (x * 7) & 255 : style === 2 ? (y * 5 + (x >> 3)) & 255 : 90;
      const r = base;
      const g = kind === 'grey' || kind === 'greyAlpha' ? base : (base + x) & 255;
      const b = kind === 'grey' || kind === 'greyAlpha' ? base : (base ^ y) & 255;
      data.set([r, g, b, kind === 'rgba' || kind === 'greyAlpha' ? (next() | 1) & 255 : 255], i);
    }
  }
  return { width, height, data };
}

const magnitude = (v: number) => (v < 128 ? v : 256 - v);
function paeth(a: number, b: number, c: number) {
  const pa = Math.abs(b - c);
  const pb = Math.abs(a - c);
  const pc = Math.abs(a + b - 2 * c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** libpng's choice for one unfiltered row, computed byte by byte. */
function referenceFilter(cur: Uint8Array, prev: Uint8Array, bpp: number): number {
  const sums = [0, 0, 0, 0, 0];
  for (let i = 0; i < cur.length; i++) {
    const x = cur[i] ?? 0;
    const a = i >= bpp ? (cur[i - bpp] ?? 0) : 0;
    const b = prev[i] ?? 0;
    const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
    [x, x - a, x - b, x - ((a + b) >> 1), x - paeth(a, b, c)].forEach(
      (v, t) => (sums[t] = (sums[t] ?? 0) + magnitude(v & 255)),
    );
  }
  return sums.indexOf(Math.min(...sums));
}

/** The filter type bytes of a PNG (non-interlaced, 8-bit), and its unfiltered rows. */
function filtersOf(
  png: Uint8Array,
  width: number,
  height: number,
  bpp: number,
): { types: number[]; rows: Uint8Array[] } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const idat: Uint8Array[] = [];
  for (let pos = 8; pos < png.length;) {
    const length = view.getUint32(pos);
    if (String.fromCharCode(...png.subarray(pos + 4, pos + 8)) === 'IDAT')
      idat.push(png.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rowBytes = width * bpp;
  const types: number[] = [];
  const rows: Uint8Array[] = [];
  let prev = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (rowBytes + 1)] ?? -1;
    const cur = Uint8Array.from(raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1)));
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? (cur[i - bpp] ?? 0) : 0;
      const b = prev[i] ?? 0;
      const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type] ?? 0;
      cur[i] = ((cur[i] ?? 0) + predictor) & 255;
    }
    types.push(type);
    rows.push(cur);
    prev = cur;
  }
  return { types, rows };
}

describe('PNG row kernels', () => {
  const kinds = [
    ['rgba', 6, 4, 'keep'],
    ['rgb', 2, 3, 'drop'],
    ['grey', 0, 1, 'auto'],
    ['greyAlpha', 4, 2, 'auto'],
  ] as const;
  for (const [kind, colorType, bpp, alpha] of kinds) {
    it.each([1, 3, 5, 16, 17, 33, 67])(
      `${kind}, %i px wide: libpng's filter on every row, and decodes to the input exactly`,
      async (width) => {
        // Tall enough for over 256 colours, so no picture is written as a palette.
        const height = Math.max(24, Math.ceil(600 / width));
        const picture = mixedPicture(width, height, kind, width * 31 + colorType);
        const png = await encodePng(picture, { alpha });
        expect(png[25]).toBe(colorType);
        const { types, rows } = filtersOf(png, width, height, bpp);
        let prev: Uint8Array = new Uint8Array(width * bpp);
        types.forEach((type, y) => {
          expect(type, `row ${y}`).toBe(referenceFilter(rows[y] as Uint8Array, prev, bpp));
          prev = rows[y] as Uint8Array;
        });
        // More than one filter wins across these rows, so each path of the kernel is exercised.
        if (width >= 16) expect(new Set(types).size).toBeGreaterThan(1);
        const expected =
          alpha === 'drop' ? { ...picture, data: picture.data.map((v, i) => (i % 4 === 3 ? 255 : v)) } : picture;
        const decoded = asRgba(await decodePng(png, inspectImage(png)));
        expect(Buffer.from(decoded.data).equals(Buffer.from(expected.data))).toBe(true);
        expect(Buffer.from((await rawOf(png)).data).equals(Buffer.from(expected.data))).toBe(true);
      },
    );
  }
});

it("reverses every PNG filter at every pixel width as the PNG specification's scalar definition does", () => {
  const next = noise(11);
  for (const bpp of [1, 2, 3, 4, 6, 8]) {
    for (const n of [bpp, bpp * 5, bpp * 67]) {
      const prev = new Uint8Array(n).map(() => next());
      for (const filter of [0, 1, 2, 3, 4]) {
        const filtered = new Uint8Array(n).map(() => next());
        // The definition, byte by byte (as filtersOf reverses a whole file).
        const expected = Uint8Array.from(filtered);
        for (let i = 0; i < n; i++) {
          const a = i >= bpp ? (expected[i - bpp] ?? 0) : 0;
          const b = prev[i] ?? 0;
          const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
          expected[i] = ((expected[i] ?? 0) + ([0, a, b, (a + b) >> 1, paeth(a, b, c)][filter] ?? 0)) & 255;
        }
        const { kernels, at, buffer } = withBuffers({ row: n + 16, above: n + 16 });
        const bytes = new Uint8Array(buffer);
        // Slack past each row that must stay as it was.
        bytes.fill(0xa5, at.row, at.row + n + 16).set(filtered, at.row);
        bytes.set(prev, at.above);
        expect(kernels.unfilterRow(at.row, at.above, n, bpp, filter)).toBe(1);
        const label = `filter ${filter}, ${bpp} bytes a pixel, ${n} bytes`;
        expect([...bytes.subarray(at.row, at.row + n)], label).toEqual([...expected]);
        expect([...bytes.subarray(at.row + n, at.row + n + 16)], label).toEqual(new Array(16).fill(0xa5));
      }
    }
  }
  const { kernels, at } = withBuffers({ row: 32, above: 32 });
  expect(kernels.unfilterRow(at.row, at.above, 16, 4, 5)).toBe(0);
});

it('reverses two Sub, Average or Paeth rows at once exactly as one at a time, leaving the slack after each as it was', () => {
  const next = noise(23);
  for (const [f0, f1] of [1, 3, 4].flatMap((f) => [1, 3, 4].map((g) => [f, g] as const))) {
    for (const bpp of [1, 2, 3, 4, 6, 8]) {
      for (const n of [bpp, bpp * 2, bpp * 5, bpp * 67]) {
        const prev = new Uint8Array(n).map(() => next());
        const rows = [new Uint8Array(n).map(() => next()), new Uint8Array(n).map(() => next())] as const;
        const { kernels, at, buffer } = withBuffers({
          above: n + 16,
          first: n + 16,
          second: n + 16,
          one: n + 16,
          two: n + 16,
        });
        const bytes = new Uint8Array(buffer);
        bytes.set(prev, at.above);
        for (const [row, into] of [
          [rows[0], [at.first, at.one]],
          [rows[1], [at.second, at.two]],
        ] as const)
          for (const place of into) bytes.fill(0xa5, place, place + n + 16).set(row, place);
        expect(kernels.unfilterRowPair(at.first, at.second, at.above, n, bpp, f0, f1)).toBe(1);
        kernels.unfilterRow(at.one, at.above, n, bpp, f0);
        kernels.unfilterRow(at.two, at.one, n, bpp, f1);
        const label = `filters ${f0} and ${f1}, ${bpp} bytes a pixel, ${n} bytes`;
        expect([...bytes.subarray(at.first, at.first + n + 16)], label).toEqual([
          ...bytes.subarray(at.one, at.one + n + 16),
        ]);
        expect([...bytes.subarray(at.second, at.second + n + 16)], label).toEqual([
          ...bytes.subarray(at.two, at.two + n + 16),
        ]);
        expect(
          bytes.subarray(at.second + n, at.second + n + 16).every((v) => v === 0xa5),
          label,
        ).toBe(true);
      }
    }
  }
  const { kernels, at } = withBuffers({ first: 32, second: 32, above: 32 });
  for (const [f0, f1] of [
    [0, 4],
    [2, 4],
    [4, 2],
    [4, 5],
  ])
    expect(kernels.unfilterRowPair(at.first, at.second, at.above, 16, 4, f0!, f1!)).toBe(0);
});

it('streams a large picture in strips, one IDAT each, into one valid zlib stream (wide rows, long Adler-32 runs)', async () => {
  const picture = mixedPicture(2000, 600, 'rgba', 5);
  for (const effort of ['fast', 'small'] as const) {
    const png = await encodePng(picture, { alpha: 'keep', effort });
    let idats = 0;
    for (let at = 8; at < png.length; at += 12 + new DataView(png.buffer, png.byteOffset).getUint32(at))
      if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT') idats++;
    expect(idats).toBeGreaterThanOrEqual(4); // 4.8 MB of rows in strips of about 1 MB
    expect(Buffer.from((await rawOf(png)).data).equals(Buffer.from(picture.data))).toBe(true);
    expect(Buffer.from(asRgba(await decodePng(png, inspectImage(png))).data).equals(Buffer.from(picture.data))).toBe(
      true,
    );
  }
});

describe('resampling kernels', () => {
  it('gives back the picture unchanged at scale 1 (opaque exactly, translucent within rounding)', () => {
    const next = noise(7);
    for (const [width, height] of [
      [1, 1],
      [5, 3],
      [37, 21],
    ] as const) {
      const data = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : next()));
      const opaque: Picture = { width, height, channels: 4, data };
      const same = resampleCrop({ source: opaque, orientation: 1, crop: { x: 0, y: 0, width, height }, width, height });
      expect(Buffer.from(same.data).equals(Buffer.from(data))).toBe(true);
      // The same pixels as RGB (the fixed-point path) and as RGBA known opaque (its four-channel form).
      const rgb = data.filter((_, i) => i % 4 !== 3);
      const whole = { orientation: 1, crop: { x: 0, y: 0, width, height }, width, height };
      const fromRgb = resampleCrop({ source: { width, height, channels: 3, data: rgb }, ...whole });
      expect(Buffer.from(fromRgb.data).equals(Buffer.from(data))).toBe(true);
      const known = resampleCrop({ source: { ...opaque, opaque: true }, ...whole });
      expect(Buffer.from(known.data).equals(Buffer.from(data))).toBe(true);

      const translucent: Picture = { ...opaque, data: data.map((v, i) => (i % 4 === 3 ? 64 + (next() % 192) : v)) };
      const back = resampleCrop({
        source: translucent,
        orientation: 1,
        crop: { x: 0, y: 0, width, height },
        width,
        height,
      });
      let worst = 0;
      for (let i = 0; i < back.data.length; i++)
        worst = Math.max(worst, Math.abs((back.data[i] ?? 0) - (translucent.data[i] ?? 0)));
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  // An RGB picture takes the fixed-point path (16-bit samples, vertical pass first), RGBA not known
  // opaque the floating-point one: the same pixels come out within a level of each other, inside
  // the picture and where the crop reaches outside it (alpha then the share of the picture).
  it.each([
    ['reaching outside, turned', { x: 3.5, y: -2, width: 20, height: 18 }, 6, 11, 9, false],
    ['inside, enlarged', { x: 1.25, y: 2, width: 21, height: 11 }, 1, 31, 13, true],
    ['inside, reduced by a box first', { x: 0, y: 0, width: 29, height: 17 }, 1, 7, 5, true],
    ['inside, reduced by lanczos alone (23 taps)', { x: 0, y: 0, width: 29, height: 17 }, 1, 8, 5, true],
    ['inside, turned', { x: 2, y: 3, width: 14, height: 23 }, 6, 13, 21, true],
    ['reaching outside, reduced by a box first', { x: -4, y: 1, width: 33, height: 15 }, 1, 5, 3, false],
    ['inside, reduced by a box of 2', { x: 0, y: 0, width: 29, height: 17 }, 1, 6, 4, true],
    ['inside, reduced by a box of 3', { x: 0, y: 0, width: 29, height: 17 }, 1, 4, 2, true],
    ['inside, reduced by a box of 4', { x: 0, y: 0, width: 29, height: 17 }, 1, 3, 2, true],
  ] as const)(
    'reads 3-byte RGB pictures (JPEG) like the same pixels as RGBA: %s',
    (_, crop, orientation, w, h, inside) => {
      const next = noise(11);
      const rgb = new Uint8ClampedArray(29 * 17 * 3).map(() => next());
      const rgba = new Uint8ClampedArray(29 * 17 * 4).map((_, i) =>
        i % 4 === 3 ? 255 : (rgb[Math.floor(i / 4) * 3 + (i % 4)] ?? 0),
      );
      const size = { orientation, crop, width: w, height: h };
      const a = resampleCrop({ source: { width: 29, height: 17, channels: 3, data: rgb }, ...size });
      const b = resampleCrop({ source: { width: 29, height: 17, channels: 4, data: rgba }, ...size });
      let worst = 0;
      for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
      expect(worst).toBeLessThanOrEqual(1);
      // Asked `precise` (the detectors' copy), RGB takes the floating-point path: RGBA's values exactly.
      const precise = resampleCrop({
        source: { width: 29, height: 17, channels: 3, data: rgb },
        ...size,
        precise: true,
      });
      expect(Buffer.from(precise.data).equals(Buffer.from(b.data))).toBe(true);
      // What the resampler knows of the output's opacity, so nothing scans it again.
      expect(a.opaque).toBe(inside);
      expect(a.data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(inside);
    },
  );

  it.each([
    ['reduced by a box of 2 (two boxes a four-pixel load)', 12, 5],
    ['reduced by a box of 3 (groups across the four-pixel loads)', 9, 5],
    ['reduced by a box of 4 (one box a four-pixel load)', 7, 2],
    ['reduced by lanczos alone', 40, 17],
    ['turned', 20, 31],
  ] as const)(
    'reads an RGBA picture known opaque (a preview made from an output) like one not known so: %s',
    (name, w, h) => {
      const next = noise(23);
      const data = new Uint8ClampedArray(61 * 23 * 4).map((_, i) => (i % 4 === 3 ? 255 : next()));
      const size = {
        orientation: name === 'turned' ? 6 : 1,
        crop: { x: 0, y: 0, width: 61, height: 23 },
        width: w,
        height: h,
      };
      if (name === 'turned') size.crop = { x: 0, y: 0, width: 23, height: 61 };
      const known = resampleCrop({ source: { width: 61, height: 23, channels: 4, data, opaque: true }, ...size });
      const scanned = resampleCrop({ source: { width: 61, height: 23, channels: 4, data }, ...size });
      let worst = 0;
      for (let i = 0; i < known.data.length; i++)
        worst = Math.max(worst, Math.abs((known.data[i] ?? 0) - (scanned.data[i] ?? 0)));
      expect(worst).toBeLessThanOrEqual(1);
      expect(known.opaque).toBe(true);
    },
  );

  it('handles pictures smaller than the filter: one pixel up to 7×3, 3×2 down to 1×1', () => {
    const dot: Picture = { width: 1, height: 1, channels: 4, data: Uint8ClampedArray.from([200, 100, 50, 255]) };
    const up = resampleCrop({
      source: dot,
      orientation: 1,
      crop: { x: 0, y: 0, width: 1, height: 1 },
      width: 7,
      height: 3,
    });
    for (let i = 0; i < up.data.length; i += 4) expect([...up.data.subarray(i, i + 4)]).toEqual([200, 100, 50, 255]);
    const tiny: Picture = {
      width: 3,
      height: 2,
      channels: 4,
      data: new Uint8ClampedArray(24).fill(120).map((v, i) => (i % 4 === 3 ? 255 : v)),
    };
    const down = resampleCrop({
      source: tiny,
      orientation: 1,
      crop: { x: 0, y: 0, width: 3, height: 2 },
      width: 1,
      height: 1,
    });
    expect([...down.data]).toEqual([120, 120, 120, 255]);
  });

  it("keeps its memory to a few megabytes whatever the crop's shape (each axis pre-shrinks on its own)", () => {
    const photo = syntheticPhoto(600, 600);
    // A whole picture squeezed into a 3200×2 strip: 300 source rows per output row. With one
    // pre-shrink factor for both axes this would hold 600 filtered rows of 3200 pixels (30 MB).
    const strip = resampleCrop({
      source: photo,
      orientation: 1,
      crop: { x: 0, y: 0, width: 600, height: 600 },
      width: 3200,
      height: 2,
    });
    expect(kernelMemoryBytes()).toBeLessThan(4 * 1024 * 1024);
    // Each output row is the average of its half of the picture: the top half's mean red, for one.
    let red = 0;
    for (let y = 0; y < 300; y++) for (let x = 0; x < 600; x++) red += photo.data[(y * 600 + x) * 4] ?? 0;
    const topLeft = Math.round(red / (300 * 600));
    let stripRed = 0;
    for (let x = 0; x < 3200; x++) stripRed += strip.data[x * 4] ?? 0;
    expect(Math.abs(stripRed / 3200 - topLeft)).toBeLessThan(8);
  });
});

describe("the JPEG decoder's kernels", () => {
  // A block as a JPEG holds it: the forward DCT of pixels (random, smooth or sharp-edged), quantised.
  const QUANT = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
    87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
  ].map((q, i) => (i % 3 === 0 ? 1 : Math.ceil(q / 4))); // fine steps, so large and small coefficients both occur
  const C = (k: number) => (k === 0 ? Math.SQRT1_2 : 1);
  function quantisedBlock(next: () => number, kind: number): Int16Array {
    const pixel = (x: number, y: number) =>
      kind === 0 ? next() : kind === 1 ? 40 + x * 20 + y * 9 : x + y < 7 ? 16 : kind === 2 ? 240 : next();
    const coef = new Int16Array(64);
    for (let v = 0; v < 8; v++) {
      for (let u = 0; u < 8; u++) {
        let sum = 0;
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++)
            sum +=
              (pixel(x, y) - 128) *
              Math.cos(((2 * x + 1) * u * Math.PI) / 16) *
              Math.cos(((2 * y + 1) * v * Math.PI) / 16);
        coef[v * 8 + u] = Math.round((C(u) * C(v) * sum) / 4 / (QUANT[v * 8 + u] as number));
      }
    }
    return coef;
  }
  /**
   * The exact 8×8 inverse DCT, averaged over each m × m group of pixels (m = 8 / n) for a reduced
   * decode (libjpeg's reduced transforms compute those averages directly), then rounded and clamped.
   */
  function inverse(coef: Int16Array, n: number): number[] {
    const m = 8 / n;
    const sums = new Array<number>(n * n).fill(0);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        let sum = 0;
        for (let v = 0; v < 8; v++)
          for (let u = 0; u < 8; u++)
            sum +=
              C(u) *
              C(v) *
              (coef[v * 8 + u] as number) *
              (QUANT[v * 8 + u] as number) *
              Math.cos(((2 * x + 1) * u * Math.PI) / 16) *
              Math.cos(((2 * y + 1) * v * Math.PI) / 16);
        const at = Math.floor(y / m) * n + Math.floor(x / m);
        sums[at] = (sums[at] as number) + sum / 4 + 128;
      }
    }
    return sums.map((s) => Math.min(255, Math.max(0, Math.round(s / (m * m)))));
  }

  it.each([8, 4, 2] as const)('inverse-transforms blocks to %i samples a side within 1 of the exact transform', (n) => {
    const next = noise(n);
    const blocks = Array.from({ length: 37 }, (_, i) => quantisedBlock(next, i % 4)); // not a multiple of 4
    const stride = blocks.length * n + 5;
    const { kernels, at, buffer } = withBuffers({ coef: 64 * 2 * blocks.length, quant: 64 * 4, out: stride * n });
    blocks.forEach((b, i) => new Int16Array(buffer, at.coef + i * 128, 64).set(b));
    new Int32Array(buffer, at.quant, 64).set(QUANT);
    const transform = n === 8 ? kernels.idct8 : n === 4 ? kernels.idct4 : kernels.idct2;
    transform(at.coef, 128, blocks.length, at.quant, at.out, stride);
    const out = new Uint8Array(buffer, at.out, stride * n);
    let worst = 0;
    blocks.forEach((b, i) => {
      const exact = inverse(b, n);
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++)
          worst = Math.max(worst, Math.abs((out[y * stride + i * n + x] as number) - (exact[y * n + x] as number)));
    });
    expect(worst).toBeLessThanOrEqual(1);
  });

  it("inverse-transforms a block of only its DC coefficient to libjpeg's one value, for every DC an 8-bit picture has", () => {
    // Dequantised, an 8-bit picture's DC is within ±1024 and its quantiser's rounding; -2048 to 2047 quantised.
    const dcs = Array.from({ length: 1366 }, (_, i) => -2048 + i * 3);
    const quants = [1, 2, 16, 99, 255];
    const count = dcs.length * quants.length;
    const { kernels, at, buffer } = withBuffers({ coef: 128 * count, quant: 64 * 4 * count, out: 8 * 8 * count });
    const coef = new Int16Array(buffer, at.coef, 64 * count).fill(0);
    const quant = new Int32Array(buffer, at.quant, 64 * count);
    const expected: number[] = [];
    quants.forEach((q, j) =>
      dcs.forEach((dc, i) => {
        const b = j * dcs.length + i;
        coef[b * 64] = dc;
        // libjpeg's DC-only shortcut (jidctint.c): the column's DC << PASS1_BITS, descaled by PASS1_BITS + 3.
        expected[b] = Math.min(255, Math.max(0, ((dc * q * 4 + 16) >> 5) + 128));
      }),
    );
    // One table for all but a quantiser each time: a call per block, each its own table.
    const out = new Uint8Array(buffer, at.out, 64 * count);
    for (let b = 0; b < count; b++) {
      quant.fill(quants[Math.floor(b / dcs.length)] as number, b * 64, b * 64 + 64);
      kernels.idct8(at.coef + b * 128, 128, 1, at.quant + b * 256, at.out + b * 64, 8);
    }
    const possible = (b: number) =>
      Math.abs((dcs[b % dcs.length] as number) * (quants[Math.floor(b / dcs.length)] as number)) <= 1024 + 255;
    const checked = Array.from({ length: count }, (_, b) => b).filter(possible);
    expect(checked.length).toBeGreaterThan(1000);
    const wrong = checked.filter((b) => out.subarray(b * 64, b * 64 + 64).some((v) => v !== expected[b]));
    expect(wrong).toEqual([]);
    // A block with one AC coefficient, wherever it is, is not one value: within 1 of the exact transform.
    new Int32Array(buffer, at.quant, 64).set(QUANT);
    for (let k = 1; k < 64; k++) {
      const block = new Int16Array(64);
      block[0] = 12;
      block[k] = k % 2 ? 3 : -3;
      coef.set(block);
      kernels.idct8(at.coef, 128, 1, at.quant, at.out, 8);
      const exact = inverse(block, 8);
      expect(Math.max(...exact.map((v, i) => Math.abs(v - (out[i] as number)))), `AC at ${k}`).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    [4, 4],
    [2, 2],
  ] as const)(
    'inverse-transforms a block of only its DC coefficient to %i samples a side as the whole transform does (row %i, which it does not read, set)',
    (n, unread) => {
      const next = noise(n + 20);
      const blocks = Array.from({ length: 64 }, (_, i) => {
        const dc = i < 8 ? [-32768, 32767, -2048, 2047, -1, 0, 1, 1000][i]! : ((next() << 8) | next()) - 32768;
        const only = new Int16Array(64);
        only[0] = dc;
        const withUnread = only.slice();
        withUnread[unread * 8] = 1 + next(); // read by neither pass: the whole transform runs, the same samples due
        return [only, withUnread] as const;
      });
      const { kernels, at, buffer } = withBuffers({
        coef: 128 * 2 * blocks.length,
        quant: 64 * 4,
        out: n * n * 2 * blocks.length,
      });
      blocks.flat().forEach((b, i) => new Int16Array(buffer, at.coef + i * 128, 64).set(b));
      new Int32Array(buffer, at.quant, 64).set(QUANT);
      const stride = n * 2 * blocks.length;
      (n === 4 ? kernels.idct4 : kernels.idct2)(at.coef, 128, 2 * blocks.length, at.quant, at.out, stride);
      const out = new Uint8Array(buffer, at.out, stride * n);
      const samples = (i: number) =>
        Array.from({ length: n * n }, (_, k) => out[Math.floor(k / n) * stride + i * n + (k % n)]);
      const differing = blocks.filter((_, i) => samples(2 * i).some((v, k) => v !== samples(2 * i + 1)[k]));
      expect(differing.length).toBe(0);
      expect(new Set(samples(0)).size).toBe(1);
    },
  );

  /** libjpeg 9's jpeg_idct_4x4 (jidctint.c) of a block's 4×4 lowest coefficients, row by row, in plain integers. */
  function libjpegIdct4x4(low: Int16Array, quant: readonly number[]): number[] {
    const ws = new Int32Array(16);
    const clamp = (v: number) => Math.min(255, Math.max(0, v));
    for (let col = 0; col < 4; col++) {
      const [t0, z2, t2, z3] = [0, 1, 2, 3].map(
        (r) => (low[r * 4 + col] as number) * (quant[r * 8 + col] as number),
      ) as [number, number, number, number];
      const z1 = (z2 + z3) * 4433 + (1 << 10);
      const o0 = (z1 + z2 * 6270) >> 11;
      const o2 = (z1 - z3 * 15137) >> 11;
      ws[col] = (t0 + t2) * 4 + o0;
      ws[col + 4] = (t0 - t2) * 4 + o2;
      ws[col + 8] = (t0 - t2) * 4 - o2;
      ws[col + 12] = (t0 + t2) * 4 - o0;
    }
    return [0, 1, 2, 3].flatMap((row) => {
      const [w0, w1, w2, w3] = [0, 1, 2, 3].map((k) => ws[row * 4 + k] as number) as [number, number, number, number];
      const t0 = w0 + (128 << 5) + (1 << 4);
      const z1 = (w1 + w3) * 4433;
      const o0 = z1 + w1 * 6270;
      const o2 = z1 - w3 * 15137;
      return [(t0 + w2) * 8192 + o0, (t0 - w2) * 8192 + o2, (t0 - w2) * 8192 - o2, (t0 + w2) * 8192 - o0].map((v) =>
        clamp(v >> 18),
      );
    });
  }

  it("inverse-transforms a progressive file's band-limited blocks exactly as libjpeg 9's 4×4 transform", () => {
    const next = noise(11);
    // The 4×4 lowest coefficients of photo-like blocks and of extreme ones (every value, either sign).
    const blocks = Array.from({ length: 41 }, (_, i) => {
      const low = new Int16Array(20); // 16 coefficients and the decoder's 4 words of nonzero marks
      if (i < 30) {
        const full = quantisedBlock(next, i % 4);
        for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) low[r * 4 + c] = full[r * 8 + c] as number;
      } else for (let k = 0; k < 16; k++) low[k] = (next() * 257 - 32768) * (k % 2 ? 1 : -1);
      low.fill(-1, 16); // marks the transform must not read
      return low;
    });
    const stride = blocks.length * 4 + 3;
    const { kernels, at, buffer } = withBuffers({ coef: 40 * blocks.length, quant: 64 * 4, out: stride * 4 });
    blocks.forEach((b, i) => new Int16Array(buffer, at.coef + i * 40, 20).set(b));
    new Int32Array(buffer, at.quant, 64).set(QUANT);
    kernels.idctLow4(at.coef, 40, blocks.length, at.quant, at.out, stride);
    const out = new Uint8Array(buffer, at.out, stride * 4);
    const differ: string[] = [];
    blocks.forEach((b, i) => {
      const expected = libjpegIdct4x4(b, QUANT);
      for (let y = 0; y < 4; y++)
        for (let x = 0; x < 4; x++)
          if (out[y * stride + i * 4 + x] !== expected[y * 4 + x])
            differ.push(`block ${i} (${x}, ${y}): ${out[y * stride + i * 4 + x]} not ${expected[y * 4 + x]}`);
    });
    expect(differ).toEqual([]);
  });

  it("upsamples chroma subsampled 2:1 across, and both ways, as libjpeg's integer fancy filter does, from any column", () => {
    const next = noise(23);
    const n = 77; // chroma samples; the image row has 2n - 1 or 2n
    const { kernels, at, buffer } = withBuffers({ near: n + 16, far: n + 16, out: 2 * n + 32 });
    const near = new Uint8Array(buffer, at.near, n);
    const far = new Uint8Array(buffer, at.far, n);
    for (let k = 0; k < n; k++) [near[k], far[k]] = k < 8 ? [255, 0] : [next(), next()];
    const value = (row: Uint8Array, k: number) => row[Math.min(n - 1, Math.max(0, k))] as number;
    // jdsample.c: h2v1 (3 x[k] + x[k -+ 1] + 1 or 2) >> 2; h2v2 on column sums 3 near + far, + 8 or 7, >> 4.
    const expected = (x: number, both: boolean) => {
      const k = x >> 1;
      const side = x & 1 ? k + 1 : k - 1;
      if (!both) return (3 * value(near, k) + value(near, side) + 1 + (x & 1)) >> 2;
      const sum = (j: number) => 3 * value(near, j) + value(far, j);
      return (3 * sum(k) + sum(side) + 8 - (x & 1)) >> 4;
    };
    const differ: string[] = [];
    for (const both of [false, true])
      for (const [x0, count] of [
        [0, 2 * n],
        [1, 2 * n - 1],
        [3, 40],
        [16, 17],
        [2 * n - 5, 5],
        [5, 1],
      ] as const) {
        const out = new Uint8Array(buffer, at.out, count);
        kernels.fancyRow(at.near, both ? at.far : 0, n, x0, count, at.out);
        for (let i = 0; i < count; i++)
          if (out[i] !== expected(x0 + i, both)) differ.push(`${both ? 'h2v2' : 'h2v1'} x ${x0 + i}: ${out[i]}`);
      }
    expect(differ).toEqual([]);
  });

  it('converts YCbCr to RGB within 1 of the JFIF equations, samples and upsampled rows alike', () => {
    const n = 1021; // not a multiple of 4
    const next = noise(7);
    const { kernels, at, buffer } = withBuffers({
      y: n,
      cb: n,
      cr: n,
      fy: n * 4 + 16,
      fcb: n * 4 + 16,
      fcr: n * 4 + 16,
      rgb: n * 3 + 24,
      guard: 16,
    });
    const planes = [at.y, at.cb, at.cr].map((p) => new Uint8Array(buffer, p, n));
    for (const plane of planes) for (let x = 0; x < n; x++) plane[x] = x < 256 ? x : next();
    const guard = new Uint8Array(buffer, at.guard, 16).fill(77);
    const expected = (x: number) => {
      const [l, u, v] = planes.map((p) => (p[x] as number) - 0) as [number, number, number];
      return [l + 1.402 * (v - 128), l - 0.344136 * (u - 128) - 0.714136 * (v - 128), l + 1.772 * (u - 128)].map((c) =>
        Math.min(255, Math.max(0, Math.round(c))),
      );
    };
    const check = () => {
      const rgb = new Uint8Array(buffer, at.rgb, n * 3);
      let worst = 0;
      for (let x = 0; x < n; x++)
        expected(x).forEach((c, k) => (worst = Math.max(worst, Math.abs(c - (rgb[x * 3 + k] as number)))));
      return worst;
    };
    kernels.ycc(at.y, at.cb, at.cr, n, at.rgb);
    expect(check()).toBeLessThanOrEqual(1);
    kernels.widen(at.y, n, at.fy);
    kernels.widen(at.cb, n, at.fcb);
    kernels.widen(at.cr, n, at.fcr);
    expect(Array.from(new Float32Array(buffer, at.fcb, n))).toEqual(Array.from(planes[1] as Uint8Array));
    kernels.yccFloat(at.fy, at.fcb, at.fcr, n, at.rgb);
    expect(check()).toBeLessThanOrEqual(1);
    expect(Array.from(guard)).toEqual(new Array(16).fill(77)); // nothing written past the slack
  });

  it("converts YCbCr samples to RGB exactly as libjpeg's tables, for every Cb and Cr", () => {
    const n = 65536 + 5; // every pair, and not a multiple of 8
    const { kernels, at, buffer } = withBuffers({ y: n + 8, cb: n + 8, cr: n + 8, rgb: n * 3 + 24, guard: 16 });
    const [y, cb, cr] = [at.y, at.cb, at.cr].map((p) => new Uint8Array(buffer, p, n)) as [
      Uint8Array,
      Uint8Array,
      Uint8Array,
    ];
    for (let x = 0; x < n; x++) {
      cb[x] = x & 255;
      cr[x] = (x >> 8) & 255;
      y[x] = (x * 37 + (x >> 8) * 11) & 255; // dark and light samples beside every pair, so both clamps are met
    }
    const guard = new Uint8Array(buffer, at.guard, 16).fill(77);
    kernels.ycc(at.y, at.cb, at.cr, n, at.rgb);
    const rgb = new Uint8Array(buffer, at.rgb, n * 3);
    const clamp = (c: number) => Math.min(255, Math.max(0, c));
    const differ: string[] = [];
    for (let x = 0; x < n; x++) {
      const [l, u, v] = [y[x] as number, (cb[x] as number) - 128, (cr[x] as number) - 128];
      const expected = [
        clamp(l + Math.floor((91881 * v + 32768) / 65536)),
        clamp(l + Math.floor((-22553 * u - 46802 * v + 32768) / 65536)),
        clamp(l + Math.floor((116130 * u + 32768) / 65536)),
      ];
      if (expected.some((c, k) => c !== rgb[x * 3 + k])) differ.push(`${y[x]} ${cb[x]} ${cr[x]}`);
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(Array.from(guard)).toEqual(new Array(16).fill(77));
  });

  it('upsamples a row between two sample rows with the taps it is given', () => {
    const n = 30;
    const { kernels, at, buffer } = withBuffers({
      s0: 16,
      s1: 16,
      lo: (n + 4) * 4,
      hi: (n + 4) * 4,
      w: (n + 4) * 4,
      out: (n + 4) * 4,
    });
    const s0 = new Uint8Array(buffer, at.s0, 16);
    const s1 = new Uint8Array(buffer, at.s1, 16);
    for (let i = 0; i < 16; i++) {
      s0[i] = i * 16;
      s1[i] = 255 - i * 9;
    }
    const lo = new Int32Array(buffer, at.lo, n + 4).fill(0);
    const hi = new Int32Array(buffer, at.hi, n + 4).fill(0);
    const w = new Float32Array(buffer, at.w, n + 4).fill(0);
    for (let x = 0; x < n; x++) {
      lo[x] = x >> 1;
      hi[x] = Math.min(15, (x >> 1) + 1);
      w[x] = x % 2 ? 0.25 : 0.75;
    }
    kernels.upsample(at.s0, at.s1, 0.25, at.lo, at.hi, at.w, n, at.out);
    const out = new Float32Array(buffer, at.out, n);
    for (let x = 0; x < n; x++) {
      const row = (i: number) => (s0[i] as number) * 0.75 + (s1[i] as number) * 0.25;
      const a = row(lo[x] as number);
      expect(out[x]).toBeCloseTo(a + (row(hi[x] as number) - a) * (w[x] as number), 3);
    }
  });
});

/**
 * Of `count` copies of a JPEG, each with three bytes of its entropy-coded data (from the first
 * scan on) changed, those the marker reader still takes: damaged data either decoder gets.
 */
function damagedCopies(original: Uint8Array, seed: number, count: number): Uint8Array[] {
  const { start } = (readJpeg(original).segments.find((s) => s.kind === 'sos') as { scan: { start: number } }).scan;
  const next = noise(seed);
  return Array.from({ length: count }, () => {
    const bytes = original.slice();
    for (let k = 0; k < 3; k++) bytes[start + (((next() << 8) | next()) % (bytes.length - start - 2))] = next();
    return bytes;
  }).filter((bytes) => {
    try {
      readJpeg(bytes);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A JPEG's scans in file order, each with the restart interval and the Huffman tables in force at
 * it (as decode.ts reads them): `components(frame)` gives its components in a frame laid out for it.
 */
function eachScan(
  structure: JpegStructure,
  onScan: (scan: ScanHeader, components: (frame: Frame) => ScanComponent[], restartInterval: number) => void,
): void {
  const tables: Record<string, HuffmanTable> = {};
  let restartInterval = 0;
  for (const segment of structure.segments) {
    if (segment.kind === 'dht')
      for (const t of segment.tables) tables[`${t.dc}${t.slot}`] = buildHuffman(t.counts, t.symbols, !t.dc);
    else if (segment.kind === 'dri') restartInterval = segment.interval;
    else if (segment.kind === 'sos') {
      const { scan } = segment;
      const inForce = scan.components.map(({ id, dc, ac }) => ({
        id,
        dc: tables[`true${dc}`] ?? null,
        ac: tables[`false${ac}`] ?? null,
      }));
      const components = (frame: Frame) =>
        inForce.map(({ id, dc, ac }) => ({
          component: frame.components.find((x) => x.id === id) as Component,
          dc,
          ac,
        }));
      onScan(scan, components, restartInterval);
    }
  }
}

describe("the JPEG decoder's Huffman kernel", () => {
  /**
   * A streamed file's one scan decoded twice, by the kernels (baseline-scan.ts) and by the
   * JavaScript decoder (scan.ts): every band of every component's coefficients, from band
   * `keepFrom` on (the kernels only read past those above it).
   */
  function bothWays(bytes: Uint8Array, windowBytes?: number, keepFrom = 0) {
    const structure = readJpeg(bytes);
    expect(structure.buffered).toBe(false);
    const results: Array<{ kernels: Int16Array[]; js: Int16Array[] }> = [];
    eachScan(structure, (scan, componentsIn, restartInterval) => {
      if (results.length > 0) return; // the one scan
      const run = (streamed: boolean) => {
        const frame = layoutFrame(structure.frame, 1, false, streamed ? [WINDOW_BYTES] : []);
        const components = componentsIn(frame);
        const bands: Int16Array[] = [];
        const keepBand = (m: number) => {
          if (m >= keepFrom) for (const { component } of components) bands.push(component.band.slice());
          return true;
        };
        if (!streamed) {
          const read = scanReader(bytes, scan, frame, components, restartInterval, scan);
          for (let m = 0; m < frame.mcusDown; m++) {
            for (const { component } of components) component.band.fill(0);
            read(m);
            keepBand(m);
          }
        } else decodeBaselineScan(bytes, scan, frame, components, restartInterval, keepBand, { windowBytes, keepFrom });
        return bands;
      };
      results.push({ kernels: run(true), js: run(false) });
    });
    const [result] = results;
    if (result) return result;
    throw new Error('no scan');
  }
  // Through the whole window, and through one of 8 kB moved on every kilobyte or so (restarts,
  // damage and cuts then meet its moves).
  const expectSame = (bytes: Uint8Array, keepFrom = 0) => {
    for (const windowBytes of [undefined, 8192]) {
      const { kernels, js } = bothWays(bytes, windowBytes, keepFrom);
      expect(kernels.length).toBe(js.length);
      expect(kernels.length).toBeGreaterThan(0);
      const differing = kernels.filter((band, i) => band.some((v, k) => v !== (js[i] as Int16Array)[k])).length;
      expect(differing).toBe(0);
    }
  };

  it.each(['restart-420.jpg', 'restart-rows-444.jpg', 'sampling-411.jpg', 'sampling-440.jpg', 'rgb.jpg'])(
    'gives the same coefficients as the JavaScript decoder: %s',
    (file) => expectSame(new Uint8Array(readFileSync(join(import.meta.dirname, '../../test/fixtures/jpeg', file)))),
  );

  it.each(['restart-420.jpg', 'restart-rows-444.jpg', 'sampling-440.jpg', 'rgb.jpg'])(
    'gives the same coefficients below the bands it only reads past (a region lower down): %s',
    (file) => {
      const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../../test/fixtures/jpeg', file)));
      const { mcusDown } = layoutFrame(readJpeg(bytes).frame, 1, false);
      expect(mcusDown).toBeGreaterThan(3);
      for (const keepFrom of [1, 2, mcusDown >> 1, mcusDown - 1]) expectSame(bytes, keepFrom);
    },
  );

  it('gives the same coefficients for greyscale, and for a scan longer than its window into the file', async () => {
    const grey = await toSharp(syntheticPhoto(301, 203)).greyscale().toColourspace('b-w').jpeg().toBuffer();
    expectSame(new Uint8Array(grey));
    const next = noise(7);
    const picture = syntheticPhoto(1200, 900);
    for (let i = 0; i < picture.data.length; i += 4) picture.data[i] = next(); // noise: a long scan
    const large = new Uint8Array(await toSharp(picture).jpeg({ quality: 98, chromaSubsampling: '4:4:4' }).toBuffer());
    expect(large.length).toBeGreaterThan(3 * WINDOW_BYTES);
    expectSame(large);
  });

  it('gives the same coefficients for damaged data: bytes changed, and the scan cut short', () => {
    const original = new Uint8Array(
      readFileSync(join(import.meta.dirname, '../../test/fixtures/jpeg/restart-420.jpg')),
    );
    const { start } = (readJpeg(original).segments.find((s) => s.kind === 'sos') as { scan: { start: number } }).scan;
    const damaged = damagedCopies(original, 11, 40);
    for (const bytes of damaged) expectSame(bytes);
    const cut = new Uint8Array([...original.subarray(0, start + 200), 0xff, 0xd9]);
    expectSame(cut);
    expect(damaged.length).toBeGreaterThan(20);
  });
});

describe("the JPEG decoder's progressive AC kernels", () => {
  /**
   * Every band of a progressive file's coefficients at 1/scale (band-limited when reduced), each
   * band once every scan has read its part of it, as decode.ts reads them: with the AC scans in the
   * kernels (progressive-scan.ts), or all in JavaScript (scan.ts).
   */
  function bands(bytes: Uint8Array, scale: number, inKernels: boolean, windowBytes = SCAN_WINDOW_BYTES) {
    const structure = readJpeg(bytes);
    expect(structure.frame.progressive).toBe(true);
    const windows = inKernels ? acScanWindows(structure).map((w) => Math.min(w, windowBytes)) : [];
    const frame = layoutFrame(structure.frame, scale, scale > 1, windows);
    const slots = frame.workspace.entropy ? new TableSlots(frame.workspace.entropy.tables, false) : null;
    let acScans = 0;
    let kernelScans = 0;
    const readers: Array<(m: number) => void> = [];
    eachScan(structure, (scan, componentsIn, restartInterval) => {
      const components = componentsIn(frame);
      const kernel =
        slots && scan.ss > 0 && acScans < windows.length
          ? acScanReader(bytes, scan, frame, components[0] as ScanComponent, restartInterval, acScans++, slots)
          : null;
      if (kernel) kernelScans++;
      readers.push(kernel ?? scanReader(bytes, scan, frame, components, restartInterval, scan));
    });
    const out: Int16Array[] = [];
    for (let m = 0; m < frame.mcusDown; m++) {
      for (const c of frame.components) c.band.fill(0);
      for (const read of readers) read(m);
      for (const c of frame.components) out.push(c.band.slice());
    }
    return { out, kernelScans };
  }
  // Through windows of their whole size, and of 1.2 kB moved on every few hundred bytes (restarts,
  // damage and cuts then meet their moves).
  const expectSame = (bytes: Uint8Array, windowBytes?: number) => {
    for (const scale of [1, 2, 4, 8]) {
      const kernels = bands(bytes, scale, true, windowBytes);
      const js = bands(bytes, scale, false);
      expect(kernels.kernelScans).toBeGreaterThan(0);
      expect(js.kernelScans).toBe(0);
      expect(kernels.out.length).toBe(js.out.length);
      const differing = kernels.out.filter((band, i) => band.some((v, k) => v !== (js.out[i] as Int16Array)[k]));
      expect(differing.length, `1/${scale}`).toBe(0);
    }
  };
  const fixture = (file: string) =>
    new Uint8Array(readFileSync(join(import.meta.dirname, '../../test/fixtures/jpeg', file)));

  it.each(['grey-progressive.jpg', 'progressive-422-refine.jpg', 'progressive-restart.jpg'])(
    'gives the same coefficients as the JavaScript decoder, at every scale, through whole and small windows: %s',
    (file) => {
      const bytes = fixture(file);
      expectSame(bytes);
      const scans = readJpeg(bytes).segments.map((s) =>
        s.kind === 'sos' && s.scan.ss > 0 ? s.scan.end - s.scan.start : 0,
      );
      expect(Math.max(...scans)).toBeGreaterThan(1200);
      expectSame(bytes, 1200);
    },
  );

  it('gives the same coefficients for scans longer than their windows into the file', async () => {
    const next = noise(5);
    const picture = syntheticPhoto(1000, 700);
    for (let i = 0; i < picture.data.length; i += 4) picture.data[i + 1] = next(); // noise: long scans
    const bytes = new Uint8Array(
      await toSharp(picture).jpeg({ quality: 97, progressive: true, chromaSubsampling: '4:2:0' }).toBuffer(),
    );
    const longest = Math.max(
      ...readJpeg(bytes).segments.map((s) => (s.kind === 'sos' && s.scan.ss > 0 ? s.scan.end - s.scan.start : 0)),
    );
    expect(longest).toBeGreaterThan(3 * SCAN_WINDOW_BYTES);
    expectSame(bytes);
  });

  it('gives the same coefficients for damaged data: bytes changed, and the scans cut short', () => {
    const original = fixture('progressive-restart.jpg');
    const damaged = damagedCopies(original, 13, 30).filter((bytes) =>
      readJpeg(bytes).segments.some((s) => s.kind === 'sos' && s.scan.ss > 0),
    );
    for (const bytes of damaged) expectSame(bytes);
    expect(damaged.length).toBeGreaterThan(10);
    const sos = readJpeg(original).segments.filter((s) => s.kind === 'sos');
    const acScan = sos.find((s) => s.scan.ss > 0 && s.scan.ah > 0) ?? sos[sos.length - 1];
    const { start: from, end } = (acScan as { scan: { start: number; end: number } }).scan;
    const cut = new Uint8Array([...original.subarray(0, from + ((end - from) >> 1)), 0xff, 0xd9]);
    expectSame(cut);
  });
});
