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
}

export function buildHuffman(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
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
  return { fast, maxCode, offset, symbols };
}
