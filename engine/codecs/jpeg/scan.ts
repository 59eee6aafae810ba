/*
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 */

/** Entropy decoding of one scan into the coefficient bands: baseline, and progressive's four kinds of scan. */
import type { Component, Frame } from './frame';
import { LOOKAHEAD, type HuffmanTable } from './huffman';
import { pastRestartMarker } from './markers';
import { corrupt } from '../../errors';

/** Zigzag position → natural (row-major) position, with 16 spare entries for corrupt runs. */
export const ZIGZAG = new Int32Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
]);

/** A component as one scan codes it, with the Huffman tables the scan names (a later scan may name others). */
export interface ScanComponent {
  component: Component;
  dc: HuffmanTable | null;
  ac: HuffmanTable | null;
}

/** A scan's component while it is read: its DC predictor too. */
interface Coded extends ScanComponent {
  pred: number;
}

export interface Spectral {
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/**
 * A reader of one scan's entropy-coded data, `data` from `start` to `end` (where the marker reader
 * found the next marker: nothing past it is read): each call decodes the scan's part of the next
 * band (MCU row) m, 0, 1, 2 and on, into its components' band (c.band), keeping its place in the data
 * between calls. So a file of many scans is decoded band by band, every scan's part of a band in
 * turn, and only that band's coefficients are held (a refinement scan reads what earlier scans
 * wrote into the same band). A streamed decode's one scan is decoded in the kernels instead
 * (baseline-scan.ts, the same coefficients). Damaged data decodes to damaged pixels, as in libjpeg:
 * past its end the scan is fed zeros.
 */
export function scanReader(
  data: Uint8Array,
  { start, end }: { start: number; end: number },
  frame: Frame,
  scanComponents: ScanComponent[],
  restartInterval: number,
  { ss, se, ah, al }: Spectral,
): (m: number) => void {
  const components: Coded[] = scanComponents.map((sc) => ({ ...sc, pred: 0 }));
  let pos = start;
  let bitBuf = 0;
  let bitCnt = 0;
  let atMarker = false;
  let eobrun = 0;

  // Up to 32 bits are buffered (the bits above bitCnt are stale and masked off on every read).
  const fill = () => {
    while (bitCnt <= 24) {
      let byte = 0;
      if (!atMarker && pos < end) {
        byte = data[pos] as number;
        if (byte === 0xff) {
          const next = data[pos + 1];
          if (next === 0x00) pos += 2;
          else atMarker = true; // a marker: feed zeros from here, as libjpeg does
          if (next !== 0x00) byte = 0;
        } else pos++;
      }
      bitBuf = (bitBuf << 8) | byte;
      bitCnt += 8;
    }
  };
  const bits = (n: number): number => {
    if (n === 0) return 0;
    if (bitCnt < n) fill();
    bitCnt -= n;
    return (bitBuf >>> bitCnt) & ((1 << n) - 1);
  };
  const bit = (): number => {
    if (bitCnt < 1) fill();
    bitCnt -= 1;
    return (bitBuf >>> bitCnt) & 1;
  };
  const decode = (t: HuffmanTable | null): number => {
    if (!t) throw corrupt('a scan uses a Huffman table that was never defined');
    if (bitCnt < 16) fill();
    const look = (bitBuf >>> (bitCnt - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1);
    const entry = t.fast[look] as number;
    if (entry !== 0) {
      bitCnt -= entry >> 8;
      return entry & 0xff;
    }
    let length = LOOKAHEAD + 1;
    let code = (bitBuf >>> (bitCnt - length)) & ((1 << length) - 1);
    while (code > (t.maxCode[length] as number)) {
      length++;
      code = (bitBuf >>> (bitCnt - length)) & ((1 << length) - 1);
    }
    if (length > 16) {
      bitCnt -= 16;
      return 0; // not a code: damaged data, decoded as zeros
    }
    bitCnt -= length;
    return (t.symbols[(code + (t.offset[length] as number)) & 0xff] ?? 0) as number;
  };
  const extend = (v: number, s: number) => (v < 1 << (s - 1) ? v - (1 << s) + 1 : v);

  // One block's worth of decoding, by the scan's kind.
  const decodeBaseline = (c: Coded, block: Int16Array, o: number) => {
    const s = decode(c.dc);
    c.pred += s === 0 ? 0 : extend(bits(s), s);
    block[o] = c.pred;
    const fastAc = c.ac?.fastAc;
    for (let k = 1; k < 64;) {
      if (fastAc) {
        // Most coefficients: code and value in one lookup. Written out here, in decodeAcFirst and in
        // decodeAcFirstLimited: a shared closure measured 13 % slower on the whole entropy decode.
        if (bitCnt < LOOKAHEAD) fill();
        const entry = fastAc[(bitBuf >>> (bitCnt - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)] as number;
        if (entry !== 0) {
          bitCnt -= entry & 255;
          k += (entry >> 8) & 15;
          block[o + (ZIGZAG[k] as number)] = entry >> 16;
          k++;
          continue;
        }
      }
      const rs = decode(c.ac);
      const s2 = rs & 15;
      const r = rs >> 4;
      if (s2 === 0) {
        if (r < 15) break;
        k += 16;
        continue;
      }
      k += r;
      block[o + (ZIGZAG[k] as number)] = extend(bits(s2), s2);
      k++;
    }
  };
  const decodeDcFirst = (c: Coded, block: Int16Array, o: number) => {
    const s = decode(c.dc);
    c.pred += s === 0 ? 0 : extend(bits(s), s);
    block[o] = c.pred * (1 << al);
  };
  const decodeDcRefine = (_c: Coded, block: Int16Array, o: number) => {
    if (bit()) block[o] = (block[o] as number) | (1 << al);
  };
  const decodeAcFirst = (c: Coded, block: Int16Array, o: number) => {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    const fastAc = c.ac?.fastAc;
    for (let k = ss; k <= se;) {
      if (fastAc) {
        if (bitCnt < LOOKAHEAD) fill();
        const entry = fastAc[(bitBuf >>> (bitCnt - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)] as number;
        if (entry !== 0) {
          bitCnt -= entry & 255;
          k += (entry >> 8) & 15;
          block[o + (ZIGZAG[k] as number)] = (entry >> 16) * (1 << al);
          k++;
          continue;
        }
      }
      const rs = decode(c.ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1 + bits(r);
          break;
        }
        k += 16;
        continue;
      }
      k += r;
      block[o + (ZIGZAG[k] as number)] = extend(bits(s), s) * (1 << al);
      k++;
    }
  };
  const p1 = 1 << al;
  const m1 = -1 << al;
  const refine = (block: Int16Array, z: number) => {
    const v = block[z] as number;
    if (bit() && (v & p1) === 0) block[z] = v >= 0 ? v + p1 : v + m1;
  };
  const decodeAcRefine = (c: Coded, block: Int16Array, o: number) => {
    let k = ss;
    if (eobrun === 0) {
      for (; k <= se; k++) {
        const rs = decode(c.ac);
        let r = rs >> 4;
        let s = rs & 15;
        if (s !== 0) {
          s = bit() ? p1 : m1;
        } else if (r !== 15) {
          eobrun = (1 << r) + bits(r);
          break;
        }
        while (k <= se) {
          const z = o + (ZIGZAG[k] as number);
          if (block[z] !== 0) refine(block, z);
          else if (--r < 0) break;
          k++;
        }
        if (s !== 0 && k <= se) block[o + (ZIGZAG[k] as number)] = s;
      }
    }
    if (eobrun > 0) {
      for (; k <= se; k++) {
        const z = o + (ZIGZAG[k] as number);
        if (block[z] !== 0) refine(block, z);
      }
      eobrun--;
    }
  };

  // Band-limited blocks (frame.ts): a coefficient is stored only where `keep` has a place for it, and
  // every nonzero one is marked, by its zigzag position, in the block's 4 words after them, which
  // refinement reads (in zigzag order, so a block in an end-of-band run visits only its marks).
  // An AC scan has one component: its kept places by zigzag position (a damaged run's past 63 at 63).
  const keptAt = new Int32Array(80).fill(-1);
  const limitedKeep = components[0]?.component.keep;
  if (limitedKeep) for (let k = 0; k < 80; k++) keptAt[k] = limitedKeep[ZIGZAG[k] as number] as number;
  const isNonzero = (block: Int16Array, o: number, per: number, k: number) =>
    ((block[o + per + (k >> 4)] as number) >> (k & 15)) & 1;
  const markNonzero = (block: Int16Array, o: number, per: number, k: number) => {
    const at = k > 63 ? 63 : k;
    block[o + per + (at >> 4)] = (block[o + per + (at >> 4)] as number) | (1 << (at & 15));
  };
  const decodeAcFirstLimited = (c: Coded, block: Int16Array, o: number) => {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    const per = c.component.blockStride - 4;
    const fastAc = c.ac?.fastAc;
    for (let k = ss; k <= se;) {
      if (fastAc) {
        if (bitCnt < LOOKAHEAD) fill();
        const entry = fastAc[(bitBuf >>> (bitCnt - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1)] as number;
        if (entry !== 0) {
          bitCnt -= entry & 255;
          k += (entry >> 8) & 15;
          const kept = keptAt[k] as number;
          if (kept >= 0) block[o + kept] = (entry >> 16) * (1 << al);
          markNonzero(block, o, per, k);
          k++;
          continue;
        }
      }
      const rs = decode(c.ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r < 15) {
          eobrun = (1 << r) - 1 + bits(r);
          break;
        }
        k += 16;
        continue;
      }
      k += r;
      const value = extend(bits(s), s) * (1 << al);
      const kept = keptAt[k] as number;
      if (kept >= 0) block[o + kept] = value;
      markNonzero(block, o, per, k);
      k++;
    }
  };
  const refineLimited = (block: Int16Array, o: number, kept: number) => {
    if (!bit() || kept < 0) return;
    const v = block[o + kept] as number;
    if ((v & p1) === 0) block[o + kept] = v >= 0 ? v + p1 : v + m1;
  };
  const decodeAcRefineLimited = (c: Coded, block: Int16Array, o: number) => {
    const per = c.component.blockStride - 4;
    let k = ss;
    if (eobrun === 0) {
      for (; k <= se; k++) {
        const rs = decode(c.ac);
        let r = rs >> 4;
        let s = rs & 15;
        if (s !== 0) {
          s = bit() ? p1 : m1;
        } else if (r !== 15) {
          eobrun = (1 << r) + bits(r);
          break;
        }
        while (k <= se) {
          if (isNonzero(block, o, per, k)) refineLimited(block, o, keptAt[k] as number);
          else if (--r < 0) break;
          k++;
        }
        if (s !== 0 && k <= se) {
          const kept = keptAt[k] as number;
          if (kept >= 0) block[o + kept] = s;
          markNonzero(block, o, per, k);
        }
      }
    }
    if (eobrun > 0) {
      // In an end-of-band run only the coefficients already nonzero take a correction bit, in order.
      for (let word = k >> 4; word <= se >> 4; word++) {
        const first = word << 4;
        let marks = (block[o + per + word] as number) & 0xffff;
        if (first < k) marks &= ~((1 << (k - first)) - 1);
        if (first + 15 > se) marks &= (1 << (se - first + 1)) - 1;
        while (marks !== 0) {
          const low = marks & -marks;
          refineLimited(block, o, keptAt[first + 31 - Math.clz32(low)] as number);
          marks ^= low;
        }
      }
      eobrun--;
    }
  };

  const frameProgressive = frame.progressive;
  const limited = components.some((c) => c.component.keep !== null);
  const decodeBlock = !frameProgressive
    ? decodeBaseline
    : ss === 0
      ? ah === 0
        ? decodeDcFirst
        : decodeDcRefine
      : ah === 0
        ? limited
          ? decodeAcFirstLimited
          : decodeAcFirst
        : limited
          ? decodeAcRefineLimited
          : decodeAcRefine;

  const restart = () => {
    // Skip to the RSTn marker, past it, and start afresh.
    bitCnt = 0;
    bitBuf = 0;
    eobrun = 0;
    for (const c of components) c.pred = 0;
    atMarker = false;
    pos = pastRestartMarker(data, pos, end);
  };
  const skipsRuns = frameProgressive && ss !== 0 && ah === 0;
  let n = 0; // blocks (one component) or MCUs decoded, for restarts
  const step = () => {
    if (restartInterval > 0 && n > 0 && n % restartInterval === 0) restart();
    n++;
  };
  if (components.length === 1) {
    // One component alone: its blocks in rows, blocksAcross of them, as many rows as a band has.
    const one = components[0] as Coded;
    const c = one.component;
    return (m) => {
      const { band } = c;
      for (let row = m * c.v; row < Math.min(c.blocksDown, (m + 1) * c.v); row++) {
        const first = (row - m * c.v) * c.stride;
        for (let col = 0; col < c.blocksAcross; col++) {
          step();
          // Most blocks of a high-frequency scan are in an end-of-band run: nothing to read.
          if (skipsRuns && eobrun > 0) eobrun--;
          else decodeBlock(one, band, (first + col) * c.blockStride);
        }
      }
    };
  }
  return (m) => {
    if (m >= frame.mcusDown) return;
    for (let col = 0; col < frame.mcusAcross; col++) {
      step();
      for (const one of components) {
        const c = one.component;
        const { band } = c;
        for (let v = 0; v < c.v; v++) {
          for (let h = 0; h < c.h; h++) decodeBlock(one, band, (v * c.stride + col * c.h + h) * c.blockStride);
        }
      }
    }
  };
}
