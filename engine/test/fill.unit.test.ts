/**
 * Fills: what goes where a crop leaves the picture. Rendered through the engine and decoded by sharp.
 */
import { describe, expect, it } from 'vitest';
import { edgeColour, type Fill } from '../../shared/fill';
import { codecs, renderFormat, resampleCrop, type CropRect, type Picture, type Raster } from '..';
import { blendFill } from '../pixels/fill';
import { pixel, rawOf, syntheticPhoto } from './images';

const photo = { ...syntheticPhoto(600, 400), channels: 4 as const };
/** Zoomed out: the picture covers the middle 400 of 800 output columns (a 1200-wide crop of a 600-wide picture). */
const crop = { x: -300, y: 0, width: 1200, height: 400 };
const target = { width: 800, height: 266, opaque: false, types: ['png', 'jpeg'] as const, maxBytes: null };

async function render(fill: Fill, opaque = false, picture: Picture = photo, at: CropRect = crop, size = target) {
  const { file } = await renderFormat(
    picture,
    1,
    at,
    { ...size, opaque },
    {
      fill,
      output: { type: 'png', quality: 82 },
      encoders: codecs,
    },
  );
  return rawOf(file.bytes);
}

describe('fills', () => {
  it('leaves the outside transparent, or white where the platform refuses transparency', async () => {
    const clear = await render({ kind: 'transparent' });
    expect(pixel(clear, 20, 130)[3]).toBe(0);
    expect(pixel(clear, 400, 130)[3]).toBe(255);
    const opaque = await render({ kind: 'transparent' }, true);
    expect(pixel(opaque, 20, 130)).toEqual([255, 255, 255, 255]);
  });

  it('puts a solid colour exactly outside, past a short fade from the picture, and leaves the picture as it was inside', async () => {
    const filled = await render({ kind: 'color', color: '#123456' });
    const clear = await render({ kind: 'transparent' });
    // The picture covers columns 200..599; its continuation fades out within a tenth of the short side (27 px).
    for (const x of [0, 100, 170, 630, 799]) expect(pixel(filled, x, 130)).toEqual([0x12, 0x34, 0x56, 255]);
    expect(pixel(filled, 195, 130)).not.toEqual([0x12, 0x34, 0x56, 255]);
    for (const x of [205, 400, 594]) expect(pixel(filled, x, 130)).toEqual(pixel(clear, x, 130));
  });

  it.each([{ kind: 'blur' }, { kind: 'color', color: '#123456' }] as Fill[])(
    'never fades the picture’s own pixels into the $kind backdrop: every pixel it covers, up to its edge, is its own',
    async (fill) => {
      const filled = await render(fill);
      const clear = await render({ kind: 'transparent' });
      // The picture covers columns 200..599 exactly.
      for (let y = 0; y < 266; y += 5)
        for (const x of [200, 201, 202, 203, 210, 400, 590, 596, 597, 598, 599])
          expect(pixel(filled, x, y), `${x},${y}`).toEqual(pixel(clear, x, y));
    },
  );

  it('keeps a cut-out’s own transparency under a colour, and gives its clear edges no smudge', async () => {
    // A red disc (radius 100) on a clear 400 × 400 canvas, in the middle of an 800 × 400 output.
    const cutOut: Picture = { width: 400, height: 400, channels: 4, data: new Uint8ClampedArray(400 * 400 * 4) };
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 400; x++)
        if ((x - 200) ** 2 + (y - 200) ** 2 <= 100 ** 2) cutOut.data.set([220, 30, 30, 255], (y * 400 + x) * 4);
    const out = await render(
      { kind: 'color', color: '#123456' },
      false,
      cutOut,
      { x: -200, y: 0, width: 800, height: 400 },
      { ...target, width: 800, height: 400 },
    );
    expect(pixel(out, 210, 20)[3]).toBe(0);
    expect(pixel(out, 400, 200)).toEqual([220, 30, 30, 255]);
    for (const x of [0, 150, 195, 605, 799]) expect(pixel(out, x, 20)).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it('extends the picture: opaque, varied, and close to the picture at the seam', async () => {
    const blurred = await render({ kind: 'blur' });
    const outside = [0, 60, 120, 180].map((x) => pixel(blurred, x, 130));
    for (const p of outside) expect(p[3]).toBe(255);
    expect(new Set(outside.map((p) => p.slice(0, 3).join())).size).toBeGreaterThan(1);
    // Across the seam (column 199 | 200) the step is no larger than the picture's own steps nearby.
    const step = (x: number) =>
      pixel(blurred, x, 130)
        .slice(0, 3)
        .reduce((sum, v, c) => sum + Math.abs(v - (pixel(blurred, x + 1, 130)[c] as number)), 0);
    const ownSteps = [210, 300, 400, 500, 590].map(step);
    expect(step(199)).toBeLessThanOrEqual(Math.max(...ownSteps) + 6);
    expect(step(599)).toBeLessThanOrEqual(Math.max(...ownSteps) + 6);
  });

  describe('next to a dark line and a dark block on the picture’s edges', () => {
    // The photo (600 × 400) with a 3 px dark line from its left and right edges at rows 200..202
    // and a dark block on its top edge (columns 250..329, rows 0..39).
    const lined: Picture = { ...syntheticPhoto(600, 400), channels: 4 };
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 600; x++)
        if ((y >= 200 && y < 203 && (x < 150 || x >= 450)) || (y < 40 && x >= 250 && x < 330))
          lined.data.set([10, 10, 10, 255], (y * 600 + x) * 4);
    const luma = (r: Raster, x: number, y: number) => {
      const [red, green, blue] = pixel(r, x, y);
      return 0.299 * red + 0.587 * green + 0.114 * blue;
    };
    /**
     * Wider: the picture at columns 300..899 of 1200. Taller: at rows 200..599 of 800. The blurred
     * backdrop is what 'blur' paints where the picture cannot be extended (blendFill); the
     * extension continues what the picture shows, as the picture would (extension.unit.test.ts).
     */
    const filled = async (fill: Fill, crop: CropRect, size: { width: number; height: number }) => {
      if (fill.kind !== 'blur') return render(fill, false, lined, crop, { ...target, ...size });
      const output = resampleCrop({ source: lined, orientation: 1, crop, ...size });
      blendFill(output, fill, lined, 1, crop);
      return output;
    };
    const wider = (fill: Fill) =>
      filled(fill, { x: -300, y: 0, width: 1200, height: 400 }, { width: 1200, height: 400 });
    const taller = (fill: Fill) =>
      filled(fill, { x: 0, y: -200, width: 600, height: 800 }, { width: 600, height: 800 });
    /**
     * Streakiness of a band of backdrop: the mean luminance step across the direction a streak
     * would run, over the mean step along it. Edge pixels repeated outward made it 1.5 to 2.5.
     */
    const streakiness = (r: Raster, band: { x0: number; x1: number; y0: number; y1: number }, runs: 'x' | 'y') => {
      let across = 0;
      let along = 0;
      for (let y = band.y0; y < band.y1; y++)
        for (let x = band.x0; x < band.x1; x++) {
          const stepX = Math.abs(luma(r, x + 1, y) - luma(r, x, y));
          const stepY = Math.abs(luma(r, x, y + 1) - luma(r, x, y));
          across += runs === 'x' ? stepY : stepX;
          along += runs === 'x' ? stepX : stepY;
        }
      return across / Math.max(along, 1e-9);
    };

    it.each([{ kind: 'blur' }, { kind: 'color', color: '#808080' }] as Fill[])(
      'does not run them on into the $kind backdrop (blur: the blurred backdrop)',
      async (fill) => {
        const wide = await wider(fill);
        for (let x = 0; x < 300; x += 10)
          for (const side of [x, 1199 - x]) {
            const line = (luma(wide, side, 200) + luma(wide, side, 201) + luma(wide, side, 202)) / 3;
            const beside = (luma(wide, side, 185) + luma(wide, side, 217)) / 2;
            expect(Math.abs(line - beside), `column ${side}`).toBeLessThanOrEqual(3);
          }
        const tall = await taller(fill);
        // Above the block (columns 250..329) the backdrop may darken softly, as the picture does
        // around it, but not as a column the block's colour.
        for (let y = 0; y < 200; y += 10) {
          const beside = (luma(tall, 230, y) + luma(tall, 350, y)) / 2;
          expect(Math.abs(luma(tall, 290, y) - beside), `row ${y}`).toBeLessThanOrEqual(15);
        }
      },
    );

    it.each([{ kind: 'blur' }, { kind: 'color', color: '#808080' }] as Fill[])(
      'shows no streaks in the $kind backdrop next to the picture (blur: the blurred backdrop)',
      async (fill) => {
        const wide = await wider(fill);
        expect(streakiness(wide, { x0: 240, x1: 298, y0: 0, y1: 399 }, 'x')).toBeLessThan(0.8);
        expect(streakiness(wide, { x0: 901, x1: 960, y0: 0, y1: 399 }, 'x')).toBeLessThan(0.8);
        const tall = await taller(fill);
        expect(streakiness(tall, { x0: 0, x1: 599, y0: 140, y1: 198 }, 'y')).toBeLessThan(0.8);
        expect(streakiness(tall, { x0: 0, x1: 599, y0: 601, y1: 660 }, 'y')).toBeLessThan(0.8);
      },
    );

    it('keeps the seam without a step larger than the picture’s own, and transparent as a hard edge', async () => {
      const wide = await wider({ kind: 'color', color: '#808080' });
      const step = (x: number, y: number) => Math.abs(luma(wide, x + 1, y) - luma(wide, x, y));
      for (const y of [50, 120, 300, 380]) {
        const own = Math.max(...[310, 320, 330, 340].map((x) => step(x, y)));
        expect(step(299, y), `row ${y}`).toBeLessThanOrEqual(own + 3);
      }
      const clear = await wider({ kind: 'transparent' });
      expect(pixel(clear, 299, 201)[3]).toBe(0);
      expect(pixel(clear, 300, 201)).toEqual([10, 10, 10, 255]);
    });
  });

  it('offers the picture’s edge colour first', () => {
    const data = new Uint8ClampedArray(10 * 10 * 4);
    for (let i = 0; i < 100; i++) data.set([250, 240, 230, 255], i * 4);
    data.set([0, 0, 0, 255], (5 * 10 + 5) * 4);
    data.set([10, 10, 10, 255], 0);
    expect(edgeColour(data, 10, 10)).toBe('#faf0e6');
    expect(edgeColour(new Uint8ClampedArray(16), 2, 2)).toBe('#ffffff');
  });
});
