/**
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every byte.
 *
 * PNG over native zlib (DecompressionStream to read, node:zlib to write; both run in workerd with
 * nodejs_compat and in Node): no codec's WASM heap that grows with the picture and never shrinks,
 * nothing to poison or leak.
 *
 * The decoder streams: IDAT data is inflated chunk by chunk and unfiltered row by row straight into
 * the RGBA result. The encoder writes the smallest lossless colour type the pixels allow (palette,
 * grey, RGB or RGBA), chooses a filter per row and writes no metadata at all; its row loops run in
 * our WebAssembly kernels (simd/), which hold a few rows, never the picture.
 */
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import { ImageError } from './errors';
import { crc32, finishCrc, readPngChunks, type ImageInfo } from './inspect';
import type { Raster } from './raster';
import { withBuffers } from './simd/kernels';

const corrupt = () => new ImageError('corrupt', 'The image file is damaged or incomplete (its compressed data is invalid). Please export it again and upload the new file.');

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Decodes a PNG that inspectImage accepted into 8-bit RGBA (16-bit samples keep their high byte). */
export async function decodePng(bytes: Uint8Array, info: ImageInfo): Promise<Raster> {
  const { width, height, bitDepth, colorType, interlaced } = info;
  const channels = CHANNELS[colorType] ?? 4;
  const bitsPerPixel = channels * bitDepth;
  const filterBpp = Math.max(1, bitsPerPixel >> 3);
  const out = new Uint8ClampedArray(width * height * 4);

  // Palette, transparency and the image data come from the same reading of the chunks as admission's.
  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (const { type, data } of readPngChunks(bytes)) {
    if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
  }

  const passes = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, w: Math.ceil((width - x0) / dx), h: Math.ceil((height - y0) / dy) })).filter((p) => p.w > 0 && p.h > 0)
    : [{ x0: 0, y0: 0, dx: 1, dy: 1, w: width, h: height }];

  const maxRowBytes = Math.ceil((width * bitsPerPixel) / 8);
  let prev = new Uint8Array(maxRowBytes);
  let cur = new Uint8Array(maxRowBytes);
  let passIndex = 0;
  let row = 0;
  let rowFill = -1; // -1: waiting for the filter byte
  let filter = 0;
  let done = passes.length === 0;

  const writeRow = (pass: (typeof passes)[number], y: number, data: Uint8Array) => {
    const oy = pass.y0 + y * pass.dy;
    if (bitDepth === 8 && pass.dx === 1 && !(trns && colorType !== 3)) {
      writeRow8(data, out, oy * width * 4, pass.w, colorType, palette, trns);
      return;
    }
    for (let x = 0; x < pass.w; x++) {
      const o = (oy * width + pass.x0 + x * pass.dx) * 4;
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (bitDepth < 8) {
        const bit = x * bitDepth;
        const v = ((data[bit >> 3] ?? 0) >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
        if (colorType === 3) {
          r = palette?.[v * 3] ?? 0;
          g = palette?.[v * 3 + 1] ?? 0;
          b = palette?.[v * 3 + 2] ?? 0;
          a = trns && v < trns.length ? (trns[v] ?? 255) : 255;
        } else {
          r = g = b = Math.round((v * 255) / ((1 << bitDepth) - 1));
          if (trns && trns.length >= 2 && v === (((trns[0] ?? 0) << 8) | (trns[1] ?? 0))) a = 0;
        }
      } else {
        const step = bitDepth === 16 ? 2 : 1;
        const i = x * channels * step;
        const sample = (c: number) => data[i + c * step] ?? 0;
        const raw16 = (c: number) => (step === 2 ? ((data[i + c * 2] ?? 0) << 8) | (data[i + c * 2 + 1] ?? 0) : (data[i + c] ?? 0));
        switch (colorType) {
          case 0:
            r = g = b = sample(0);
            if (trns && trns.length >= 2 && raw16(0) === (((trns[0] ?? 0) << 8) | (trns[1] ?? 0))) a = 0;
            break;
          case 2:
            r = sample(0);
            g = sample(1);
            b = sample(2);
            if (trns && trns.length >= 6) {
              const key = (k: number) => ((trns?.[k * 2] ?? 0) << 8) | (trns?.[k * 2 + 1] ?? 0);
              if (raw16(0) === key(0) && raw16(1) === key(1) && raw16(2) === key(2)) a = 0;
            }
            break;
          case 3: {
            const v = sample(0);
            r = palette?.[v * 3] ?? 0;
            g = palette?.[v * 3 + 1] ?? 0;
            b = palette?.[v * 3 + 2] ?? 0;
            a = trns && v < trns.length ? (trns[v] ?? 255) : 255;
            break;
          }
          case 4:
            r = g = b = sample(0);
            a = sample(1);
            break;
          default:
            r = sample(0);
            g = sample(1);
            b = sample(2);
            a = sample(3);
        }
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  };

  const unfilter = (rowBytes: number) => {
    unfilterRow(filter, cur, prev, rowBytes, filterBpp);
  };

  const consume = (chunk: Uint8Array) => {
    let i = 0;
    while (i < chunk.length) {
      if (done) throw corrupt(); // more data than the image holds
      const pass = passes[passIndex];
      if (!pass) throw corrupt();
      const rowBytes = Math.ceil((pass.w * bitsPerPixel) / 8);
      if (rowFill < 0) {
        filter = chunk[i++] ?? 0;
        rowFill = 0;
        continue;
      }
      const take = Math.min(rowBytes - rowFill, chunk.length - i);
      cur.set(chunk.subarray(i, i + take), rowFill);
      rowFill += take;
      i += take;
      if (rowFill === rowBytes) {
        unfilter(rowBytes);
        writeRow(pass, row, cur);
        [prev, cur] = [cur, prev];
        rowFill = -1;
        row++;
        if (row === pass.h) {
          row = 0;
          passIndex++;
          prev.fill(0);
          done = passIndex >= passes.length;
        }
      }
    }
  };

  try {
    const stream = new DecompressionStream('deflate');
    const writer = stream.writable.getWriter();
    const writing = (async () => {
      // Tiny IDAT chunks (a file may split its data into thousands) are written in pieces of about 1 MB.
      for (const part of coalesce(idat, 1 << 20)) await writer.write(part as Uint8Array<ArrayBuffer>);
      await writer.close();
    })();
    // Observed below; without this a failed read would leave the write's rejection unhandled.
    writing.catch(() => undefined);
    const reader = stream.readable.getReader();
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      consume(value);
    }
    await writing;
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw corrupt();
  }
  if (!done) throw corrupt();
  return { width, height, data: out };
}

/** Consecutive small parts joined into pieces of at least `size` bytes (large parts pass as they are). */
function* coalesce(parts: Uint8Array[], size: number): Generator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    const piece = new Uint8Array(pendingBytes);
    let at = 0;
    for (const p of pending) {
      piece.set(p, at);
      at += p.length;
    }
    pending = [];
    pendingBytes = 0;
    return piece;
  };
  for (const part of parts) {
    if (part.length >= size) {
      if (pendingBytes > 0) yield flush();
      yield part;
      continue;
    }
    pending.push(part);
    pendingBytes += part.length;
    if (pendingBytes >= size) yield flush();
  }
  if (pendingBytes > 0) yield flush();
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses one row's PNG filter in place. */
function unfilterRow(filter: number, cur: Uint8Array, prev: Uint8Array, rowBytes: number, bpp: number): void {
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < rowBytes; i++) cur[i] = ((cur[i] as number) + (cur[i - bpp] as number)) & 255;
      return;
    case 2:
      for (let i = 0; i < rowBytes; i++) cur[i] = ((cur[i] as number) + (prev[i] as number)) & 255;
      return;
    case 3:
      for (let i = 0; i < bpp; i++) cur[i] = ((cur[i] as number) + ((prev[i] as number) >> 1)) & 255;
      for (let i = bpp; i < rowBytes; i++) cur[i] = ((cur[i] as number) + (((cur[i - bpp] as number) + (prev[i] as number)) >> 1)) & 255;
      return;
    case 4:
      for (let i = 0; i < bpp; i++) cur[i] = ((cur[i] as number) + (prev[i] as number)) & 255;
      for (let i = bpp; i < rowBytes; i++) cur[i] = ((cur[i] as number) + paeth(cur[i - bpp] as number, prev[i] as number, prev[i - bpp] as number)) & 255;
      return;
    default:
      throw corrupt();
  }
}

/** 8-bit rows of the common colour types, copied straight into RGBA. */
function writeRow8(data: Uint8Array, out: Uint8ClampedArray, at: number, width: number, colorType: number, palette: Uint8Array | null, trns: Uint8Array | null): void {
  switch (colorType) {
    case 6:
      out.set(data.subarray(0, width * 4), at);
      return;
    case 2:
      for (let x = 0, i = 0, o = at; x < width; x++, i += 3, o += 4) {
        out[o] = data[i] as number;
        out[o + 1] = data[i + 1] as number;
        out[o + 2] = data[i + 2] as number;
        out[o + 3] = 255;
      }
      return;
    case 0:
      for (let x = 0, o = at; x < width; x++, o += 4) {
        const v = data[x] as number;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
        out[o + 3] = 255;
      }
      return;
    case 4:
      for (let x = 0, i = 0, o = at; x < width; x++, i += 2, o += 4) {
        const v = data[i] as number;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
        out[o + 3] = data[i + 1] as number;
      }
      return;
    default:
      for (let x = 0, o = at; x < width; x++, o += 4) {
        const v = data[x] as number;
        out[o] = palette?.[v * 3] ?? 0;
        out[o + 1] = palette?.[v * 3 + 1] ?? 0;
        out[o + 2] = palette?.[v * 3 + 2] ?? 0;
        out[o + 3] = trns && v < trns.length ? (trns[v] as number) : 255;
      }
  }
}

// ── Encoder ──────────────────────────────────────────────────────────────────────────────────

export interface EncodeOptions {
  /**
   * 'drop': no alpha channel at all (platforms that refuse transparency; pixels must be opaque).
   * 'keep': always an alpha channel, even when every pixel is opaque (what we promise: a
   * transparent PNG). 'auto' (default): whatever is smallest.
   */
  alpha?: 'drop' | 'keep' | 'auto';
  /**
   * 'fast' (default): zlib's RLE strategy, about 10 times faster than the default on filtered rows
   * for files 5 to 10 % larger. 'small': the default strategy at level 9, for meeting a size cap.
   */
  effort?: 'fast' | 'small';
}

type Layout = { colorType: 0 | 2 | 3 | 4 | 6; channels: number; palette?: Uint8Array; alphas?: Uint8Array; index?: Map<number, number> };

/**
 * The smallest colour type that holds these pixels exactly. Stops reading as soon as nothing more
 * can be learnt (over 256 colours, not grey, and transparency known), which for a colour photo is
 * within its first row.
 */
function chooseLayout(data: Uint8ClampedArray | Uint8Array, alpha: 'drop' | 'keep' | 'auto'): Layout {
  const dropAlpha = alpha === 'drop';
  let opaque = alpha !== 'keep';
  let grey = true;
  const colours = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const a = dropAlpha ? 255 : (data[i + 3] as number);
    if (a !== 255 && !dropAlpha) opaque = false;
    if (r !== g || g !== b) grey = false;
    if (colours.size <= 256) {
      const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
      if (!colours.has(key)) colours.set(key, colours.size);
    } else if (!grey && (!opaque || dropAlpha)) break;
  }
  if (colours.size <= 256 && !(grey && opaque)) {
    const palette = new Uint8Array(colours.size * 3);
    const alphas = new Uint8Array(colours.size);
    for (const [key, i] of colours) {
      palette[i * 3] = key >>> 24;
      palette[i * 3 + 1] = (key >>> 16) & 255;
      palette[i * 3 + 2] = (key >>> 8) & 255;
      alphas[i] = key & 255;
    }
    return { colorType: 3, channels: 1, palette, alphas: opaque ? undefined : alphas, index: colours };
  }
  if (grey) return opaque ? { colorType: 0, channels: 1 } : { colorType: 4, channels: 2 };
  return opaque ? { colorType: 2, channels: 3 } : { colorType: 6, channels: 4 };
}

/** Rows of filtered data deflated at a time: the encoder never holds all of them. */
const STRIP_BYTES = 1 << 20;

/**
 * Encodes RGBA pixels as the smallest lossless PNG we can make, with no metadata.
 *
 * Streams by strips of about 1 MB of filtered rows: each strip is deflated on its own (raw
 * deflate, sync-flushed so the pieces join into one zlib stream) and becomes one IDAT chunk; the
 * zlib header and the Adler-32 of all the rows are written around them. So the encoder holds one
 * strip and the compressed data, not a second copy of the picture. With the RLE strategy nothing
 * is lost at a strip's edge (it only ever looks one byte back); the level-9 encode used for size
 * caps loses its 32 KB window there, a fraction of a percent at 1 MB strips.
 */
export async function encodePng(raster: Raster, options: EncodeOptions = {}): Promise<Uint8Array> {
  const { width, height, data } = raster;
  const layout = chooseLayout(data, options.alpha ?? 'auto');
  const rowBytes = width * layout.channels;
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = layout.colorType;

  const small = options.effort === 'small';
  const deflateOptions = small ? { level: 9 } : { level: 6, strategy: zlibConstants.Z_RLE };
  const rows = layout.colorType === 3 ? paletteRows(data, width, layout) : filteredRows(data, width, layout.colorType, layout.channels);
  const stripRows = Math.max(1, Math.floor(STRIP_BYTES / (rowBytes + 1)));
  const strip = new Uint8Array(Math.min(height, stripRows) * (rowBytes + 1));
  const idat: Uint8Array[] = [];
  let adler = 1;
  for (let y0 = 0; y0 < height; y0 += stripRows) {
    const y1 = Math.min(height, y0 + stripRows);
    for (let y = y0; y < y1; y++) adler = rows(y, strip, (y - y0) * (rowBytes + 1), adler);
    const last = y1 === height;
    idat.push(deflateRawSync(strip.subarray(0, (y1 - y0) * (rowBytes + 1)), { ...deflateOptions, finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH }));
  }
  // The zlib stream: a header (deflate, 32 KB window; check bits per RFC 1950), the pieces, then Adler-32.
  idat[0] = concat([new Uint8Array([0x78, small ? 0xda : 0x01]), idat[0] as Uint8Array]);
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, adler >>> 0);
  idat[idat.length - 1] = concat([idat[idat.length - 1] as Uint8Array, trailer]);

  const chunks: Array<[string, Uint8Array]> = [['IHDR', ihdr]];
  if (layout.palette) chunks.push(['PLTE', layout.palette]);
  if (layout.alphas) chunks.push(['tRNS', layout.alphas]);
  for (const piece of idat) chunks.push(['IDAT', piece]);
  chunks.push(['IEND', new Uint8Array(0)]);
  return writeChunks(chunks);
}

/** The PNG signature and the chunks, written once into a buffer of the exact size. */
function writeChunks(chunks: Array<[string, Uint8Array]>): Uint8Array {
  const out = new Uint8Array(8 + chunks.reduce((sum, [, data]) => sum + 12 + data.length, 0));
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(out.buffer);
  let at = 8;
  for (const [type, data] of chunks) {
    view.setUint32(at, data.length);
    for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
    out.set(data, at + 8);
    view.setUint32(at + 8 + data.length, finishCrc(crc32(out.subarray(at + 4, at + 8 + data.length))));
    at += 12 + data.length;
  }
  return out;
}

/** Writes row y (filter type byte, then the filtered row) at `into[offset]`; returns the Adler-32 so far. */
type RowWriter = (y: number, into: Uint8Array, offset: number, adler: number) => number;

/**
 * Grey, grey + alpha, RGB and RGBA rows: packed, filtered and summed in the WebAssembly kernels,
 * which try all five filters on every byte and keep the one with the smallest sum of absolute
 * values (libpng's heuristic). Only two packed rows and the five candidates live in the module's
 * memory. Rows must be asked for in order.
 */
function filteredRows(data: Uint8ClampedArray | Uint8Array, width: number, colorType: number, bpp: number): RowWriter {
  const rowBytes = width * bpp;
  const stride = (rowBytes + 15) & ~15;
  const { kernels, at, buffer } = withBuffers({ rgba: width * 4 + 16, rowA: stride + 32, rowB: stride + 32, candidates: 5 * stride });
  const bytes = new Uint8Array(buffer);
  // 16 zero bytes before each row (the pixel left of the first is zero) and an all-zero row above the first.
  bytes.fill(0, at.rowA, at.rowA + stride + 32);
  bytes.fill(0, at.rowB, at.rowB + 16);
  let prev = at.rowA + 16;
  let cur = at.rowB + 16;
  return (y, into, offset, adler) => {
    bytes.set(data.subarray(y * width * 4, (y + 1) * width * 4), at.rgba);
    kernels.packRow(at.rgba, width, colorType, cur);
    const type = kernels.filterRow(cur, prev, rowBytes, bpp, at.candidates, stride);
    const from = at.candidates + type * stride;
    into[offset] = type;
    into.set(bytes.subarray(from, from + rowBytes), offset + 1);
    [prev, cur] = [cur, prev];
    return kernels.adler32(adler32(adler, into.subarray(offset, offset + 1)), from, rowBytes);
  };
}

/** Palette rows: indices looked up per pixel, no filter (what the PNG specification advises for palettes). */
function paletteRows(data: Uint8ClampedArray | Uint8Array, width: number, layout: Layout): RowWriter {
  const index = layout.index as Map<number, number>;
  return (y, into, offset, adler) => {
    into[offset] = 0;
    for (let x = 0, i = y * width * 4, o = offset + 1; x < width; x++, i += 4, o++) {
      const a = layout.alphas ? (data[i + 3] as number) : 255;
      into[o] = index.get((((data[i] as number) << 24) | ((data[i + 1] as number) << 16) | ((data[i + 2] as number) << 8) | a) >>> 0) ?? 0;
    }
    return adler32(adler, into.subarray(offset, offset + width + 1));
  };
}

/** Adler-32 in plain JavaScript, for the few bytes the kernels do not see (filter type bytes, palette rows). */
function adler32(adler: number, bytes: Uint8Array): number {
  let s1 = adler & 0xffff;
  let s2 = adler >>> 16;
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(bytes.length, i + 5552);
    for (; i < end; i++) {
      s1 += bytes[i] as number;
      s2 += s1;
    }
    s1 %= 65521;
    s2 %= 65521;
  }
  return ((s2 << 16) | s1) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
