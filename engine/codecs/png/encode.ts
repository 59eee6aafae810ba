/**
 * The PNG encoder (node:zlib's raw deflate; in workerd with nodejs_compat and in Node). It writes the
 * smallest lossless colour type the pixels allow (palette, grey, RGB or RGBA), chooses a filter per
 * row and writes no metadata at all; its row loops run in our WebAssembly kernels (simd/), which
 * hold a few rows, never the picture.
 */
/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every byte.
 */
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { concatBytes } from '../../bytes';
import { freeNow } from '../../memory';
import { usesTransparency, type Raster } from '../../pixels/raster';
import { withBuffers } from '../simd/kernels';

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

type Layout = {
  colorType: 0 | 2 | 3 | 4 | 6;
  channels: number;
  palette?: Uint8Array;
  alphas?: Uint8Array;
  index?: Map<number, number>;
};

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
  // The pixel before's colour: a run of one colour (a graphic's flat areas) costs no lookup. No
  // colour is -1 (they are unsigned).
  let last = -1;
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const a = dropAlpha ? 255 : (data[i + 3] as number);
    if (a !== 255 && !dropAlpha) opaque = false;
    if (r !== g || g !== b) grey = false;
    if (colours.size <= 256) {
      const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
      if (key === last) continue;
      if (!colours.has(key)) colours.set(key, colours.size);
      last = key;
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
  // Pixels with no transparency are read as if their alpha were dropped: the same layout (every
  // alpha is 255), but the reading stops once over 256 colours show it is RGB, where 'auto' would
  // read every pixel to learn that none is transparent (a graphic's output: most of its CPU here).
  const alpha = options.alpha ?? 'auto';
  const layout = chooseLayout(data, alpha === 'auto' && !usesTransparency(raster) ? 'drop' : alpha);
  const rowBytes = width * layout.channels;
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = layout.colorType;

  const small = options.effort === 'small';
  const deflateOptions = small ? { level: 9 } : { level: 6, strategy: zlibConstants.Z_RLE };
  const rows =
    layout.colorType === 3
      ? paletteRows(data, width, layout)
      : filteredRows(data, width, layout.colorType, layout.channels);
  const stripRows = Math.max(1, Math.floor(STRIP_BYTES / (rowBytes + 1)));
  const strip = new Uint8Array(Math.min(height, stripRows) * (rowBytes + 1));
  const idat: Uint8Array[] = [];
  let adler = 1;
  for (let y0 = 0; y0 < height; y0 += stripRows) {
    const y1 = Math.min(height, y0 + stripRows);
    for (let y = y0; y < y1; y++) adler = rows(y, strip, (y - y0) * (rowBytes + 1), adler);
    const last = y1 === height;
    idat.push(
      deflateRawSync(strip.subarray(0, (y1 - y0) * (rowBytes + 1)), {
        ...deflateOptions,
        finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH,
      }),
    );
  }
  // The zlib stream: a header (deflate, 32 KB window; check bits per RFC 1950), the pieces, then Adler-32.
  // Each piece joined is freed (memory.ts freeNow), as the strip and the pieces are once written.
  const head = idat[0] as Uint8Array;
  idat[0] = concatBytes([new Uint8Array([0x78, small ? 0xda : 0x01]), head]);
  freeNow(head);
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, adler >>> 0);
  const tail = idat[idat.length - 1] as Uint8Array;
  idat[idat.length - 1] = concatBytes([tail, trailer]);
  freeNow(tail);

  const chunks: Array<[string, Uint8Array]> = [['IHDR', ihdr]];
  if (layout.palette) chunks.push(['PLTE', layout.palette]);
  if (layout.alphas) chunks.push(['tRNS', layout.alphas]);
  for (const piece of idat) chunks.push(['IDAT', piece]);
  chunks.push(['IEND', new Uint8Array(0)]);
  const file = writeChunks(chunks);
  freeNow(strip, ...idat);
  return file;
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
    view.setUint32(at + 8 + data.length, crc32(out.subarray(at + 4, at + 8 + data.length)));
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
  const { kernels, at, buffer } = withBuffers({
    rgba: width * 4 + 16,
    rowA: stride + 32,
    rowB: stride + 32,
    candidates: 5 * stride,
  });
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
    // As chooseLayout: a run of one colour is looked up once.
    let last = -1;
    let entry = 0;
    for (let x = 0, i = y * width * 4, o = offset + 1; x < width; x++, i += 4, o++) {
      const a = layout.alphas ? (data[i + 3] as number) : 255;
      const key =
        (((data[i] as number) << 24) | ((data[i + 1] as number) << 16) | ((data[i + 2] as number) << 8) | a) >>> 0;
      if (key !== last) {
        entry = index.get(key) ?? 0;
        last = key;
      }
      into[o] = entry;
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
