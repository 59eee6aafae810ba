/**
 * A baseline JPEG scan's entropy decoding (../../jpeg/baseline-scan.ts plans it): Huffman codes to
 * each block's 64 coefficients, MCU by MCU, into the band arrays the inverse DCT then reads. The
 * same decoding as ../../jpeg/scan.ts (libjpeg's 9-bit lookahead, stb_image's whole-coefficient
 * table for short AC codes, zeros fed past a marker or the data's end), so the coefficients are
 * the same; a 64-bit bit buffer filled 7 bytes at a time instead of 3.
 *
 * Tables (laid out by the JavaScript side, TABLE_BYTES each): fast u16[512] (code length << 8 |
 * symbol, 0 for a longer code), maxCode i32[18], offset i32[18], symbols u8[256], fastAc i32[512].
 * A component (COMPONENT_BYTES): h, v, DC table, AC table, band, blocks across its band, DC
 * predictor (i32 each).
 */

const LOOKAHEAD: u64 = 9;
const FAST_MASK: u64 = (1 << LOOKAHEAD) - 1;
const MAX_CODE = 1024;
const OFFSET = MAX_CODE + 72;
const SYMBOLS = OFFSET + 72;
const FAST_AC = SYMBOLS + 256;

/** Zigzag position → natural position (the coefficient's index), with 16 spare entries for corrupt runs. */
const ZIGZAG2 = memory.data<u8>([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
]);

// The bit reader: the next byte to read and the end of those there are, the bits read and not yet
// used (the low `bitCount` of `bitBuffer`), and whether a marker has been met (zeros from there on).
let next: usize = 0;
let end: usize = 0;
let bitBuffer: u64 = 0;
let bitCount: i32 = 0;
let atMarker = false;

/** Starts reading afresh at `from` (a scan's start, or past a restart marker). */
export function entropyStart(from: usize, to: usize): void {
  next = from;
  end = to;
  bitBuffer = 0;
  bitCount = 0;
  atMarker = false;
}

/** Goes on reading from `from` (the same bytes, copied to another place), keeping the bits read. */
export function entropyMove(from: usize, to: usize): void {
  next = from;
  end = to;
}

/** Where the next byte would be read from. */
export function entropyNext(): usize {
  return next;
}

// Up to 64 bits: tops the buffer up to at least 56 (a code of up to 17 bits looked at, then up to
// 15 value bits, need 32). A 0xFF 0x00 is a 0xFF; a 0xFF before anything else is a marker. Where
// the next 8 bytes hold no 0xFF (most of the time), the bytes are taken in one load, as
// libjpeg-turbo's FILL_BIT_BUFFER_FAST does.
// @ts-ignore: decorator
@inline
function fill(): void {
  if (next + 8 <= end) {
    const word = load<u64>(next);
    // A byte of 0xFF is a zero byte of ~word.
    const inverted = ~word;
    if (((inverted - 0x0101010101010101) & word & 0x8080808080808080) == 0) {
      const count = (63 - bitCount) >> 3; // bytes that fit: at least 57 bits after
      const shift = <u64>(count << 3);
      bitBuffer = (bitBuffer << shift) | (bswap<u64>(word) >> (64 - shift));
      bitCount += count << 3;
      next += <usize>count;
      return;
    }
  }
  while (bitCount <= 56) {
    let byte: u64 = 0;
    if (!atMarker && next < end) {
      byte = load<u8>(next);
      if (byte == 0xff) {
        if (load<u8>(next + 1) == 0) next += 2;
        else {
          atMarker = true;
          byte = 0;
        }
      } else next++;
    }
    bitBuffer = (bitBuffer << 8) | byte;
    bitCount += 8;
  }
}

// @ts-ignore: decorator
@inline
function bits(n: i32): i32 {
  bitCount -= n;
  return <i32>(bitBuffer >> <u64>bitCount) & ((1 << n) - 1);
}

// @ts-ignore: decorator
@inline
function extend(v: i32, s: i32): i32 {
  return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
}

/** One Huffman symbol (the buffer holds at least 32 bits). */
// @ts-ignore: decorator
@inline
function symbol(table: usize): i32 {
  const entry = <i32>load<u16>(table + (<usize>((bitBuffer >> <u64>(bitCount - 9)) & FAST_MASK) << 1));
  if (entry != 0) {
    bitCount -= entry >> 8;
    return entry & 0xff;
  }
  return slowSymbol(table);
}

function slowSymbol(table: usize): i32 {
  let length = 10;
  let code = <i32>(bitBuffer >> <u64>(bitCount - length)) & ((1 << length) - 1);
  while (code > load<i32>(table + MAX_CODE + (<usize>length << 2))) {
    length++;
    code = <i32>(bitBuffer >> <u64>(bitCount - length)) & ((1 << length) - 1);
  }
  if (length > 16) {
    bitCount -= 16;
    return 0; // not a code: damaged data, decoded as zeros
  }
  bitCount -= length;
  return load<u8>(table + SYMBOLS + <usize>((code + load<i32>(table + OFFSET + (<usize>length << 2))) & 0xff));
}

/** One block: its DC difference added to `pred`, which it returns, and its AC coefficients. */
// @ts-ignore: decorator
@inline
function block(out: usize, dc: usize, ac: usize, pred: i32): i32 {
  if (bitCount < 32) fill();
  const s = symbol(dc);
  if (s != 0) pred += extend(bits(s), s);
  store<i16>(out, <i16>pred);
  const fastAc = ac + FAST_AC;
  for (let k = 1; k < 64; ) {
    if (bitCount < 32) fill();
    const entry = load<i32>(fastAc + (<usize>((bitBuffer >> <u64>(bitCount - 9)) & FAST_MASK) << 2));
    if (entry != 0) {
      // Code and value in one: most coefficients.
      bitCount -= entry & 255;
      k += (entry >> 8) & 15;
      store<i16>(out + (<usize>load<u8>(ZIGZAG2 + k) << 1), <i16>(entry >> 16));
      k++;
      continue;
    }
    const rs = symbol(ac);
    const size = rs & 15;
    const run = rs >> 4;
    if (size == 0) {
      if (run < 15) break; // end of block
      k += 16;
      continue;
    }
    k += run;
    store<i16>(out + (<usize>load<u8>(ZIGZAG2 + k) << 1), <i16>extend(bits(size), size));
    k++;
  }
  return pred;
}

/**
 * Decodes MCU columns `from` to `to` (exclusive) of the current band for the `count` components at
 * `components` (in the scan's order; each MCU holds v × h blocks of each), and returns the column it
 * stopped before: `to`, or sooner once the next byte to read is past `stopAfter` (the JavaScript
 * side then brings more of the file and calls again).
 */
export function decodeMcus(components: usize, count: i32, from: i32, to: i32, stopAfter: usize): i32 {
  for (let col = from; col < to; col++) {
    if (next > stopAfter) return col;
    for (let i = 0; i < count; i++) {
      const c = components + (<usize>i << 5);
      const h = load<i32>(c);
      const v = load<i32>(c, 4);
      const dc = <usize>load<u32>(c, 8);
      const ac = <usize>load<u32>(c, 12);
      const band = <usize>load<u32>(c, 16);
      const across = load<i32>(c, 20);
      let pred = load<i32>(c, 24);
      for (let y = 0; y < v; y++) {
        for (let x = 0; x < h; x++) pred = block(band + (<usize>((y * across + col * h + x) << 6) << 1), dc, ac, pred);
      }
      store<i32>(c, pred, 24);
    }
  }
  return to;
}
