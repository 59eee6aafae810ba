/**
 * PP-OCRv4's text detector in our own executor: real text rendered onto a real photo is found
 * as one box per line (IoU ≥ 0.5 with where the glyphs are), words spaced apart on one line merge
 * into that line, and the photo without text has no box.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CropRect } from '../plan/crop';
import { detectText, type RunStats } from '../detect';
import { iou } from '../detect/boxes';
import { mergeLines } from '../detect/text';
import { people, rasterOf } from './people';

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
}

const svg = (width: number, height: number, lines: Line[]) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines
      .map(
        (l) =>
          `<text x="${l.x}" y="${l.y}" font-family="DejaVu Sans" font-weight="bold" font-size="${l.size}" fill="white" stroke="black" stroke-width="1" xml:space="preserve">${l.text}</text>`,
      )
      .join('')}</svg>`,
  );

/** Where a line's glyphs are: the box of its rendered pixels. */
async function inkBox(width: number, height: number, line: Line): Promise<CropRect> {
  const { data } = await sharp(svg(width, height, [line]))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 4 + 3]! > 0) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The coffee photo (600×400) with these lines written on it. */
async function captioned(lines: Line[]) {
  const image = sharp(people('coffee.png')).composite([{ input: svg(600, 400, lines) }]);
  return rasterOf(sharp(await image.png().toBuffer()));
}

describe('detectText', () => {
  it('finds each line of a caption on a photo as one box', async () => {
    const lines = [
      { text: 'Summer sale starts today', x: 40, y: 70, size: 36 },
      { text: 'Free shipping on every order', x: 60, y: 330, size: 28 },
    ];
    const stats: RunStats = { convMacs: 0, convMs: 0, peakActivationBytes: 0 };
    const found = detectText(await captioned(lines), stats);
    expect(found).toHaveLength(2);
    for (const line of lines) {
      const ink = await inkBox(600, 400, line);
      expect(Math.max(...found.map((box) => iou(box, ink)))).toBeGreaterThanOrEqual(0.5);
    }
    // 600×400 pads to 608×416: the text detector's live activations stay near 20 MB.
    expect(stats.peakActivationBytes).toBeLessThan(32e6);
    // Dropped activations' buffers are taken again: 2.3 times the peak allocated in all, not 7.8.
    expect(stats.allocatedBytes).toBeLessThan(3 * stats.peakActivationBytes);
  });

  it('keeps a line whole when its words are far apart', async () => {
    const line = { text: 'OPEN   LATE   TONIGHT', x: 30, y: 200, size: 40 };
    const found = detectText(await captioned([line]));
    expect(found).toHaveLength(1);
    expect(iou(found[0]!, await inkBox(600, 400, line))).toBeGreaterThanOrEqual(0.5);
  });

  it('finds no text in the photo without any', async () => {
    expect(detectText(await rasterOf(people('coffee.png')))).toEqual([]);
  });

  it('merges boxes side by side on a line, not lines stacked above each other', () => {
    const word = (x: number, y: number) => ({ x, y, width: 80, height: 30, score: 0.9 });
    expect(mergeLines([word(0, 0), word(100, 2)])).toHaveLength(1);
    expect(mergeLines([word(0, 0), word(0, 20)])).toHaveLength(2);
    expect(mergeLines([word(0, 0), word(200, 0)])).toHaveLength(2);
  });
});
