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
 * 16 zeros as a zero 15 places on.
 */
export function wideAc(t: HuffmanTable, ends: boolean): Int32Array {
  return wholeCoefficients(lookupTable(t.counts, t.symbols, WIDE_LOOKAHEAD), WIDE_LOOKAHEAD, ends);
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
