/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/** Huffman decoding tables, built as libjpeg does with a 9-bit lookahead for the common short codes. */

export const LOOKAHEAD = 9;

export interface HuffmanTable {
  /** Indexed by the next LOOKAHEAD bits: (code length << 8) | symbol, or 0 when the code is longer. */
  fast: Uint16Array;
  /** Largest code of each length (1..16), -1 when none; offset into `symbols` of each length. */
  maxCode: Int32Array;
  offset: Int32Array;
  symbols: Uint8Array;
  /**
   * AC tables only: by the next LOOKAHEAD bits, a whole coefficient when its code and its value
   * bits fit in them (most do): (value << 16) | (run << 8) | bits used; 0 otherwise (stb_image's
   * fast_ac).
   */
  fastAc: Int32Array | null;
  /** The codes of each length (1..16), as the DHT segment gives them. */
  counts: Uint8Array;
}

/**
 * The lookahead of the kernels' whole-coefficient table (wideAc): 12 bits (a 16 kB table) read
 * Kleiber's view 4 % faster than 9.
 */
export const WIDE_LOOKAHEAD = 12;

export function buildHuffman(counts: Uint8Array, symbols: Uint8Array, ac = false): HuffmanTable {
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1] as number;
    offset[length] = k - code;
    k += n;
    code += n;
    if (n > 0) maxCode[length] = code - 1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff; // a sentinel that ends any search for a code longer than 16 bits
  const fast = lookupTable(counts, symbols, LOOKAHEAD);
  return { fast, maxCode, offset, symbols, fastAc: ac ? wholeCoefficients(fast, LOOKAHEAD, false) : null, counts };
}

/**
 * An AC table's whole coefficients for the kernels' decoder (../simd/assembly/huffman.ts): fastAc
 * over the next WIDE_LOOKAHEAD bits, so that nearly every code is read in one look; `ends` (a
 * baseline scan's) with an end of block as a zero 63 places on (past the block's last) and a run of
 * 16 zeros as a zero 15 places on, and two codes in one look where both fit (pairs, below).
 */
export function wideAc(t: HuffmanTable, ends: boolean): Int32Array {
  const codes = lookupTable(t.counts, t.symbols, WIDE_LOOKAHEAD);
  const table = wholeCoefficients(codes, WIDE_LOOKAHEAD, ends);
  if (ends) addPairs(table, codes, WIDE_LOOKAHEAD);
  return table;
}

/** A pair's mark in a wideAc entry (a single coefficient's bits used never reach it: at most 12). */
const PAIR = 16;

/**
 * Where the look holds a coefficient and then another coefficient or an end of block, code and
 * value bits of both: bits used (both) | PAIR | zeros before the first << 8 | zeros between them <<
 * 12 | first value << 16 | second value << 24 (signed bytes; 0 for an end of block). Both values
 * are then at most 7 bits; a run of 16 zeros is never paired. Baseline photos' AC codes are mostly
 * 2 to 5 bits with a value bit or two: Kleiber.jpg three looks in four hold two, 2004default.jpg half.
 */
function addPairs(table: Int32Array, codes: Uint16Array, bits: number): void {
  const mask = (1 << bits) - 1;
  for (let look = 0; look < table.length; look++) {
    const first = table[look] as number;
    if (first === 0 || first >> 16 === 0) continue; // none, an end of block or a run of 16 zeros
    const value = first >> 16;
    if (value < -127 || value > 127) continue;
    const used = first & 255;
    // The code starting after the first (zeros shifted in after the look: a code reaching them does not fit).
    const entry = codes[(look << used) & mask] as number;
    if (entry === 0) continue;
    const length = entry >> 8;
    const run = (entry >> 4) & 15;
    const size = entry & 15;
    if (used + length + size > bits || (size === 0 && run !== 0) || size > 7) continue;
    const raw = (look >> (bits - used - length - size)) & ((1 << size) - 1);
    const second = size === 0 ? 0 : raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw;
    table[look] =
      (used + length + size) | PAIR | (((first >> 8) & 15) << 8) | (run << 12) | ((value & 255) << 16) | (second << 24);
  }
}

/**
 * A baseline AC table's codes for reading past a block without its values (the kernels'
 * skipMcus): by the next WIDE_LOOKAHEAD bits, as many whole codes (each with its value bits) as
 * fit in them, up to and with an end of block: bits used | zigzag positions passed << 8 | 1 << 16
 * when an end of block is among them; 0 when not even the first fits.
 */
export function skipAc(t: HuffmanTable): Int32Array {
  const bits = WIDE_LOOKAHEAD;
  const mask = (1 << bits) - 1;
  const codes = lookupTable(t.counts, t.symbols, bits);
  const table = new Int32Array(1 << bits);
  for (let look = 0; look < table.length; look++) {
    let used = 0;
    let passed = 0;
    let ended = 0;
    while (used < bits) {
      // The code starting `used` bits in (zeros shifted in after the look: a code reaching them does not fit).
      const entry = codes[(look << used) & mask] as number;
      const length = entry >> 8;
      const run = (entry >> 4) & 15;
      const size = entry & 15;
      if (entry === 0 || used + length + size > bits) break;
      used += length + size;
      if (size === 0 && run !== 15) {
        ended = 1; // an end of block
        break;
      }
      passed += size === 0 ? 16 : run + 1; // a run of 16 zeros, or zeros and a coefficient
    }
    if (used > 0) table[look] = used | (passed << 8) | (ended << 16);
  }
  return table;
}

/** By the next `bits` bits: (code length << 8) | symbol, or 0 when the code is longer. */
function lookupTable(counts: Uint8Array, symbols: Uint8Array, bits: number): Uint16Array {
  const fast = new Uint16Array(1 << bits);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1] as number;
    for (let i = 0; i < n; i++, k++, code++) {
      if (length > bits) continue;
      const shift = bits - length;
      const entry = (length << 8) | (symbols[k] as number);
      for (let j = code << shift, end = (code + 1) << shift; j < end; j++) fast[j] = entry;
    }
    code <<= 1;
  }
  return fast;
}

/**
 * By the next `bits` bits, a whole coefficient when its code and value bits fit in them: (value <<
 * 16) | (zeros before it << 8) | bits used, 0 otherwise. `withEnds`: an end of block and a run of
 * 16 zeros too (wideAc).
 */
function wholeCoefficients(fast: Uint16Array, bits: number, withEnds: boolean): Int32Array {
  const table = new Int32Array(1 << bits);
  for (let look = 0; look < table.length; look++) {
    const entry = fast[look] as number;
    if (entry === 0) continue;
    const length = entry >> 8;
    const run = (entry >> 4) & 15;
    const size = entry & 15;
    if (size === 0) {
      if (withEnds) table[look] = ((run === 15 ? 15 : 63) << 8) | length;
      continue;
    }
    if (length + size > bits) continue; // too long
    const raw = (look >> (bits - length - size)) & ((1 << size) - 1);
    const value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw;
    table[look] = (value << 16) | (run << 8) | (length + size);
  }
  return table;
}
