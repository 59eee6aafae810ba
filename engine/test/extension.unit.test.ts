/**
 * Extensions: a canvas extended past the picture with the 'blur' fill is completed from the
 * picture's own patches (engine/pixels/content-aware/extension.ts), measured as the band test
 * measures it (bench/band-measures.ts) on real photos: a band is cut off and extended back.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { colourError, seamRatio, texture, type Kept } from '../../bench/band-measures';
import { findFormatByName, PLATFORM_FORMATS, type PlatformFormat } from '../../shared/formats';
import { EXTENSION_WORKING_BYTES, planExtension, WORK_PIXELS } from '../pixels/content-aware/extension-plan';
import { applyFill, blendFill } from '../pixels/fill';
import { Random } from '../pixels/content-aware/patch-match';
import { resampleCrop, type CropRect, type Picture, type Raster } from '..';

/** A fixture (test/fixtures/textures or people; sources and licences in their READMEs) as RGBA, cover-cropped. */
async function photo(path: string, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url)))
    .resize(width, height, { fit: 'cover' })
    .toColourspace('srgb')
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function cut(truth: Raster, kept: Kept): Picture {
  const width = kept.x1 - kept.x0;
  const height = kept.y1 - kept.y0;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(
      truth.data.subarray(((kept.y0 + y) * truth.width + kept.x0) * 4, ((kept.y0 + y) * truth.width + kept.x1) * 4),
      y * width * 4,
    );
  return { width, height, channels: 4, data };
}

/** The kept part rendered back on the truth's canvas and filled: the extension, or today's blurred backdrop. */
function extend(truth: Raster, kept: Kept, how: 'extension' | 'blurred', keepOut: CropRect[] = []): Raster {
  const picture = cut(truth, kept);
  const crop = { x: -kept.x0, y: -kept.y0, width: truth.width, height: truth.height };
  const output = resampleCrop({ source: picture, orientation: 1, crop, width: truth.width, height: truth.height });
  if (how === 'extension') applyFill(output, { kind: 'blur' }, picture, 1, crop, keepOut);
  else blendFill(output, { kind: 'blur' }, picture, 1, crop);
  return output;
}

const countWhere = (r: Raster, kept: Kept, test: (p: number[]) => boolean) => {
  let n = 0;
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++) {
      if (x >= kept.x0 && x < kept.x1 && y >= kept.y0 && y < kept.y1) continue;
      const o = (y * r.width + x) * 4;
      if (test([r.data[o] ?? 0, r.data[o + 1] ?? 0, r.data[o + 2] ?? 0])) n += 1;
    }
  return n;
};

describe('extensions that look like the photo', () => {
  it.each([
    ['grass (textures/grass.jpg), 20 % above and below', 'textures/grass.jpg', { x0: 0, y0: 72, x1: 640, y1: 288 }],
    ['grass, 40 % below', 'textures/grass.jpg', { x0: 0, y0: 0, x1: 640, y1: 216 }],
    ['gravel (textures/gravel.jpg), 30 % on the right', 'textures/gravel.jpg', { x0: 0, y0: 0, x1: 448, y1: 360 }],
    ['gravel, 15 % on either side', 'textures/gravel.jpg', { x0: 96, y0: 0, x1: 544, y1: 360 }],
  ] as const)('keeps the texture and hides the seam: %s', async (_name, path, kept) => {
    const truth = await photo(path, 640, 360);
    const made = extend(truth, kept, 'extension');
    const blurred = extend(truth, kept, 'blurred');
    const ratio = texture(made, kept) / texture(truth, kept);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.5);
    // Today's blurred backdrop, on the same pixels, has almost none of it.
    expect(texture(blurred, kept) / texture(truth, kept)).toBeLessThan(0.3);
    expect(colourError(made, truth, kept)).toBeLessThanOrEqual(colourError(blurred, truth, kept));
    // The strongest step across the seam, against the photo's own mean step, as the truth's own there allows.
    expect(seamRatio(made, kept)).toBeLessThanOrEqual(Math.max(1.5, seamRatio(truth, kept)));
  });

  it('never copies a kept-out box, and falls back to the blurred backdrop beside one at the seam', async () => {
    const truth = await photo('textures/grass.jpg', 640, 360);
    // Two "faces" of magenta and cyan squares, whose copy would keep both colours and a blur
    // neither: one in the middle of the kept part and one touching its bottom edge.
    const kept = { x0: 0, y0: 0, x1: 640, y1: 216 };
    const faces = [
      { x: 280, y: 80, width: 80, height: 60 },
      { x: 40, y: 170, width: 70, height: 46 },
    ];
    for (const f of faces)
      for (let y = f.y; y < f.y + f.height; y++)
        for (let x = f.x; x < f.x + f.width; x++)
          truth.data.set(((x >> 2) + (y >> 2)) % 2 ? [230, 20, 220, 255] : [20, 220, 230, 255], (y * 640 + x) * 4);
    const copied = ([r = 0, g = 0, b = 0]: number[]) =>
      (r > 180 && g < 90 && b > 170) || (r < 90 && g > 170 && b > 180);
    // Without the boxes, the extension copies the squares below the picture (the test can see a copy)...
    expect(countWhere(extend(truth, kept, 'extension'), kept, copied)).toBeGreaterThan(200);
    // ...with them, not one pixel of them, and the backdrop under the box at the seam is the blurred one.
    const made = extend(truth, kept, 'extension', faces);
    expect(countWhere(made, kept, copied)).toBe(0);
    const blurred = extend(truth, kept, 'blurred');
    const under = (r: Raster) => Array.from(r.data.subarray((217 * 640 + 75) * 4, (217 * 640 + 75) * 4 + 3));
    under(made).forEach((v, c) => expect(Math.abs(v - (under(blurred)[c] as number))).toBeLessThanOrEqual(2));
  });

  it('uses the blurred backdrop where the picture is all kept out, or has transparency of its own', async () => {
    const truth = await photo('textures/chelsea.jpg', 480, 270);
    const kept = { x0: 0, y0: 54, x1: 480, y1: 216 };
    const everything = [{ x: 0, y: 0, width: 480, height: 162 }];
    expect(extend(truth, kept, 'extension', everything).data).toEqual(extend(truth, kept, 'blurred').data);
    const picture = cut(truth, kept);
    for (let i = 3; i < picture.data.length; i += 4 * 7) picture.data[i] = 128;
    const crop = { x: 0, y: -54, width: 480, height: 270 };
    const render = () => resampleCrop({ source: picture, orientation: 1, crop, width: 480, height: 270 });
    const [a, b] = [render(), render()];
    applyFill(a, { kind: 'blur' }, picture, 1, crop);
    blendFill(b, { kind: 'blur' }, picture, 1, crop);
    expect(a.data).toEqual(b.data);
  });

  it('gives the same bytes for the same input', async () => {
    const truth = await photo('textures/chelsea.jpg', 640, 360);
    const kept = { x0: 96, y0: 0, x1: 544, y1: 360 };
    expect(extend(truth, kept, 'extension').data).toEqual(extend(truth, kept, 'extension').data);
  });

  it('plans its working memory within the bound for every format, and keeps to its plan', async () => {
    const sizes = [...PLATFORM_FORMATS.map((f: PlatformFormat) => [f.width, f.height]), [4096, 4096], [4096, 16]];
    for (const [width, height] of sizes as [number, number][]) {
      const plan = planExtension(width, height);
      expect(plan.bytes, `${width}×${height}`).toBeLessThanOrEqual(EXTENSION_WORKING_BYTES);
      const finest = plan.levels[0] ?? { width: 0, height: 0 };
      expect(finest.width * finest.height).toBeLessThanOrEqual(WORK_PIXELS);
    }
    expect(EXTENSION_WORKING_BYTES).toBeLessThan(3.5 * 1024 * 1024);
    // The largest outputs an extension meets (YouTube's banner, a story from a 3:1 header) run in
    // one slab of the planned size, which throws on any allocation past it.
    const youtube = findFormatByName('youtube', 'banner') as PlatformFormat;
    const truth = await photo('textures/grass.jpg', youtube.width, youtube.height);
    const kept = { x0: 507, y0: 508, x1: 2053, y1: 931 };
    const made = extend(truth, kept, 'extension');
    expect(texture(made, kept) / texture(truth, kept)).toBeGreaterThan(0.6);
  });
});

describe("the extension's random generator", () => {
  it('draws the xorshift32 sequence, its 32-bit state kept in 16-bit halves', () => {
    let differ = 0;
    for (const seed of [0, 1, -1, 0x80000000, (1920 * 73856093) ^ (1080 * 19349663)]) {
      const random = new Random(seed);
      let state = seed >>> 0 || 0x9e3779b9;
      for (let i = 0; i < 20000; i++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        state >>>= 0;
        const n = 1 + ((i * 7919) % 300000);
        if (random.below(n) !== state % n) differ++;
      }
    }
    expect(differ).toBe(0);
  });
});
