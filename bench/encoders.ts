/**
 * The JPEG and WebP encoders side by side with sharp on the same pixels, sharp as its users call it
 * (`.jpeg({ quality })`, `.webp({ quality })`): file size, fidelity (PSNR), encode time, whether the
 * JPEG is sharp's own byte for byte, and the engine's peak memory for the largest outputs. Beside
 * them, the JPEG encoder before (jSquash's MozJPEG, baseline with trellis quantisation and
 * MozJPEG's tables, until 2026-11-26: docs/decisions/0009-output-types-and-encoders.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import mozjpegFactory, { type EncodeOptions, type MozJPEGModule } from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { defaultOptions } from '@jsquash/jpeg/meta.js';
import sharp from 'sharp';
import { PLATFORM_FORMATS } from '../shared/formats';
import { encodeJpeg } from '@social-resizer/engine/codecs/jpeg/encode';
import { encodeOutput } from '@social-resizer/engine/output/encode';
import { freshInstance } from '@social-resizer/engine/codecs/wasm/emscripten';
import {
  codecs,
  centredCrop,
  decodeImage,
  FileSizeError,
  inspectImage,
  resampleCrop,
  type Raster,
} from '@social-resizer/engine';
import { gc, PeakMemory } from './memory';
import type { Photo } from './photos';

const mozjpeg = await WebAssembly.compile(
  readFileSync(createRequire(import.meta.url).resolve('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm')),
);

/** The encoder before, as it was called for an output up to 2.1 MP (larger ones were encoded in strips). */
async function encodeMozjpeg(raster: Raster, quality: number): Promise<Uint8Array> {
  const codec = await mozjpegFactory(freshInstance(mozjpeg) as Partial<MozJPEGModule>);
  const options = { ...defaultOptions, quality, progressive: false } as EncodeOptions;
  return codec.encode(raster.data as BufferSource, raster.width, raster.height, options);
}

async function pixels(photo: Photo, width: number, height: number): Promise<Raster> {
  const { data } = await sharp(photo.path)
    .rotate()
    .resize(width, height)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

function psnr(file: Buffer, raster: Raster): number {
  let se = 0;
  let n = 0;
  for (let i = 0; i < file.length; i++) {
    if ((i & 3) === 3) continue;
    const e = (file[i] as number) - (raster.data[i] as number);
    se += e * e;
    n++;
  }
  return 10 * Math.log10((255 * 255) / (se / n));
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

const decoded = async (bytes: Uint8Array) => sharp(bytes).ensureAlpha().raw().toBuffer();
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

export async function benchEncoders(photos: Photo[]) {
  const sample = photos.filter((p) => p.path.endsWith('.jpg')).slice(0, 3);
  console.log('\nEncoders vs sharp on the same pixels (ratio = engine / sharp):');
  const ratios: { time: number[]; before: number[]; webp: number[] } = { time: [], before: [], webp: [] };
  let identical = true;
  for (const photo of sample) {
    for (const [width, height] of [
      [1080, 1920],
      [2064, 2752],
    ] as const) {
      const raster = await pixels(photo, width, height);
      const input = sharp(raster.data, { raw: { width, height, channels: 4 } });
      const lines: string[] = [];
      for (const quality of [75, 82]) {
        const [ours, oursMs] = await timed(() => encodeJpeg(raster, quality, codecs.jpegEncoder));
        const [theirs, theirsMs] = await timed(() => input.clone().removeAlpha().jpeg({ quality }).toBuffer());
        const same = Buffer.from(ours).equals(theirs);
        identical &&= same;
        ratios.time.push(oursMs / theirsMs);
        let before = '';
        if (width * height <= 2_100_000) {
          const [old, oldMs] = await timed(() => encodeMozjpeg(raster, quality));
          ratios.before.push(oldMs / oursMs);
          before = `; before (MozJPEG) ${kb(old.length)}, ${psnr(await decoded(old), raster).toFixed(1)} dB, ${oldMs.toFixed(0)} ms`;
        }
        lines.push(
          `    JPEG q${quality}: ${kb(ours.length)} vs ${kb(theirs.length)} (${same ? "sharp's bytes" : 'DIFFERENT bytes'}), PSNR ${psnr(await decoded(ours), raster).toFixed(1)} dB, time ${oursMs.toFixed(0)} vs ${theirsMs.toFixed(0)} ms (${(oursMs / theirsMs).toFixed(2)})${before}`,
        );
      }
      const [webp, webpMs] = await timed(() =>
        encodeOutput(raster, { type: 'webp', quality: 82, opaque: true, maxBytes: null }, codecs),
      );
      const [theirs, theirsMs] = await timed(() => input.clone().webp({ quality: 82 }).toBuffer());
      ratios.webp.push(webp.bytes.length / theirs.length);
      lines.push(
        `    WebP q82: ${kb(webp.bytes.length)} vs ${kb(theirs.length)} (size ${(webp.bytes.length / theirs.length).toFixed(2)}), time ${webpMs.toFixed(0)} vs ${theirsMs.toFixed(0)} ms (${(webpMs / theirsMs).toFixed(2)})`,
      );
      console.log(`  ${photo.name} at ${width}×${height}:\n${lines.join('\n')}`);
    }
  }
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
  console.log(
    `  JPEG: sharp's bytes in every case: ${identical ? 'yes' : 'NO'}; time ${range(ratios.time)}× sharp's; MozJPEG before took ${range(ratios.before)}× as long; WebP size ratio ${range(ratios.webp)}`,
  );

  // Peak memory: the raster given to the encoder is counted, as in a render.
  const largestWebp = PLATFORM_FORMATS.filter((f) => f.types.includes('webp')).reduce((a, b) =>
    a.width * a.height >= b.width * b.height ? a : b,
  );
  const photo = sample[0];
  if (!photo) return;
  for (const [label, width, height, type, quality] of [
    ['largest JPEG (2064×2752)', 2064, 2752, 'jpeg', 82],
    ['largest JPEG at quality 95 (4:4:4)', 2064, 2752, 'jpeg', 95],
    ['JPEG at 1080×1920', 1080, 1920, 'jpeg', 82],
    [
      `largest WebP offered (${largestWebp.width}×${largestWebp.height})`,
      largestWebp.width,
      largestWebp.height,
      'webp',
      82,
    ],
    ['WebP at 2064×2752 (not offered)', 2064, 2752, 'webp', 82],
  ] as const) {
    gc();
    const memory = new PeakMemory();
    await memory.start();
    const raster = await pixels(photo, width, height);
    memory.sample();
    await encodeOutput(raster, { type, quality, opaque: true, maxBytes: null }, codecs);
    memory.sample();
    console.log(`  peak memory, ${label}: ${memory.stop().toFixed(1)} MB`);
  }
}

/**
 * Caps under pressure: every capped format of one photo with strong grain added at the output's
 * scale (a high-ISO phone shot: ±20 levels), as a PNG the user chose and as a JPEG at quality 100,
 * where the caps bite: each must fit, by dropping colour bits or by a lower quality.
 */
export async function benchCaps(photo: Photo) {
  const bytes = new Uint8Array(readFileSync(photo.path));
  const info = inspectImage(bytes);
  const picture = await decodeImage(bytes, info, codecs);
  const size = { width: info.uprightWidth, height: info.uprightHeight };
  console.log(`\nCaps under pressure (${photo.name}, ±20 levels of grain): size / cap, quality or colour bits dropped`);
  let all = true;
  for (const format of PLATFORM_FORMATS.filter((f) => f.maxBytes !== null)) {
    const cells: string[] = [];
    for (const output of [
      { type: 'png', quality: 82 },
      { type: 'jpeg', quality: 100 },
    ] as const) {
      const raster = resampleCrop({
        source: picture,
        orientation: info.orientation,
        crop: centredCrop(size, format, 1),
        width: format.width,
        height: format.height,
      });
      let seed = format.id;
      for (let i = 0; i < raster.data.length; i++) {
        if ((i & 3) === 3) continue;
        seed = (seed * 1103515245 + 12345) >>> 0;
        raster.data[i] = (raster.data[i] as number) + ((seed >>> 24) % 41) - 20;
      }
      const type = format.types.includes(output.type) ? output.type : 'png';
      // A PNG no colour-bit drop brings under the cap is refused, as the product refuses it (a 422
      // naming the types that fit): no file over the cap is made.
      const file = await encodeOutput(
        raster,
        { type, quality: output.quality, opaque: format.opaque, maxBytes: format.maxBytes },
        codecs,
      ).catch((error: unknown) => {
        if (error instanceof FileSizeError) return null;
        throw error;
      });
      if (!file) {
        cells.push(`${type.toUpperCase()} refused: over the cap at every colour depth`);
        continue;
      }
      all &&= file.bytes.length <= (format.maxBytes as number);
      cells.push(
        `${file.type.toUpperCase()} ${kb(file.bytes.length)}${file.quality !== null ? ` q${file.quality}` : ''}${file.reducedBits ? ` -${file.reducedBits} bits` : ''}`,
      );
    }
    console.log(`  ${format.key.padEnd(38)} cap ${kb(format.maxBytes as number).padStart(8)}: ${cells.join(' | ')}`);
  }
  console.log(`  every file made within its cap: ${all ? 'yes' : 'NO'}`);
}
