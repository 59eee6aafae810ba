/**
 * Fills: what goes where a crop leaves the picture. Rendered through the engine and decoded by sharp.
 */
import { describe, expect, it } from 'vitest';
import { edgeColour, type Fill } from '../../shared/fill';
import { codecs, renderFormat } from '../../worker/imaging';
import { pixel, rawOf, syntheticPhoto } from './images';

const photo = { ...syntheticPhoto(600, 400), channels: 4 as const };
/** Zoomed out: the picture covers the middle 400 of 800 output columns (a 1200-wide crop of a 600-wide picture). */
const crop = { x: -300, y: 0, width: 1200, height: 400 };
const target = { width: 800, height: 266, opaque: false, types: ['png', 'jpeg'] as const, maxBytes: null };

async function render(fill: Fill, opaque = false) {
  const { file } = await renderFormat(
    photo,
    1,
    crop,
    { ...target, opaque },
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

  it('puts a solid colour exactly outside, and leaves the picture as it was inside', async () => {
    const filled = await render({ kind: 'color', color: '#123456' });
    const clear = await render({ kind: 'transparent' });
    for (const x of [0, 100, 195, 605, 799]) expect(pixel(filled, x, 130)).toEqual([0x12, 0x34, 0x56, 255]);
    for (const x of [205, 400, 595]) expect(pixel(filled, x, 130)).toEqual(pixel(clear, x, 130));
  });

  it('extends with a blurred copy of the picture: opaque, varied, and close to the picture at the seam', async () => {
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

  it('offers the picture’s edge colour first', () => {
    const data = new Uint8ClampedArray(10 * 10 * 4);
    for (let i = 0; i < 100; i++) data.set([250, 240, 230, 255], i * 4);
    data.set([0, 0, 0, 255], (5 * 10 + 5) * 4);
    data.set([10, 10, 10, 255], 0);
    expect(edgeColour(data, 10, 10)).toBe('#faf0e6');
    expect(edgeColour(new Uint8ClampedArray(16), 2, 2)).toBe('#ffffff');
  });
});
