/**
 * JPEG entropy decoding: a baseline scan's (../../jpeg/baseline-scan.ts plans it), Huffman codes to
 * each block's 64 coefficients, MCU by MCU, into the band arrays the inverse DCT then reads; and a
 * progressive file's AC scans (acFirst, acRefine, below; ../../jpeg/progressive-scan.ts). The
 * same decoding as ../../jpeg/scan.ts (libjpeg's 9-bit lookahead, zeros fed past a marker or the
 * data's end), so the coefficients are the same; a 64-bit bit buffer filled 7 bytes at a time
 * instead of 3, and stb_image's whole-coefficient table over 12 bits instead of 9, ends of blocks
 * and runs of 16 zeros in it too, and in a baseline scan's two codes where they fit in one look.
 *
 * Tables (laid out by the JavaScript side, TABLE_BYTES each): fast u16[512] (code length << 8 |
 * symbol, 0 for a longer code), maxCode i32[18], offset i32[18], symbols u8[256], wideAc i32[4096]
 * (../../jpeg/huffman.ts), skipAc i32[4096] (a baseline AC table's, for skipMcus). A component
 * (COMPONENT_BYTES): h, v, DC table, AC table, band, blocks across its band, DC predictor (i32 each).
 */

const LOOKAHEAD: i32 = 9;
const FAST_MASK: u64 = (1 << LOOKAHEAD) - 1;
/** The whole-coefficient table's lookahead (../../jpeg/huffman.ts, WIDE_LOOKAHEAD). */
const WIDE: i32 = 12;
const WIDE_MASK: u64 = (1 << WIDE) - 1;
/** A two-code entry's mark in a baseline whole-coefficient table (../../jpeg/huffman.ts, PAIR). */
const PAIR: i32 = 16;
const MAX_CODE = 1024;
const OFFSET = MAX_CODE + 72;
const SYMBOLS = OFFSET + 72;
const WIDE_AC = SYMBOLS + 256;
const SKIP_AC = WIDE_AC + (4 << WIDE);

/**
 * Zigzag position → natural position (the coefficient's index), and 63 past the last: a run that
 * damaged data takes past the block ends on its last coefficient, and an end of block (read as a
 * zero 63 places on) writes a zero there.
 */
const ZIGZAG2 = memory.data<u8>([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
  63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
  63, 63, 63, 63, 63, 63, 63, 63, 63,
]);

// The bit reader: the next byte to read and the end of those there are, the bits read and not yet
// used (the low `bitCount` of `bitBuffer`), and whether a marker has been met (zeros from there on).
let next: usize = 0;
let end: usize = 0;
let bitBuffer: u64 = 0;
let bitCount: i32 = 0;
let atMarker = false;
/** A progressive AC scan's blocks left in the current end-of-band run. */
let eobrun: i32 = 0;

/** Starts reading afresh at `from` (a scan's start, or past a restart marker). */
export function entropyStart(from: usize, to: usize): void {
  next = from;
  end = to;
  bitBuffer = 0;
  bitCount = 0;
  atMarker = false;
  eobrun = 0;
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

// Tops the buffer up to at least 57 bits a byte at a time (a code of up to 16 bits looked at, then
// up to 15 value bits, need 32), where the next 8 bytes hold a 0xFF or the window ends: a 0xFF 0x00
// is a 0xFF; a 0xFF before anything else is a marker, and zeros are read from there on.
function fillSlowly(): void {
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
function extend(v: i32, s: i32): i32 {
  return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
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

/**
 * Decodes MCU columns `from` to `to` (exclusive) of the current band for the `count` components at
 * `components` (in the scan's order; each MCU holds v × h blocks of each), and returns the column it
 * stopped before: `to`, or sooner once the next byte to read is past `stopAfter` (the JavaScript
 * side then brings more of the file and calls again).
 */
export function decodeMcus(components: usize, count: i32, from: i32, to: i32, stopAfter: usize): i32 {
  return mcus(true, components, count, from, to, stopAfter);
}

/**
 * Reads past MCU columns as decodeMcus does, keeping only the DC predictors: a band above the region
 * a decode wants, whose coefficients nothing reads (its band is neither cleared nor written).
 */
export function skipMcus(components: usize, count: i32, from: i32, to: i32, stopAfter: usize): i32 {
  return mcus(false, components, count, from, to, stopAfter);
}

/**
 * Both of the above (`keep` is a constant where each is inlined). The bit reader's state is held in
 * locals here and put back in the globals only around the rare calls (a fill that meets a 0xFF or
 * the window's end, a code longer than 9 bits).
 */
// @ts-ignore: decorator
@inline
function mcus(keep: bool, components: usize, count: i32, from: i32, to: i32, stopAfter: usize): i32 {
  let pos = next;
  let buffer = bitBuffer;
  let held = bitCount;
  const last = end - 8; // the last byte a load of 8 may start at
  let col = from;
  for (; col < to; col++) {
    if (pos > stopAfter) break;
    for (let i = 0; i < count; i++) {
      const c = components + (<usize>i << 5);
      const h = load<i32>(c);
      const v = load<i32>(c, 4);
      const dc = <usize>load<u32>(c, 8);
      const ac = <usize>load<u32>(c, 12);
      const wideAc = ac + WIDE_AC;
      const skipAc = ac + SKIP_AC;
      const band = <usize>load<u32>(c, 16);
      const across = load<i32>(c, 20);
      let pred = load<i32>(c, 24);
      for (let y = 0; y < v; y++) {
        for (let x = 0; x < h; x++) {
          const out = band + (<usize>((y * across + col * h + x) << 6) << 1);
          // The DC difference (k = 0, added to the predictor), then the AC coefficients.
          for (let k = 0; k < 64; ) {
            if (held < 32) {
              // Most of the time the next 8 bytes hold no 0xFF (a zero byte of ~word) and are
              // taken in one load, as libjpeg-turbo's FILL_BIT_BUFFER_FAST does.
              const word = pos <= last ? load<u64>(pos) : 0xffffffffffffffff;
              if (((~word - 0x0101010101010101) & word & 0x8080808080808080) == 0) {
                const bytes = (63 - held) >> 3; // bytes that fit: at least 56 bits after
                const shift = <u64>(bytes << 3);
                buffer = (buffer << shift) | (bswap<u64>(word) >> (64 - shift));
                held += bytes << 3;
                pos += <usize>bytes;
              } else {
                next = pos;
                bitBuffer = buffer;
                bitCount = held;
                fillSlowly();
                pos = next;
                buffer = bitBuffer;
                held = bitCount;
              }
            }
            if (!keep && k != 0) {
              // Read past: several whole codes in one look where they fit, unless the block's last
              // coefficient (64 positions) comes among them: then one at a time, as below.
              const many = load<i32>(skipAc + (<usize>((buffer >> <u64>(held - WIDE)) & WIDE_MASK) << 2));
              const past = k + ((many >> 8) & 255);
              if (many != 0 && past <= 64 - (many >> 16)) {
                held -= many & 255;
                k = past;
                if (many >> 16 != 0) break; // its end of block
                continue;
              }
            }
            if (k != 0) {
              const whole = load<i32>(wideAc + (<usize>((buffer >> <u64>(held - WIDE)) & WIDE_MASK) << 2));
              if ((whole & PAIR) == 0) {
                if (whole != 0) {
                  // Code and value in one: most coefficients, and ends of blocks (k past 63).
                  held -= whole & 15;
                  k += (whole >> 8) & 63;
                  if (keep) store<i16>(out + (<usize>load<u8>(ZIGZAG2 + k) << 1), <i16>(whole >> 16));
                  k++;
                  continue;
                }
              } else {
                // Two codes in one look: a coefficient, then another or an end of block; unless
                // the first is the block's last place, where the second is the next block's.
                const first = k + ((whole >> 8) & 15);
                if (first < 63) {
                  held -= whole & 15;
                  if (keep) store<i16>(out + (<usize>load<u8>(ZIGZAG2 + first) << 1), <i16>((whole << 8) >> 24));
                  const second = whole >> 24;
                  if (second == 0) break; // its end of block
                  k = first + 1 + ((whole >> 12) & 15);
                  if (keep) store<i16>(out + (<usize>load<u8>(ZIGZAG2 + k) << 1), <i16>second);
                  k++;
                  continue;
                }
              }
            }
            const table = k == 0 ? dc : ac;
            let rs: i32;
            const code = <i32>load<u16>(table + (<usize>((buffer >> <u64>(held - LOOKAHEAD)) & FAST_MASK) << 1));
            if (code != 0) {
              held -= code >> 8;
              rs = code & 0xff;
            } else {
              bitBuffer = buffer;
              bitCount = held;
              rs = slowSymbol(table);
              held = bitCount;
            }
            if (k == 0) {
              // The DC difference (its size), added to the predictor.
              if (rs != 0) {
                held -= rs;
                pred += extend(<i32>(buffer >> <u64>held) & ((1 << rs) - 1), rs);
              }
              if (keep) store<i16>(out, <i16>pred);
              k = 1;
              continue;
            }
            const size = rs & 15;
            const run = rs >> 4;
            if (size == 0) {
              if (run < 15) break; // end of block
              k += 16;
              continue;
            }
            k += run;
            held -= size;
            if (keep)
              store<i16>(
                out + (<usize>load<u8>(ZIGZAG2 + k) << 1),
                <i16>extend(<i32>(buffer >> <u64>held) & ((1 << size) - 1), size),
              );
            k++;
          }
        }
      }
      store<i32>(c, pred, 24);
    }
  }
  next = pos;
  bitBuffer = buffer;
  bitCount = held;
  return col;
}

// ---- Progressive AC scans (../../jpeg/progressive-scan.ts plans them) ----
//
// One component's blocks in a row, `stride` bytes apart, each given by its band layout: `kept`
// (i8[80]) takes a zigzag position (a damaged run's past 63 at 63) to the block's value index, or
// -1 where the block keeps none (a band-limited block); `marks` is the byte offset of the block's
// four words of which coefficients are nonzero (by zigzag position), 0 when the block keeps all 64
// (a coefficient is then nonzero where its value is). The same decoding as ../../jpeg/scan.ts's
// decodeAcFirst, decodeAcRefine and their band-limited forms, so the coefficients are the same.

/** Keeps the bit reader's state (and the end-of-band run) at `at` (32 bytes), for another scan to run meanwhile. */
export function entropySave(at: usize): void {
  store<u32>(at, <u32>next);
  store<u32>(at, <u32>end, 4);
  store<u64>(at, bitBuffer, 8);
  store<i32>(at, bitCount, 16);
  store<i32>(at, atMarker ? 1 : 0, 20);
  store<i32>(at, eobrun, 24);
}

/** Takes back the state entropySave kept at `at`. */
export function entropyLoad(at: usize): void {
  next = <usize>load<u32>(at);
  end = <usize>load<u32>(at, 4);
  bitBuffer = load<u64>(at, 8);
  bitCount = load<i32>(at, 16);
  atMarker = load<i32>(at, 20) != 0;
  eobrun = load<i32>(at, 24);
}

/** Tops the buffer up to at least 56 bits (the globals' form of the fill in mcus). */
function fill(): void {
  const word = next <= end - 8 ? load<u64>(next) : 0xffffffffffffffff;
  if (((~word - 0x0101010101010101) & word & 0x8080808080808080) == 0) {
    const bytes = (63 - bitCount) >> 3;
    const shift = <u64>(bytes << 3);
    bitBuffer = (bitBuffer << shift) | (bswap<u64>(word) >> (64 - shift));
    bitCount += bytes << 3;
    next += <usize>bytes;
  } else fillSlowly();
}

// @ts-ignore: decorator
@inline
function bits(n: i32): i32 {
  if (bitCount < n) fill();
  bitCount -= n;
  return <i32>(bitBuffer >> <u64>bitCount) & ((1 << n) - 1);
}

/** The next Huffman symbol of `table` (the buffer holds at least 16 bits). */
// @ts-ignore: decorator
@inline
function symbol(table: usize): i32 {
  const code = <i32>load<u16>(table + (<usize>((bitBuffer >> <u64>(bitCount - LOOKAHEAD)) & FAST_MASK) << 1));
  if (code != 0) {
    bitCount -= code >> 8;
    return code & 0xff;
  }
  return slowSymbol(table);
}

// @ts-ignore: decorator
@inline
function mark(block: usize, marks: i32, k: i32): void {
  const at = k > 63 ? 63 : k;
  const word = block + <usize>marks + (<usize>(at >> 4) << 1);
  store<u16>(word, <u16>load<u16>(word) | (<u16>1 << <u16>(at & 15)));
}

// @ts-ignore: decorator
@inline
function isNonzero(block: usize, kept: usize, marks: i32, k: i32): bool {
  if (marks == 0) return load<i16>(block + (<usize>load<i8>(kept + k) << 1)) != 0;
  return ((load<u16>(block + <usize>marks + (<usize>(k >> 4) << 1)) >> (k & 15)) & 1) != 0;
}

/**
 * A first AC scan (spectral selection `ss` to `se`, point transform `al`) over blocks `from` to `to`
 * (exclusive) of the row at `row`; returns the block it stopped before: `to`, or sooner once the next
 * byte is past `stopAfter` (as decodeMcus). The AC table's whole-coefficient table has no ends.
 */
export function acFirst(
  row: usize,
  stride: i32,
  from: i32,
  to: i32,
  table: usize,
  kept: usize,
  marks: i32,
  ss: i32,
  se: i32,
  al: i32,
  stopAfter: usize,
): i32 {
  const wide = table + WIDE_AC;
  let b = from;
  for (; b < to; b++) {
    if (next > stopAfter) break;
    if (eobrun > 0) {
      eobrun--;
      continue;
    }
    const block = row + <usize>(b * stride);
    for (let k = ss; k <= se; ) {
      if (bitCount < 32) fill();
      const whole = load<i32>(wide + (<usize>((bitBuffer >> <u64>(bitCount - WIDE)) & WIDE_MASK) << 2));
      let value: i32;
      if (whole != 0) {
        // Code and value in one: most coefficients.
        bitCount -= whole & 255;
        k += (whole >> 8) & 63;
        value = whole >> 16;
      } else {
        const rs = symbol(table);
        const size = rs & 15;
        const run = rs >> 4;
        if (size == 0) {
          if (run < 15) {
            // An end of band: this block and the next (2^run - 1 + run bits) end here.
            eobrun = (1 << run) - 1;
            if (run > 0) {
              bitCount -= run;
              eobrun += <i32>(bitBuffer >> <u64>bitCount) & ((1 << run) - 1);
            }
            break;
          }
          k += 16;
          continue;
        }
        k += run;
        bitCount -= size;
        value = extend(<i32>(bitBuffer >> <u64>bitCount) & ((1 << size) - 1), size);
      }
      const at = load<i8>(kept + k);
      if (at >= 0) store<i16>(block + (<usize>at << 1), <i16>(value << al));
      if (marks != 0) mark(block, marks, k);
      k++;
    }
  }
  return b;
}

/**
 * A refining AC scan (successive approximation, bit `al`) over blocks `from` to `to` of the row at
 * `row`, as acFirst: a bit more of each coefficient already nonzero, and coefficients newly ±1.
 */
export function acRefine(
  row: usize,
  stride: i32,
  from: i32,
  to: i32,
  table: usize,
  kept: usize,
  marks: i32,
  ss: i32,
  se: i32,
  al: i32,
  stopAfter: usize,
): i32 {
  const p1 = 1 << al;
  const m1 = -1 << al;
  let b = from;
  for (; b < to; b++) {
    if (next > stopAfter) break;
    const block = row + <usize>(b * stride);
    let k = ss;
    if (eobrun == 0) {
      for (; k <= se; k++) {
        if (bitCount < 32) fill();
        const rs = symbol(table);
        let run = rs >> 4;
        let s = rs & 15;
        if (s != 0) {
          s = bits(1) != 0 ? p1 : m1;
        } else if (run != 15) {
          eobrun = (1 << run) + bits(run);
          break;
        }
        while (k <= se) {
          if (isNonzero(block, kept, marks, k)) refine(block, kept, k, p1, m1);
          else if (--run < 0) break;
          k++;
        }
        if (s != 0 && k <= se) {
          const at = load<i8>(kept + k);
          if (at >= 0) store<i16>(block + (<usize>at << 1), <i16>s);
          if (marks != 0) mark(block, marks, k);
        }
      }
    }
    if (eobrun > 0) {
      // In an end-of-band run only the coefficients already nonzero take a correction bit, in order.
      for (; k <= se; k++) if (isNonzero(block, kept, marks, k)) refine(block, kept, k, p1, m1);
      eobrun--;
    }
  }
  return b;
}

/** A correction bit for the nonzero coefficient at zigzag position k (read even where the block keeps none). */
// @ts-ignore: decorator
@inline
function refine(block: usize, kept: usize, k: i32, p1: i32, m1: i32): void {
  const bit = bits(1);
  const at = load<i8>(kept + k);
  if (bit == 0 || at < 0) return;
  const place = block + (<usize>at << 1);
  const v = <i32>load<i16>(place);
  if ((v & p1) == 0) store<i16>(place, <i16>(v >= 0 ? v + p1 : v + m1));
}
