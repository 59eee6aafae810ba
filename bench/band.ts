/**
 * `npm run bench -- band`: the band test. Real photos (bench/band-set.ts) are cut to 1280 × 720; a
 * band of 15 to 40 % is taken off one or two sides, the rest is rendered on the 1280 × 720 canvas
 * with the 'blur' fill, and what the fill put in the band is compared with what was there
 * (bench/band-measures.ts), for today's blurred backdrop (blendFill) and the extension
 * (applyFill), in the same run on the same pixels. Prints each case, the means by split, the time
 * per output and the working memory, and writes the side-by-side sheet docs/band-test.jpg (20
 * held-out cases: truth | blurred backdrop | extension).
 */
import { writeFileSync } from 'node:fs';
import sharp, { type OverlayOptions } from 'sharp';
import { applyFill, blendFill } from '@social-resizer/engine/pixels/fill';
import { EXTENSION_WORKING_BYTES, planExtension } from '@social-resizer/engine/pixels/content-aware/extension-plan';
import { resampleCrop, type Picture, type Raster } from '@social-resizer/engine';
import { colourError, seamRatio, texture, type Kept } from './band-measures';
import { bandPhotos, type BandPhoto, type BandSplit } from './band-set';

const WIDTH = 1280;
const HEIGHT = 720;

/** Bands taken off, as shares of the side they cut: top, right, bottom, left. */
interface Layout {
  name: string;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The outside check's cut (144 rows above and below), then one of three others in turn. */
const FIRST: Layout = { name: 'top+bottom 20 %', top: 0.2, right: 0, bottom: 0.2, left: 0 };
const OTHERS: Layout[] = [
  { name: 'bottom 40 %', top: 0, right: 0, bottom: 0.4, left: 0 },
  { name: 'left+right 15 %', top: 0, right: 0.15, bottom: 0, left: 0.15 },
  { name: 'right 30 %', top: 0, right: 0.3, bottom: 0, left: 0 },
];

interface Measured {
  texture: number;
  colour: number;
  seam: number;
  ms: number;
}

interface Case {
  photo: string;
  split: BandSplit;
  layout: string;
  truthSeam: number;
  blur: Measured;
  extension: Measured;
  images?: { truth: Raster; blur: Raster; extension: Raster };
}

async function truthOf(photo: BandPhoto): Promise<Raster> {
  const { data, info } = await sharp(photo.path)
    .rotate()
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function keptOf(layout: Layout): Kept {
  return {
    x0: Math.round(layout.left * WIDTH),
    y0: Math.round(layout.top * HEIGHT),
    x1: WIDTH - Math.round(layout.right * WIDTH),
    y1: HEIGHT - Math.round(layout.bottom * HEIGHT),
  };
}

/** The kept part as the picture an upload would be. */
function pictureOf(truth: Raster, kept: Kept): Picture {
  const width = kept.x1 - kept.x0;
  const height = kept.y1 - kept.y0;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(
      truth.data.subarray(((kept.y0 + y) * WIDTH + kept.x0) * 4, ((kept.y0 + y) * WIDTH + kept.x1) * 4),
      y * width * 4,
    );
  return { width, height, channels: 4, data };
}

/**
 * CPU milliseconds of one call (user and system time of the process): what a Worker is billed and
 * limited by, and steadier than wall time on cores other work shares.
 */
function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function measure(made: Raster, truth: Raster, kept: Kept, ms: number): Measured {
  return {
    texture: texture(made, kept) / Math.max(texture(truth, kept), 1e-6),
    colour: colourError(made, truth, kept),
    seam: seamRatio(made, kept),
    ms,
  };
}

function runCase(photo: BandPhoto, truth: Raster, layout: Layout, keepImages: boolean): Case {
  const kept = keptOf(layout);
  const picture = pictureOf(truth, kept);
  const crop = { x: -kept.x0, y: -kept.y0, width: WIDTH, height: HEIGHT };
  const render = () => resampleCrop({ source: picture, orientation: 1, crop, width: WIDTH, height: HEIGHT });
  const blur = render();
  const blurMs = cpuMs(() => blendFill(blur, { kind: 'blur' }, picture, 1, crop));
  const extension = render();
  const extensionMs = cpuMs(() => applyFill(extension, { kind: 'blur' }, picture, 1, crop));
  return {
    photo: photo.name,
    split: photo.split,
    layout: layout.name,
    truthSeam: seamRatio(truth, kept),
    blur: measure(blur, truth, kept, blurMs),
    extension: measure(extension, truth, kept, extensionMs),
    images: keepImages ? { truth, blur, extension } : undefined,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function summary(cases: Case[], label: string): string[] {
  const of = (pick: (c: Case) => number) => cases.map(pick);
  const row = (name: string, m: (c: Case) => Measured) =>
    `  ${name.padEnd(22)} texture ${mean(of((c) => m(c).texture)).toFixed(2)} (median ${median(of((c) => m(c).texture)).toFixed(2)}, ${of((c) => m(c).texture).filter((t) => t >= 0.6 && t <= 1.5).length}/${cases.length} within 0.6-1.5)` +
    `  colour error ${mean(of((c) => m(c).colour)).toFixed(1)}` +
    `  seam ${mean(of((c) => m(c).seam)).toFixed(2)} (worst ${Math.max(...of((c) => m(c).seam)).toFixed(2)}, ${of((c) => m(c).seam).filter((s) => s <= 1.5).length}/${cases.length} at most 1.5)` +
    `  ${mean(of((c) => m(c).ms)).toFixed(0)} ms of CPU an output (median ${median(of((c) => m(c).ms)).toFixed(0)})`;
  return [
    `${label}: ${cases.length} cases`,
    row('blurred backdrop', (c) => c.blur),
    row('extension', (c) => c.extension),
    `  ${'the truth itself'.padEnd(22)} seam ${mean(of((c) => c.truthSeam)).toFixed(2)}`,
  ];
}

/** 20 held-out cases, two a row: truth | blurred backdrop | extension, each 384 × 216. */
async function writeSheet(cases: Case[], path: string): Promise<void> {
  const tile = { width: 384, height: 216 };
  const label = 18;
  const gap = 8;
  const caseWidth = tile.width * 3 + gap;
  const caseHeight = tile.height + label;
  const rows = Math.ceil(cases.length / 2);
  const layers: OverlayOptions[] = [];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  for (const [i, c] of cases.entries()) {
    const left = (i % 2) * (caseWidth + gap);
    const top = Math.floor(i / 2) * (caseHeight + gap);
    const images = c.images;
    if (!images) continue;
    for (const [j, raster] of [images.truth, images.blur, images.extension].entries()) {
      const input = await sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
        raw: { width: raster.width, height: raster.height, channels: 4 },
      })
        .resize(tile.width, tile.height)
        .removeAlpha()
        .png()
        .toBuffer();
      layers.push({ input, left: left + j * tile.width, top: top + label });
    }
    const text = `${c.photo} · ${c.layout} · truth | blurred backdrop | extension`;
    const svg = `<svg width="${caseWidth}" height="${label}"><text x="2" y="13" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#eee">${escape(text)}</text></svg>`;
    layers.push({ input: Buffer.from(svg), left, top });
  }
  const sheet = sharp({
    create: {
      width: caseWidth * 2 + gap,
      height: rows * (caseHeight + gap),
      channels: 3,
      background: '#202020',
    },
  });
  writeFileSync(path, await sheet.composite(layers).jpeg({ quality: 78, mozjpeg: true }).toBuffer());
}

export async function benchBand(): Promise<void> {
  const photos = bandPhotos();
  console.log(
    `Band test: ${photos.length} real photos cut to ${WIDTH}×${HEIGHT} (${photos.filter((p) => p.split === 'tuning').length} tuning, ${photos.filter((p) => p.split === 'held-out').length} held out), the blurred backdrop and the extension on the same pixels`,
  );
  const plan = planExtension(WIDTH, HEIGHT);
  console.log(
    `working memory: ${(plan.bytes / 1024 / 1024).toFixed(2)} MB at ${WIDTH}×${HEIGHT} (1/${plan.factor}, ${plan.levels.length} levels); at most ${(EXTENSION_WORKING_BYTES / 1024 / 1024).toFixed(2)} MB for any output\n`,
  );
  const cases: Case[] = [];
  let heldOut = 0;
  for (const [i, photo] of photos.entries()) {
    const truth = await truthOf(photo);
    for (const layout of [FIRST, OTHERS[i % OTHERS.length] as Layout]) {
      const keep = photo.split === 'held-out' && heldOut < 20;
      if (keep) heldOut += 1;
      const c = runCase(photo, truth, layout, keep);
      cases.push(c);
      console.log(
        `${photo.split.padEnd(8)} ${photo.name.padEnd(16)} ${layout.name.padEnd(16)} blur: texture ${c.blur.texture.toFixed(2)} colour ${c.blur.colour.toFixed(1)} seam ${c.blur.seam.toFixed(2)} ${c.blur.ms.toFixed(0)} ms | extension: texture ${c.extension.texture.toFixed(2)} colour ${c.extension.colour.toFixed(1)} seam ${c.extension.seam.toFixed(2)} ${c.extension.ms.toFixed(0)} ms | truth seam ${c.truthSeam.toFixed(2)}`,
      );
    }
  }
  console.log('');
  for (const split of ['tuning', 'held-out'] as const)
    for (const line of summary(
      cases.filter((c) => c.split === split),
      split,
    ))
      console.log(line);
  const outside = cases.filter((c) => c.split === 'held-out' && c.layout === FIRST.name);
  for (const line of summary(outside, `held-out, the outside check's cut (${FIRST.name})`)) console.log(line);
  const held = cases.filter((c) => c.split === 'held-out');
  const meanTexture = mean(held.map((c) => c.extension.texture));
  const colour = mean(held.map((c) => c.extension.colour));
  const blurColour = mean(held.map((c) => c.blur.colour));
  const seam = mean(held.map((c) => c.extension.seam));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    [
      '\nGoals, on the held-out means:',
      `  texture between 0.6 and 1.5 of the truth's: ${meanTexture.toFixed(3)}, ${verdict(meanTexture >= 0.6 && meanTexture <= 1.5)}`,
      `  colour error no worse than the blurred backdrop's: ${colour.toFixed(2)} against ${blurColour.toFixed(2)}, ${verdict(colour <= blurColour)}`,
      `  seam at most 1.5: ${seam.toFixed(3)} (the photos themselves ${mean(held.map((c) => c.truthSeam)).toFixed(3)}), ${verdict(seam <= 1.5)}`,
    ].join('\n'),
  );
  const sheet = new URL('../docs/band-test.jpg', import.meta.url).pathname;
  await writeSheet(
    cases.filter((c) => c.images),
    sheet,
  );
  console.log(`sheet: docs/band-test.jpg (${cases.filter((c) => c.images).length} held-out cases)`);
}
