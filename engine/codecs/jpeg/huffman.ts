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
}

export function buildHuffman(counts: Uint8Array, symbols: Uint8Array, ac = false): HuffmanTable {
  const fast = new Uint16Array(1 << LOOKAHEAD);
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1] as number;
    offset[length] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (length <= LOOKAHEAD) {
        const shift = LOOKAHEAD - length;
        const entry = (length << 8) | (symbols[k] as number);
        for (let j = code << shift, end = (code + 1) << shift; j < end; j++) fast[j] = entry;
      }
    }
    if (n > 0) maxCode[length] = code - 1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff; // a sentinel that ends any search for a code longer than 16 bits
  return { fast, maxCode, offset, symbols, fastAc: ac ? buildFastAc(fast) : null };
}

function buildFastAc(fast: Uint16Array): Int32Array {
  const table = new Int32Array(1 << LOOKAHEAD);
  for (let look = 0; look < table.length; look++) {
    const entry = fast[look] as number;
    if (entry === 0) continue;
    const length = entry >> 8;
    const run = (entry >> 4) & 15;
    const size = entry & 15;
    if (size === 0 || length + size > LOOKAHEAD) continue; // end of block, a run of 16, or too long
    const raw = (look >> (LOOKAHEAD - length - size)) & ((1 << size) - 1);
    const value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw;
    table[look] = (value << 16) | (run << 8) | (length + size);
  }
  return table;
}
