/**
 * The JPEG decoder by step, beside libjpeg-turbo (through sharp, one thread) decoding the same file
 * to raw RGB, and beside the decoder before its transforms moved into the SIMD kernels (the commit
 * BEFORE, taken from git into bench/.cache; "n/a" where the clone lacks it):
 *
 * - entropy decoding: the decode at 1/8 scale, where the inverse DCT is the DC coefficient alone
 *   and a 64th of the pixels is converted (libvips' shrink-on-load asks libjpeg for the same);
 * - inverse DCT, upsampling and colour conversion: the full-scale decode minus the 1/8 one;
 * - the half-scale decode a render of a smaller output asks for.
 * Best of RUNS each; every decode is of the whole picture (a render decodes less: decode-plan.ts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { inspectImage, type ImageInfo, type Picture } from '@social-resizer/engine';
import { decodeJpeg, type JpegPart } from '@social-resizer/engine/codecs/jpeg/decode';
import { CACHE, type Photo } from './photos';

/** The last commit with the inverse DCT, upsampling and colour conversion in JavaScript. */
const BEFORE = '8ab2d97';
const RUNS = 5;

type Decode = (bytes: Uint8Array, info: ImageInfo, part: JpegPart) => Picture;

/** Today's kernels, which the decoder of BEFORE runs on (git keeps no build). */
const KERNELS = new URL('../engine/codecs/simd/build/kernels.wasm', import.meta.url).pathname;

/** The decoder as it was at BEFORE, or null when this clone's history lacks it. */
async function decoderBefore(): Promise<Decode | null> {
  const dir = join(CACHE, `decoder-${BEFORE}`);
  // The tree of BEFORE with its package.json, whose `#imaging-wasm` import (the engine's own now, in
  // engine/package.json) names its modules, beside today's kernels.
  const kernels = join(dir, 'worker/imaging/simd/build/kernels.wasm');
  try {
    if (!existsSync(kernels)) {
      mkdirSync(dir, { recursive: true });
      const archive = execFileSync('git', ['archive', BEFORE, 'worker', 'shared', 'package.json'], {
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      execFileSync('tar', ['-x', '-C', dir], { input: archive });
      mkdirSync(dirname(kernels), { recursive: true });
    }
    // Every run: the kernels are today's, as the rest of the bench's.
    copyFileSync(KERNELS, kernels);
    const module = (await import(join(dir, 'worker/imaging/jpeg/decode.ts'))) as { decodeJpeg: Decode };
    return module.decodeJpeg;
  } catch {
    return null;
  }
}

/** The fastest of RUNS runs of `work` (sync or async), in ms. */
async function best(work: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** libjpeg-turbo's decode of the file to raw pixels at 1/scale (libvips shrinks on load by 2, 4 or 8). */
function sharpDecode(bytes: Buffer, info: ImageInfo, scale: number): Promise<unknown> {
  const image = sharp(bytes);
  if (scale === 1) return image.raw().toBuffer();
  const width = Math.ceil(info.width / scale);
  const height = Math.ceil(info.height / scale);
  return image.resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer();
}

export async function benchDecoder(photos: Photo[]): Promise<void> {
  const before = await decoderBefore();
  console.log(
    `\nJPEG decode by step, whole picture, best of ${RUNS}: ours now / before (${BEFORE}) / libjpeg-turbo through sharp`,
  );
  const ms = (t: number | null) => (t === null ? 'n/a' : `${t.toFixed(0)} ms`);
  for (const photo of photos) {
    const file = readFileSync(photo.path);
    const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    const info = inspectImage(bytes);
    if (info.type !== 'jpeg') continue;
    const ours = (scale: 1 | 2 | 8) => best(() => decodeJpeg(bytes, info, { scale }));
    const theirs = (scale: 1 | 2 | 8) => best(() => sharpDecode(file, info, scale));
    const old = async (scale: 1 | 2 | 8) => (before ? best(() => before(bytes, info, { scale })) : null);
    const [o1, o2, o8] = [await ours(1), await ours(2), await ours(8)];
    const [b1, b2, b8] = [await old(1), await old(2), await old(8)];
    const [s1, s2, s8] = [await theirs(1), await theirs(2), await theirs(8)];
    const rest = (full: number | null, eighth: number | null) =>
      full === null || eighth === null ? null : full - eighth;
    const mp = ((info.width * info.height) / 1e6).toFixed(1);
    console.log(
      [
        `  ${photo.name} (${mp} MP, ${info.progressive ? 'progressive' : 'baseline'}):`,
        `    entropy decoding (1/8 scale)          ${ms(o8)} / ${ms(b8)} / ${ms(s8)}  (${(o8 / s8).toFixed(1)}x)`,
        `    IDCT, upsampling, colour (1 minus 1/8) ${ms(rest(o1, o8))} / ${ms(rest(b1, b8))} / ${ms(rest(s1, s8))}  (${((o1 - o8) / Math.max(1, s1 - s8)).toFixed(1)}x)`,
        `    whole decode at 1/1                   ${ms(o1)} / ${ms(b1)} / ${ms(s1)}  (${(o1 / s1).toFixed(1)}x)`,
        `    whole decode at 1/2                   ${ms(o2)} / ${ms(b2)} / ${ms(s2)}  (${(o2 / s2).toFixed(1)}x)`,
      ].join('\n'),
    );
  }
}
