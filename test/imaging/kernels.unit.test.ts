/**
 * The WebAssembly kernels against plain scalar references: every PNG row's filter is the one
 * libpng's heuristic picks and the file decodes to exactly the input, for each colour type and
 * for widths that do and do not fill whole 16-byte vectors; the resampler is exact where it
 * should be and handles pictures narrower than its filter.
 */
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, inspectImage, resampleCrop, type Picture, type Raster } from '../../worker/imaging';
import { crc32, finishCrc } from '../../worker/imaging/png/chunks';
import { kernelMemoryBytes } from '../../worker/imaging/simd/kernels';
import { rawOf, syntheticPhoto } from './images';

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
        expect(Buffer.from((await decodePng(png, inspectImage(png))).data).equals(Buffer.from(expected.data))).toBe(
          true,
        );
        expect(Buffer.from((await rawOf(png)).data).equals(Buffer.from(expected.data))).toBe(true);
      },
    );
  }
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
    expect(Buffer.from((await decodePng(png, inspectImage(png))).data).equals(Buffer.from(picture.data))).toBe(true);
  }
});

it('computes chunk CRCs (slicing by 8) exactly as zlib does, in one go or continued', () => {
  const next = noise(3);
  for (const n of [0, 1, 7, 8, 9, 63, 64, 65, 4099]) {
    const data = new Uint8Array(n).map(() => next());
    expect(finishCrc(crc32(data)), `${n} bytes`).toBe(zlibCrc32(data));
    const half = n >> 1;
    expect(finishCrc(crc32(data.subarray(half), crc32(data.subarray(0, half))))).toBe(zlibCrc32(data));
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

  it('reads 3-byte RGB pictures (JPEG) like the same pixels as RGBA', () => {
    const next = noise(11);
    const rgb = new Uint8ClampedArray(29 * 17 * 3).map(() => next());
    const rgba = new Uint8ClampedArray(29 * 17 * 4).map((_, i) =>
      i % 4 === 3 ? 255 : (rgb[Math.floor(i / 4) * 3 + (i % 4)] ?? 0),
    );
    const crop = { x: 3.5, y: -2, width: 20, height: 18 };
    const a = resampleCrop({
      source: { width: 29, height: 17, channels: 3, data: rgb },
      orientation: 6,
      crop,
      width: 11,
      height: 9,
    });
    const b = resampleCrop({
      source: { width: 29, height: 17, channels: 4, data: rgba },
      orientation: 6,
      crop,
      width: 11,
      height: 9,
    });
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });

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
