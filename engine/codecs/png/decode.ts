/**
 * The PNG decoder, over native zlib (node:zlib; in workerd with nodejs_compat and in Node): no
 * codec's WASM heap that grows with the picture and never shrinks, nothing to poison or leak. It
 * streams: IDAT data is inflated piece by piece and unfiltered row by row (in the SIMD kernels)
 * straight into the result (RGB for an opaque file, else RGBA: decodePng). The chunks come from
 * the same reading as admission's (readPngChunks).
 */
/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every byte.
 */
import { createInflate } from 'node:zlib';
import { corrupt, ImageError } from '../../errors';
import type { ImageInfo } from '../../input/image-info';
import type { Picture } from '../../pixels/raster';
import { decodedChannels } from '../../input/limits';
import { readPngChunks } from './chunks';
import { freeNow } from '../../memory';
import { withBuffers } from '../simd/kernels';

/**
 * Bytes of inflated data a piece holds. node:zlib's stream, not DecompressionStream: workerd's
 * DecompressionStream answers in pieces of 4 KB, 17,600 for a 24 MP picture, each a read's promise
 * and objects on the JavaScript heap (docs/decisions/0019); in Node the stream inflated the
 * 24 MP photo's data in 240 ms against DecompressionStream's 463.
 */
const PIECE_BYTES = 256 * 1024;

const invalidData = () => corrupt('its compressed data is invalid');

/** Sub, Average and Paeth: filters whose pixels each wait for the one left of them (unfilterRowPair). */
const chained = (filter: number | undefined) => filter === 1 || filter === 3 || filter === 4;

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

/**
 * What to decode: the whole picture, or (shrink-on-load, decode-plan.ts plans it) a region of it reduced by
 * `scale`, each output pixel the average of a scale × scale cell (on premultiplied alpha, so
 * transparent pixels lend no colour), counted from the picture's origin. Rows above the region are
 * unfiltered and dropped, and the stream is left after its last row. An interlaced file (Adam7
 * sends the picture in seven passes, each a sparser grid) is read to its end, each pass's pixels
 * going straight to their place in the region, or added to their cell's sums (alpha, and colour
 * times alpha in quarters of a level: 16 bits hold 64 pixels' worth). A sum's low byte is kept in
 * the result itself and its high byte in a plane of the same size, so a reduced Adam7 file holds
 * twice its result, not three times.
 */
export interface PngPart {
  scale: number;
  region?: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Decodes a PNG that inspectImage accepted into 8-bit pixels (16-bit samples keep their high byte):
 * RGBA, or RGB where the file holds no alpha channel or tRNS and is not interlaced
 * (decodedChannels), as a JPEG is decoded. Such a picture is opaque, so the resampler takes its
 * fixed-point path (a 24 MP PNG's banner 52 → 32 ms); as RGB it is a quarter smaller, and an RGB
 * file's rows are copied as they are unfiltered, not widened. An interlaced one stays RGBA (its
 * passes' cell sums live in the result), marked opaque.
 */
export async function decodePng(bytes: Uint8Array, info: ImageInfo, part: PngPart = { scale: 1 }): Promise<Picture> {
  const picture = await readPng(bytes, info, part, false);
  return info.hasAlpha ? picture : { ...picture, opaque: true };
}

/**
 * Proves decodePng decodes a PNG that inspectImage accepted, for the upload check: its data
 * inflated to the end and walked row by row, each row's filter one PNG defines and the rows exactly
 * what the picture holds (all that can fail a decode), without unfiltering or writing a pixel.
 */
export async function verifyPng(bytes: Uint8Array, info: ImageInfo): Promise<void> {
  await readPng(bytes, info, { scale: 1 }, true);
}

async function readPng(bytes: Uint8Array, info: ImageInfo, part: PngPart, checkOnly: boolean): Promise<Picture> {
  const { width, height, bitDepth, colorType, interlaced } = info;
  const channels = CHANNELS[colorType] ?? 4;
  // The result's bytes a pixel.
  const oc = decodedChannels(info);
  const bitsPerPixel = channels * bitDepth;
  const filterBpp = Math.max(1, bitsPerPixel >> 3);
  // The region in scaled pixels, and the full-size rows and columns it covers.
  const d = part.scale;
  const sw = Math.ceil(width / d);
  const sh = Math.ceil(height / d);
  const wanted = part.region;
  const rx0 = Math.min(sw - 1, Math.max(0, Math.floor(wanted?.x0 ?? 0)));
  const ry0 = Math.min(sh - 1, Math.max(0, Math.floor(wanted?.y0 ?? 0)));
  const rx1 = Math.max(rx0 + 1, Math.min(sw, Math.ceil(wanted?.x1 ?? sw)));
  const ry1 = Math.max(ry0 + 1, Math.min(sh, Math.ceil(wanted?.y1 ?? sh)));
  const rw = rx1 - rx0;
  const [X0, X1, Y0, Y1] = [rx0 * d, Math.min(width, rx1 * d), ry0 * d, Math.min(height, ry1 * d)];
  const rh = ry1 - ry0;
  const out = new Uint8ClampedArray(checkOnly ? 0 : rw * rh * oc);
  // A row (of the picture, or of an Adam7 pass: its pixels side by side) is made in `line`, then
  // copied or averaged into the region.
  const line = new Uint8ClampedArray(checkOnly ? 0 : width * 4);
  // Integer sums (at most 64 pixels × 255 × 255, a small integer V8 never boxes), so the loop
  // allocates nothing even before V8 has optimised it (docs/decisions/0019).
  const sums = d > 1 && !interlaced ? new Uint32Array(rw * 4) : null;
  // An Adam7 file's cell sums: low bytes in the result (over the same memory), high bytes beside it.
  const cellSums: CellSums | null =
    d > 1 && interlaced ? { low: new Uint8Array(out.buffer), high: new Uint8Array(rw * rh * 4) } : null;
  let lastRow = false;

  // At full scale, the rows of an opaque 8-bit RGB or palette file and of a non-interlaced 8-bit
  // RGBA one are kept from the unfiltered row itself: the region's columns copied, or their palette
  // entries written, with no RGBA row between.
  const stored =
    d === 1 &&
    bitDepth === 8 &&
    ((oc === 3 && (colorType === 2 || colorType === 3)) || (colorType === 6 && !interlaced));
  // The palette padded to 256 entries (an index past a short palette reads black, as writeRow8's).
  let entries: Uint8Array | null = null;
  /** A row of the picture (as stored, or made RGBA in `line`): copied or added to its cells. */
  const keepRow = (oy: number, row: Uint8Array | Uint8ClampedArray) => {
    if (oy < Y0 || oy >= Y1) return;
    const rowInCell = (oy - Y0) % d;
    if (stored && colorType !== 3) out.set(row.subarray(X0 * oc, X1 * oc), (oy - Y0) * rw * oc);
    else if (stored) {
      if (!entries) {
        entries = new Uint8Array(768);
        if (palette) entries.set((palette as Uint8Array).subarray(0, 768));
      }
      for (let x = X0, o = (oy - Y0) * rw * 3; x < X1; x++, o += 3) {
        const e = (row[x] as number) * 3;
        out[o] = entries[e] as number;
        out[o + 1] = entries[e + 1] as number;
        out[o + 2] = entries[e + 2] as number;
      }
    } else if (!sums) {
      if (oc === 4) out.set(row.subarray(X0 * 4, X1 * 4), (oy - Y0) * rw * 4);
      else {
        for (let i = X0 * 4, o = (oy - Y0) * rw * 3; i < X1 * 4; i += 4, o += 3) {
          out[o] = row[i] as number;
          out[o + 1] = row[i + 1] as number;
          out[o + 2] = row[i + 2] as number;
        }
      }
    } else {
      if (rowInCell === 0) sums.fill(0);
      // o: the cell's sums, counted on (k: the pixel in its cell) rather than divided for.
      for (let x = X0, k = 0, o = 0; x < X1; x++) {
        const i = x * 4;
        const a = row[i + 3] as number;
        sums[o] = (sums[o] as number) + (row[i] as number) * a;
        sums[o + 1] = (sums[o + 1] as number) + (row[i + 1] as number) * a;
        sums[o + 2] = (sums[o + 2] as number) + (row[i + 2] as number) * a;
        sums[o + 3] = (sums[o + 3] as number) + a;
        if (++k === d) {
          k = 0;
          o += 4;
        }
      }
      if (rowInCell === d - 1 || oy === Y1 - 1) {
        const rows = rowInCell + 1;
        const base = (((oy - Y0) / d) | 0) * rw * oc;
        for (let cx = 0; cx < rw; cx++) {
          const o = cx * 4;
          const to = base + cx * oc;
          const cells = rows * (Math.min(X1, X0 + (cx + 1) * d) - (X0 + cx * d));
          const alpha = sums[o + 3] as number;
          if (oc === 4) out[to + 3] = alpha / cells;
          if (alpha === 0) continue;
          out[to] = (sums[o] as number) / alpha;
          out[to + 1] = (sums[o + 1] as number) / alpha;
          out[to + 2] = (sums[o + 2] as number) / alpha;
        }
      }
    }
    lastRow = oy === Y1 - 1 && Y1 < height; // a region that ends above the picture's last row
  };

  // Palette and transparency come before the image data (admission checked the order), so they
  // are known before the first row is written. Nothing holds the list of chunks: a file split into
  // millions of tiny IDAT chunks streams like any other.
  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  function* imageData(): Generator<Uint8Array> {
    // inspectImage checked every chunk's CRC in the same reading: not again.
    for (const { type, data } of readPngChunks(bytes, { checksums: false })) {
      if (type === 'PLTE') palette = data;
      else if (type === 'tRNS') trns = data;
      else if (type === 'IDAT') yield data;
    }
  }

  const passes = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        x0,
        y0,
        dx,
        dy,
        w: Math.ceil((width - x0) / dx),
        h: Math.ceil((height - y0) / dy),
      })).filter((p) => p.w > 0 && p.h > 0)
    : [{ x0: 0, y0: 0, dx: 1, dy: 1, w: width, h: height }];

  const maxRowBytes = checkOnly ? 0 : Math.ceil((width * bitsPerPixel) / 8);
  // The row above and the part of a row read so far, between pieces (consume).
  const prev = new Uint8Array(maxRowBytes);
  const cur = new Uint8Array(maxRowBytes);
  let passIndex = 0;
  let row = 0;
  let rowFill = -1; // -1: waiting for the filter byte
  let filter = 0;
  let done = passes.length === 0;

  /** An Adam7 pass's row, in `line`: each pixel to its place in the region or to its cell. */
  const keepPassRow = (pass: (typeof passes)[number], oy: number) => {
    const first = Math.max(0, Math.ceil((X0 - pass.x0) / pass.dx));
    const cellRow = (((oy - Y0) / d) | 0) * rw;
    // In small integers only, each pixel (no subarray, no division): unoptimised code boxes none.
    let cell = 0; // the pixel's cell across
    let nextCell = X0 + d; // where the next cell starts
    for (let k = first, x = pass.x0 + first * pass.dx; x < X1; k++, x += pass.dx) {
      const i = k * 4;
      if (!cellSums) {
        const to = ((oy - Y0) * rw + x - X0) * 4;
        out[to] = line[i] as number;
        out[to + 1] = line[i + 1] as number;
        out[to + 2] = line[i + 2] as number;
        out[to + 3] = line[i + 3] as number;
        continue;
      }
      while (x >= nextCell) {
        cell += 1;
        nextCell += d;
      }
      const o = (cellRow + cell) * 4;
      const a = line[i + 3] as number;
      addToSum(cellSums, o, div255((line[i] as number) * a * 4 + 127));
      addToSum(cellSums, o + 1, div255((line[i + 1] as number) * a * 4 + 127));
      addToSum(cellSums, o + 2, div255((line[i + 2] as number) * a * 4 + 127));
      addToSum(cellSums, o + 3, a);
    }
  };
  /** The cells' sums as their averages (alpha over the cell's pixels, colour over its alpha), in place. */
  const finishCells = ({ low, high }: CellSums) => {
    const sum = (i: number) => ((high[i] as number) << 8) | (low[i] as number);
    for (let cy = 0; cy < rh; cy++) {
      const rows = Math.min(Y1, Y0 + (cy + 1) * d) - (Y0 + cy * d);
      for (let cx = 0; cx < rw; cx++) {
        const o = (cy * rw + cx) * 4;
        const alpha = sum(o + 3);
        const r = sum(o);
        const g = sum(o + 1);
        const b = sum(o + 2);
        out[o + 3] = alpha / (rows * (Math.min(X1, X0 + (cx + 1) * d) - (X0 + cx * d)));
        if (alpha === 0) continue; // its colour sums are 0 too
        out[o] = (r * 255) / (4 * alpha);
        out[o + 1] = (g * 255) / (4 * alpha);
        out[o + 2] = (b * 255) / (4 * alpha);
      }
    }
  };

  const writeRow = (pass: (typeof passes)[number], y: number, data: Uint8Array) => {
    const oy = pass.y0 + y * pass.dy;
    if (oy < Y0 || oy >= Y1) return;
    const keep = () => (interlaced ? keepPassRow(pass, oy) : keepRow(oy, line));
    if (stored) {
      keepRow(oy, data);
      return;
    }
    if (bitDepth === 8 && !(trns && colorType !== 3)) {
      writeRow8(data, line, 0, pass.w, colorType, palette, trns);
      keep();
      return;
    }
    for (let x = 0; x < pass.w; x++) {
      const o = x * 4;
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
        const raw16 = (c: number) =>
          step === 2 ? ((data[i + c * 2] ?? 0) << 8) | (data[i + c * 2 + 1] ?? 0) : (data[i + c] ?? 0);
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
      line[o] = r;
      line[o + 1] = g;
      line[o + 2] = b;
      line[o + 3] = a;
    }
    keep();
  };

  /**
   * Reads a piece of inflated data: rows are gathered, their filters reversed (in the kernels)
   * and written. While a piece is read (synchronously: simd/kernels.ts's rule) the row being
   * filled and the one above it live in the kernels' memory; between pieces, when another decode
   * or a render may lay out its own buffers there, in `prev` and `cur`.
   */
  const consume = (chunk: Uint8Array) => {
    // Each row with 16 bytes of slack (unfilterRow reads a pixel 8 bytes wide).
    const { kernels, at, buffer } = checkOnly
      ? { kernels: null, at: { above: 0, row: 0, next: 0 }, buffer: new ArrayBuffer(0) }
      : withBuffers({ above: maxRowBytes + 16, row: maxRowBytes + 16, next: maxRowBytes + 16 });
    const bytes = new Uint8Array(buffer);
    let above = at.above;
    let into = at.row;
    let spare = at.next;
    if (kernels) {
      bytes.set(prev, above);
      if (rowFill > 0) bytes.set(cur.subarray(0, rowFill), into);
    }
    let i = 0;
    while (i < chunk.length) {
      if (done) throw invalidData(); // more data than the image holds
      const pass = passes[passIndex];
      if (!pass) throw invalidData();
      const rowBytes = Math.ceil((pass.w * bitsPerPixel) / 8);
      if (rowFill < 0) {
        filter = chunk[i++] ?? 0;
        rowFill = 0;
        continue;
      }
      const take = Math.min(rowBytes - rowFill, chunk.length - i);
      if (kernels) bytes.set(chunk.subarray(i, i + take), into + rowFill);
      rowFill += take;
      i += take;
      if (rowFill === rowBytes) {
        if (!kernels) {
          if (filter > 4) throw invalidData(); // as unfilterRow
        } else if (chained(filter) && row + 1 < pass.h && chained(chunk[i]) && i + 1 + rowBytes <= chunk.length) {
          // The next row is here whole and Sub, Average or Paeth too (most of a photo's are): both at once.
          bytes.set(chunk.subarray(i + 1, i + 1 + rowBytes), spare);
          kernels.unfilterRowPair(into, spare, above, rowBytes, filterBpp, filter, chunk[i] as number);
          writeRow(pass, row, bytes.subarray(into, into + rowBytes));
          writeRow(pass, row + 1, bytes.subarray(spare, spare + rowBytes));
          [above, into, spare] = [spare, above, into];
          i += 1 + rowBytes;
          row++;
        } else {
          if (!kernels.unfilterRow(into, above, rowBytes, filterBpp, filter)) throw invalidData();
          writeRow(pass, row, bytes.subarray(into, into + rowBytes));
          [above, into] = [into, above];
        }
        rowFill = -1;
        row++;
        if (row === pass.h) {
          row = 0;
          passIndex++;
          bytes.fill(0, above, above + maxRowBytes);
          done = passIndex >= passes.length;
        }
      }
    }
    if (kernels) {
      prev.set(bytes.subarray(above, above + maxRowBytes));
      if (rowFill > 0) cur.set(bytes.subarray(into, into + rowFill));
    }
  };

  const inflate = createInflate({ chunkSize: PIECE_BYTES });
  try {
    const writing = (async () => {
      // Tiny IDAT chunks (a file may split its data into thousands) are written in pieces of about 1 MB.
      for (const part of coalesce(imageData(), 1 << 20)) {
        // The reader is done (a region read whole, or data refused): nothing more to write.
        if (inflate.destroyed) return;
        // A copy coalesce made is freed once the stream has read it (a 47 MB file's were 47 MB of
        // garbage a decode); the file's own parts are views, which freeNow leaves.
        if (!inflate.write(part, () => freeNow(part))) await drained(inflate);
      }
      inflate.end();
    })();
    // Observed below; without this a failed read would leave the write's rejection unhandled.
    writing.catch(() => undefined);
    for await (const piece of inflate as AsyncIterable<Uint8Array>) {
      consume(piece);
      // An inflated piece is read once (a 24 MP picture's are 72 MB in all). The stream writes its
      // pieces one after another into a buffer of PIECE_BYTES and starts a new one once it is full:
      // the piece that ends a buffer is its last, every other already read.
      if (piece.byteOffset + piece.byteLength === piece.buffer.byteLength)
        freeNow(new Uint8Array(piece.buffer as ArrayBuffer));
      // The region is complete: the rest of the stream is not needed (the upload proved it
      // whole). Leaving the loop destroys the stream.
      if (lastRow) return { width: rw, height: rh, data: out, channels: oc };
    }
    await writing;
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw invalidData();
  } finally {
    inflate.destroy();
  }
  if (!done) throw invalidData();
  if (cellSums) {
    finishCells(cellSums);
    freeNow(cellSums.high);
  }
  return { width: rw, height: rh, data: out, channels: oc };
}

/**
 * Consecutive small parts copied into pieces of up to `size` bytes (large parts pass as they are):
 * one buffer, however many parts, so tiny chunks cost neither objects nor stream writes.
 */
function* coalesce(parts: Iterable<Uint8Array>, size: number): Generator<Uint8Array> {
  const buffer = new Uint8Array(size);
  let used = 0;
  try {
    for (const part of parts) {
      if (used > 0 && (part.length >= size || used + part.length > size)) {
        yield buffer.slice(0, used); // a copy: the stream may still hold it when the buffer is reused
        used = 0;
      }
      if (part.length >= size) {
        yield part;
        continue;
      }
      buffer.set(part, used);
      used += part.length;
    }
    if (used > 0) yield buffer.slice(0, used);
  } finally {
    freeNow(buffer); // the writer is done with it, whether the data ended or the reader did
  }
}

/** Until the stream takes more input, or is destroyed (a region read whole leaves it early). */
function drained(stream: ReturnType<typeof createInflate>): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go).off('close', go);
      resolve();
    };
    stream.on('drain', go).on('close', go);
  });
}

/** 16-bit sums kept as two planes of bytes. */
interface CellSums {
  low: Uint8Array;
  high: Uint8Array;
}

/**
 * ⌊m / 255⌋ in small integers, for 0 ≤ m < 2^23: 257 / 65536 is 1/255 less 1/16,711,680, so the
 * shift falls short of m / 255 by less than one, and one test makes it whole.
 */
function div255(m: number): number {
  const q = (m * 257) >> 16;
  return (q + 1) * 255 <= m ? q + 1 : q;
}

/** Adds `value` (truncated) to the 16-bit sum at `i`. */
function addToSum({ low, high }: CellSums, i: number, value: number): void {
  const sum = (((high[i] as number) << 8) | (low[i] as number)) + value;
  low[i] = sum; // a Uint8Array keeps the low 8 bits
  high[i] = sum >> 8;
}

/** 8-bit rows of the common colour types, copied straight into RGBA. */
function writeRow8(
  data: Uint8Array,
  out: Uint8ClampedArray,
  at: number,
  width: number,
  colorType: number,
  palette: Uint8Array | null,
  trns: Uint8Array | null,
): void {
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
