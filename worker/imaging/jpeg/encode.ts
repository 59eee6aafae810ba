/**
 * JPEG output through MozJPEG (jSquash's build), within the engine's memory plan.
 *
 * MozJPEG's WebAssembly heap grows to about 16 bytes a pixel of the image it encodes (90 MB for the
 * 2064×2752 iPad screenshot, measured: docs/decisions/0009-output-types-and-encoders.md). So an
 * output up to WHOLE_PIXELS is encoded in one go (baseline, optimised Huffman tables); a larger
 * one is encoded in strips of at most STRIP_PIXELS, and the strips are
 * joined into one baseline JPEG with a restart marker between them (where DC prediction starts
 * again, as it did in each strip), with one set of Huffman tables optimised over the whole image in
 * two passes over the strips' entropy-coded data (each strip comes with its own tables). The pixels decode the same as a single encode: JPEG blocks never
 * look across a strip whose height is a whole number of MCUs.
 *
 * Each call makes its own instance and lets it go, so the heap is garbage once the call returns.
 */
import mozjpegFactory, { type EncodeOptions, type MozJPEGModule } from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { defaultOptions } from '@jsquash/jpeg/meta.js';
import { freshInstance } from '../wasm/emscripten';
import type { Raster } from '../raster';
import { buildHuffman, LOOKAHEAD, type HuffmanTable } from './huffman';

export const WHOLE_PIXELS = 2_100_000;
export const STRIP_PIXELS = 600_000;

/** Encodes opaque RGBA pixels (alpha is ignored) at a MozJPEG quality of 1 to 100. */
export async function encodeJpeg(raster: Raster, quality: number, module: WebAssembly.Module): Promise<Uint8Array> {
  const codec = await mozjpegFactory(freshInstance(module) as Partial<MozJPEGModule>);
  const { width, height } = raster;
  // Baseline with optimised tables (and MozJPEG's trellis quantisation): 2.0-2.4× faster than its
  // progressive mode with scan optimisation, for files 0-5 % larger
  // (docs/decisions/0009-output-types-and-encoders.md, "Baseline since 2026-11-23"). Baseline with
  // standard tables writes broken data in this build (6.7 dB on a photo strip).
  const options = { ...defaultOptions, quality, progressive: false } as EncodeOptions;
  if (width * height <= WHOLE_PIXELS) return codec.encode(raster.data as BufferSource, width, height, options);
  // Strips of whole MCU rows (16 pixels covers 4:2:0 and 4:4:4 alike), each with its own tables.
  const rows = Math.max(16, Math.floor(STRIP_PIXELS / width / 16) * 16);
  const strips: Uint8Array[] = [];
  for (let y = 0; y < height; y += rows) {
    const h = Math.min(rows, height - y);
    const strip = raster.data.subarray(y * width * 4, (y + h) * width * 4) as BufferSource;
    strips.push(codec.encode(strip, width, h, options));
  }
  return joinStrips(strips, width, height, rows);
}

interface Layout {
  /** SOI up to (not including) the first DHT, with the frame height patched: APP0, DQT, SOF. */
  head: Uint8Array;
  sos: Uint8Array;
  components: Array<{ blocksH: number; blocksV: number; dc: number; ac: number }>;
  mcuWidth: number;
  mcuHeight: number;
}

const u16 = (b: Uint8Array, at: number) => ((b[at] as number) << 8) | (b[at + 1] as number);

/** The segments of one strip as MozJPEG writes them: tables, frame and scan header, then data to EOI. */
function readStrip(b: Uint8Array): { segments: Array<{ marker: number; start: number; end: number }>; data: number } {
  const segments: Array<{ marker: number; start: number; end: number }> = [];
  let at = 2;
  for (;;) {
    const marker = b[at + 1] as number;
    const end = at + 2 + u16(b, at + 2);
    segments.push({ marker, start: at, end });
    if (marker === 0xda) return { segments, data: end };
    at = end;
  }
}

/** The Huffman tables of one strip (MozJPEG optimises each strip's own). */
function tablesOf(strip: Uint8Array): Map<number, HuffmanTable> {
  const tables = new Map<number, HuffmanTable>();
  for (const s of readStrip(strip).segments) {
    if (s.marker !== 0xc4) continue;
    const body = strip.subarray(s.start + 4, s.end);
    for (let i = 0; i < body.length;) {
      const counts = body.subarray(i + 1, i + 17);
      const n = counts.reduce((a, c) => a + c, 0);
      tables.set(body[i] as number, buildHuffman(counts, body.subarray(i + 17, i + 17 + n)));
      i += 17 + n;
    }
  }
  return tables;
}

function layoutOf(first: Uint8Array, height: number): Layout {
  const { segments } = readStrip(first);
  const head: number[] = [0xff, 0xd8];
  let sos = new Uint8Array();
  const frame: Array<{ id: number; h: number; v: number }> = [];
  for (const s of segments) {
    const body = first.subarray(s.start + 4, s.end);
    if (s.marker === 0xc4) continue;
    if (s.marker === 0xda) sos = first.slice(s.start, s.end);
    else {
      const bytes = Array.from(first.subarray(s.start, s.end));
      if (s.marker === 0xc0 || s.marker === 0xc1) {
        bytes[5] = height >> 8;
        bytes[6] = height & 0xff;
        for (let c = 0; c < (body[5] as number); c++)
          frame.push({
            id: body[6 + c * 3] as number,
            h: (body[7 + c * 3] as number) >> 4,
            v: (body[7 + c * 3] as number) & 15,
          });
      }
      head.push(...bytes);
    }
  }
  const hMax = Math.max(...frame.map((c) => c.h));
  const vMax = Math.max(...frame.map((c) => c.v));
  const components = frame.map((c) => {
    const i = Array.from({ length: sos[4] as number }, (_, k) => k).find((k) => sos[5 + k * 2] === c.id) ?? 0;
    const selectors = sos[6 + i * 2] as number;
    return { blocksH: c.h, blocksV: c.v, dc: selectors >> 4, ac: 0x10 | (selectors & 15) };
  });
  return { head: Uint8Array.from(head), sos, components, mcuWidth: hMax * 8, mcuHeight: vMax * 8 };
}

/** Reads the entropy-coded data of one strip symbol by symbol (byte stuffing undone). */
class SymbolReader {
  private pos: number;
  private buf = 0;
  private count = 0;
  constructor(
    private readonly b: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }
  private fill() {
    while (this.count <= 16) {
      let byte = 0;
      if (this.pos < this.b.length) {
        byte = this.b[this.pos] as number;
        if (byte === 0xff && this.b[this.pos + 1] === 0x00) this.pos += 2;
        else if (byte === 0xff) byte = 0;
        else this.pos++;
      }
      this.buf = ((this.buf << 8) | byte) & 0xffffff;
      this.count += 8;
    }
  }
  bits(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.buf >>> this.count) & ((1 << n) - 1);
  }
  symbol(t: HuffmanTable): number {
    if (this.count < 16) this.fill();
    const entry = t.fast[(this.buf >>> (this.count - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)] as number;
    if (entry !== 0) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    let length = LOOKAHEAD + 1;
    let code = (this.buf >>> (this.count - length)) & ((1 << length) - 1);
    while (length <= 16 && code > (t.maxCode[length] as number)) {
      length++;
      code = (this.buf >>> (this.count - length)) & ((1 << length) - 1);
    }
    if (length > 16) throw new Error('MozJPEG wrote a code its own tables do not hold');
    this.count -= length;
    return t.symbols[code + (t.offset[length] as number)] as number;
  }
}

/** Walks every block of every strip, handing each Huffman symbol (and its extra bits) to `emit`. */
function walk(
  strips: Uint8Array[],
  layout: Layout,
  width: number,
  height: number,
  rows: number,
  emit: (table: number, symbol: number, extra: number, size: number) => void,
  endStrip: (index: number) => void,
) {
  const columns = Math.ceil(width / layout.mcuWidth);
  strips.forEach((strip, index) => {
    const h = Math.min(rows, height - index * rows);
    const reader = new SymbolReader(strip, readStrip(strip).data);
    const tables = tablesOf(strip);
    const mcus = columns * Math.ceil(h / layout.mcuHeight);
    for (let m = 0; m < mcus; m++)
      for (const c of layout.components)
        for (let n = c.blocksH * c.blocksV; n > 0; n--) {
          const s = reader.symbol(tables.get(c.dc) as HuffmanTable);
          emit(c.dc, s, reader.bits(s), s);
          const ac = tables.get(c.ac) as HuffmanTable;
          for (let k = 1; k < 64;) {
            const rs = reader.symbol(ac);
            const size = rs & 15;
            emit(c.ac, rs, reader.bits(size), size);
            if (size === 0) {
              if (rs >> 4 < 15) break;
              k += 16;
            } else k += (rs >> 4) + 1;
          }
        }
    endStrip(index);
  });
}

/**
 * Code lengths (at most 16 bits) for symbol frequencies, as libjpeg's jpeg_gen_optimal_table does:
 * Huffman's merge with one reserved symbol so that no code is all ones, then lengths over 16 moved
 * up the tree. Returns the DHT counts and symbols.
 */
export function optimalTable(freq: Uint32Array): { counts: Uint8Array; symbols: Uint8Array } {
  const f = new Float64Array(257);
  f.set(freq.subarray(0, 256));
  f[256] = 1; // reserved, so that no real code is all ones
  const size = new Int32Array(257);
  const others = new Int32Array(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let c2 = -1;
    for (let i = 0; i <= 256; i++) {
      const v = f[i] as number;
      if (v === 0) continue;
      if (c1 < 0 || v <= (f[c1] as number)) {
        c2 = c1;
        c1 = i;
      } else if (c2 < 0 || v <= (f[c2] as number)) c2 = i;
    }
    if (c2 < 0) break;
    f[c1] = (f[c1] as number) + (f[c2] as number);
    f[c2] = 0;
    size[c1] = (size[c1] as number) + 1;
    while ((others[c1] as number) >= 0) {
      c1 = others[c1] as number;
      size[c1] = (size[c1] as number) + 1;
    }
    others[c1] = c2;
    size[c2] = (size[c2] as number) + 1;
    while ((others[c2] as number) >= 0) {
      c2 = others[c2] as number;
      size[c2] = (size[c2] as number) + 1;
    }
  }
  const bits = new Int32Array(33);
  for (let i = 0; i <= 256; i++) {
    const length = size[i] as number;
    if (length > 0) bits[length] = (bits[length] as number) + 1;
  }
  for (let i = 32; i > 16; i--)
    while ((bits[i] as number) > 0) {
      let j = i - 2;
      while (bits[j] === 0) j--;
      bits[i] = (bits[i] as number) - 2;
      bits[i - 1] = (bits[i - 1] as number) + 1;
      bits[j + 1] = (bits[j + 1] as number) + 2;
      bits[j] = (bits[j] as number) - 1;
    }
  let longest = 16;
  while (bits[longest] === 0) longest--;
  bits[longest] = (bits[longest] as number) - 1; // the reserved symbol's code goes
  const symbols: number[] = [];
  for (let length = 1; length <= 32; length++) for (let s = 0; s < 256; s++) if (size[s] === length) symbols.push(s);
  return { counts: Uint8Array.from(bits.subarray(1, 17)), symbols: Uint8Array.from(symbols) };
}

/** Code and length of each symbol from DHT counts and symbols (canonical Huffman codes). */
function codesOf(table: { counts: Uint8Array; symbols: Uint8Array }): { code: Uint32Array; length: Uint8Array } {
  const code = new Uint32Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let l = 1; l <= 16; l++) {
    for (let i = 0; i < (table.counts[l - 1] as number); i++, k++) {
      const s = table.symbols[k] as number;
      code[s] = next++;
      length[s] = l;
    }
    next <<= 1;
  }
  return { code, length };
}

class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  private acc = 0;
  private count = 0;
  push(byte: number) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
  pushAll(bytes: ArrayLike<number>) {
    for (let i = 0; i < bytes.length; i++) this.push(bytes[i] as number);
  }
  bits(value: number, n: number) {
    for (let i = n - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.count === 8) {
        this.push(this.acc);
        if (this.acc === 0xff) this.push(0);
        this.acc = 0;
        this.count = 0;
      }
    }
  }
  /** Pads the last byte with ones, as the standard asks before a marker. */
  flush() {
    if (this.count > 0) this.bits(0x7f, 8 - this.count);
  }
}

function joinStrips(strips: Uint8Array[], width: number, height: number, rows: number): Uint8Array {
  const first = strips[0] as Uint8Array;
  const layout = layoutOf(first, height);
  const freq = new Map<number, Uint32Array>();
  for (const c of layout.components) for (const id of [c.dc, c.ac]) freq.set(id, new Uint32Array(257));
  walk(
    strips,
    layout,
    width,
    height,
    rows,
    (table, symbol) => {
      const f = freq.get(table) as Uint32Array;
      f[symbol] = (f[symbol] as number) + 1;
    },
    () => undefined,
  );
  const out = new ByteWriter();
  out.pushAll(layout.head);
  const codes = new Map<number, { code: Uint32Array; length: Uint8Array }>();
  for (const [id, f] of freq) {
    if (!f.some((v) => v > 0)) continue;
    const table = optimalTable(f);
    codes.set(id, codesOf(table));
    const n = table.symbols.length;
    out.pushAll([0xff, 0xc4, (19 + n) >> 8, (19 + n) & 0xff, id]);
    out.pushAll(table.counts);
    out.pushAll(table.symbols);
  }
  const mcusPerStrip = Math.ceil(width / layout.mcuWidth) * (rows / layout.mcuHeight);
  out.pushAll([0xff, 0xdd, 0, 4, mcusPerStrip >> 8, mcusPerStrip & 0xff]);
  out.pushAll(layout.sos);
  walk(
    strips,
    layout,
    width,
    height,
    rows,
    (table, symbol, extra, size) => {
      const c = codes.get(table) as { code: Uint32Array; length: Uint8Array };
      out.bits(c.code[symbol] as number, c.length[symbol] as number);
      out.bits(extra, size);
    },
    (index) => {
      out.flush();
      if (index < strips.length - 1) out.pushAll([0xff, 0xd0 + (index % 8)]);
    },
  );
  out.pushAll([0xff, 0xd9]);
  return out.bytes.slice(0, out.length);
}
