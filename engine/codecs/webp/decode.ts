/**
 * WebP decoding by libwebp, our build (codec/webp_dec.c, codec/build.sh): the part of the picture a
 * render needs at the scale it needs, which libwebp crops and scales as it decodes (its rescaler
 * averages each output pixel's area), as the JPEG and PNG decoders do (decode-plan.ts). A fresh
 * WebAssembly instance for every decode, so a failed decode cannot poison the next one. A lossy
 * picture's rows come out of the instance a macroblock row at a time, through a ring of rows, into
 * the picture's own buffer: the instance's memory holds the file and a few rows, and is garbage
 * after the decode, while the picture can be freed when its owner is done (memory.ts `freeNow`;
 * a WebAssembly memory cannot be). A lossless picture, which libwebp holds whole as ARGB anyway,
 * stays where libwebp wrote it: the picture is a view of the instance's memory, which limits.ts
 * counts as the decode's.
 */
import { ImageError } from '../../errors';
import type { ImageInfo } from '../../input/image-info';
import { decodedChannels } from '../../input/limits';
import { freeNow } from '../../memory';
import type { Picture } from '../../pixels/raster';

/** As decodeJpeg's part: the whole picture, or a region of the picture reduced by `scale` (stored orientation, scaled pixels). */
export interface WebpPart {
  scale: number;
  region?: { x0: number; y0: number; x1: number; y1: number };
}

interface Exports {
  memory: WebAssembly.Memory;
  _initialize: () => void;
  webp_alloc: (size: number) => number;
  webp_decode: (...args: number[]) => number;
  webp_ring_rows: () => number;
  webp_verify: (data: number, size: number) => number;
}

/** Output rows [first, first + count), at `at` in the instance's memory, one after another. */
type TakeRows = (at: number, first: number, count: number) => void;

const noRows: TakeRows = () => {
  throw failed();
};

/** A fresh instance of the decoder, with the file copied into its memory; its lossy rows go to `takeRows`. */
function instantiate(
  module: WebAssembly.Module,
  bytes: Uint8Array,
  takeRows: TakeRows = noRows,
): { wasm: Exports; input: number } {
  const instance = new WebAssembly.Instance(module, {
    env: { emscripten_notify_memory_growth: () => undefined, webp_rows: takeRows },
  });
  const wasm = instance.exports as unknown as Exports;
  wasm._initialize();
  const input = wasm.webp_alloc(bytes.length);
  if (!input) throw failed();
  new Uint8Array(wasm.memory.buffer, input, bytes.length).set(bytes);
  return { wasm, input };
}

/** webp_verify's answer for a file only a decode proves (a lossless one). */
const NEEDS_DECODE = -2;

/**
 * Proves a lossy WebP decodes, as decodeWebp would find it, by reading its headers, every
 * macroblock's modes and its alpha plane, if any (codec/webp_dec.c, `webp_verify`). Its
 * coefficients cannot make the decode fail: past the end of their data libwebp's bit reader feeds
 * zeros, then holds, so the rest reads as ends of blocks, as our JPEG decoder feeds a scan zeros:
 * damaged coefficients are damaged pixels, the same every time. 4096×4096: 9 ms (reading the
 * coefficients too took 230); 9 MP with alpha 17 ms (decoding it at an eighth took 65). False for
 * a file only a decode proves (lossless).
 */
export function verifyWebp(bytes: Uint8Array, module: WebAssembly.Module): boolean {
  const { wasm, input } = instantiate(module, bytes);
  const status = wasm.webp_verify(input, bytes.length);
  if (status === NEEDS_DECODE) return false;
  if (status !== 0) throw failed();
  return true;
}

const failed = () =>
  new ImageError(
    'corrupt',
    'The image could not be decoded: the file is damaged or uses a feature we do not support. Please export it again as a standard JPG, PNG or WEBP.',
  );

/**
 * Decodes the part as RGBA (not premultiplied), or RGB when the picture has no alpha. Scaled pixel
 * (i, j) of the region is the average of the stored pixels [i·scale, (i + 1)·scale) across and down;
 * where the region reaches a side that is not a multiple of the scale, libwebp spreads that side's
 * pixels evenly over the region's, each cell then under one pixel short of `scale`.
 */
export function decodeWebp(
  bytes: Uint8Array,
  info: ImageInfo,
  module: WebAssembly.Module,
  part: WebpPart = { scale: 1 },
): Picture {
  const { width: W, height: H } = info;
  const s = part.scale;
  const region = part.region ?? { x0: 0, y0: 0, x1: Math.ceil(W / s), y1: Math.ceil(H / s) };
  const width = region.x1 - region.x0;
  const height = region.y1 - region.y0;
  // The stored pixels the region covers. A lossy picture's chroma is 4:2:0, and libwebp starts a
  // crop on an even pixel: an odd edge (only at full scale) is decoded one pixel early and dropped.
  const padX = s === 1 ? region.x0 & 1 : 0;
  const padY = s === 1 ? region.y0 & 1 : 0;
  const left = region.x0 * s - padX;
  const top = region.y0 * s - padY;
  const cropWidth = Math.min(W, region.x1 * s) - left;
  const cropHeight = Math.min(H, region.y1 * s) - top;
  const outWidth = s === 1 ? cropWidth : width;
  const outHeight = s === 1 ? cropHeight : height;
  const channels = decodedChannels(info);

  const rowBytes = outWidth * channels;
  const data = new Uint8ClampedArray(info.lossless ? 0 : width * height * channels);
  // Rows of the output (the crop, at scale 1 with the pixel decoded early) into the picture, without it.
  const takeRows: TakeRows = (at, first, count) => {
    const rows = new Uint8Array(wasm.memory.buffer, at, count * rowBytes);
    for (let r = Math.max(first, padY); r < first + count && r - padY < height; r++) {
      const from = (r - first) * rowBytes + padX * channels;
      data.set(rows.subarray(from, from + width * channels), (r - padY) * width * channels);
    }
  };
  const { wasm, input } = instantiate(module, bytes, takeRows);
  const output = wasm.webp_alloc(info.lossless ? outHeight * rowBytes : wasm.webp_ring_rows() * rowBytes);
  if (!output) throw failed();
  const status = wasm.webp_decode(
    input,
    bytes.length,
    left,
    top,
    cropWidth,
    cropHeight,
    outWidth,
    outHeight,
    channels,
    output,
    info.lossless ? 0 : 1,
  );
  if (status !== 0) {
    freeNow(data);
    throw failed();
  }
  if (!info.lossless) return { width, height, channels, data };
  const memory = new Uint8ClampedArray(wasm.memory.buffer);
  // Without the pixel decoded early: rows moved left in place, the first row dropped.
  if (padX)
    for (let y = 0; y < height; y++) {
      const from = output + ((y + padY) * outWidth + padX) * channels;
      memory.copyWithin(output + y * width * channels, from, from + width * channels);
    }
  const start = padX ? output : output + padY * outWidth * channels;
  return { width, height, channels, data: memory.subarray(start, start + width * height * channels) };
}
