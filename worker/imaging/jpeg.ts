/**
 * Hot loops index typed arrays within their bounds, so they read with `as number` instead of the
 * `?? 0` that noUncheckedIndexedAccess would otherwise ask for on every sample.
 *
 * A JPEG decoder in plain TypeScript (baseline, extended and progressive Huffman, 8-bit, 1 or 3
 * components, any sampling factors, restart intervals), written to hold as little as it can:
 *
 * - The result is 8-bit RGB, 3 bytes a pixel (mozjpeg through jSquash gives RGBA in its WASM heap,
 *   which never shrinks, and a second RGBA copy in JS: about 8 bytes a pixel).
 * - A baseline file with one scan is decoded in bands of one MCU row: each band is inverse-DCT'd
 *   into a ring of three small sample strips and converted to RGB as soon as the band below it is
 *   known (chroma is upsampled with the triangle filter libjpeg calls "fancy"), so the only large
 *   allocation is the result.
 * - Progressive (and multi-scan) files must keep every coefficient until the last scan: 2 bytes for
 *   each sample of each component (3 bytes a pixel at 4:2:0, 6 at 4:4:4), in one array per band,
 *   each let go as soon as that band is converted.
 *
 * The inverse DCT is libjpeg's accurate integer one (jidctint.c), so pixels match libjpeg-turbo's
 * default, which sharp uses, to within rounding. inspectImage has already checked the file's
 * structure to its end-of-image marker and refused what is not supported (CMYK, 12-bit, lossless,
 * arithmetic coding); damaged entropy data inside a sound structure decodes to damaged pixels,
 * never to a hang or a crash, as libjpeg does.
 */
import { ImageError } from './errors';
import type { ImageInfo } from './inspect';
import type { Picture } from './raster';

const corrupt = (what: string) => new ImageError('corrupt', `The image file is damaged or incomplete (${what}). Please export it again and upload the new file.`);

/** Zigzag position → natural (row-major) position, with 16 spare entries for corrupt runs. */
const ZIGZAG = new Int32Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45,
  38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
]);

const LOOKAHEAD = 9;

interface HuffmanTable {
  /** Indexed by the next LOOKAHEAD bits: (code length << 8) | symbol, or 0 when the code is longer. */
  fast: Uint16Array;
  /** Largest code of each length (1..16), -1 when none; offset into `symbols` of each length. */
  maxCode: Int32Array;
  offset: Int32Array;
  symbols: Uint8Array;
}

function buildHuffman(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
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

interface Component {
  id: number;
  h: number;
  v: number;
  /** Quantisation table slot; looked up when the band is transformed (DQT may follow SOF). */
  tq: number;
  /** Samples across and down (before padding to whole blocks). */
  width: number;
  height: number;
  /** Blocks across as stored: every MCU column's h blocks, so interleaved scans fit. */
  stride: number;
  /** Blocks actually coded across and down by a scan of this component alone. */
  blocksAcross: number;
  blocksDown: number;
  /** Coefficients, natural order, one array per band (MCU row), made on first use. */
  bands: Array<Int16Array | undefined>;
  dc: HuffmanTable | null;
  ac: HuffmanTable | null;
  pred: number;
  /** Three strips of inverse-DCT'd samples (bands m-1, m, m+1), stride * 8 wide, v * 8 high. */
  strips: Uint8Array[];
}

interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: Component[];
  maxH: number;
  maxV: number;
  mcusAcross: number;
  mcusDown: number;
  /** Per component, the horizontal upsampling taps to the image's width. */
  upsample: Taps[];
}

export function decodeJpeg(bytes: Uint8Array, info: ImageInfo): Picture {
  const quantTables: Int32Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  let frame: Frame | null = null;
  let restartInterval = 0;
  let adobeTransform = -1;
  let scans = 0;
  let output: Uint8ClampedArray | null = null;
  let streaming = false;

  const u16 = (at: number) => ((bytes[at] as number) << 8) | (bytes[at + 1] as number);

  const bandOf = (c: Component, m: number): Int16Array => {
    let band = c.bands[m];
    if (!band) {
      band = new Int16Array(c.stride * c.v * 64);
      c.bands[m] = band;
    }
    return band;
  };

  const finishBand = (f: Frame, m: number) => {
    // Inverse DCT band m into its strip, then convert the band above, whose neighbours are known.
    for (const c of f.components) {
      const quant = quantTables[c.tq];
      if (!quant) throw corrupt('a quantisation table is missing');
      idctBand(c, m, quant);
      c.bands[m] = undefined;
    }
    if (m > 0) emitBand(f, m - 1);
  };

  const emitBand = (f: Frame, m: number): Uint8ClampedArray => {
    output ??= new Uint8ClampedArray(f.width * f.height * 3);
    convertBand(f, m, output, adobeTransform);
    return output;
  };

  let pos = 2;
  for (;;) {
    while (pos < bytes.length && bytes[pos] !== 0xff) pos++; // tolerate garbage between segments
    while (pos < bytes.length && bytes[pos] === 0xff) pos++;
    if (pos >= bytes.length) break;
    const marker = bytes[pos++] as number;
    if (marker === 0xd9) break;
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    const length = u16(pos);
    const seg = bytes.subarray(pos + 2, pos + length);
    pos += length;

    if (marker === 0xdb) {
      for (let p = 0; p < seg.length;) {
        const pq = (seg[p] as number) >> 4;
        const tq = (seg[p] as number) & 15;
        const table = new Int32Array(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k] as number] = pq ? u16At(seg, p + 1 + k * 2) : ((seg[p + 1 + k] ?? 1) as number);
        quantTables[tq & 3] = table;
        p += 1 + (pq ? 128 : 64);
      }
    } else if (marker === 0xc4) {
      for (let p = 0; p + 17 <= seg.length;) {
        const tc = (seg[p] as number) >> 4;
        const th = (seg[p] as number) & 3;
        const counts = seg.subarray(p + 1, p + 17);
        const total = counts.reduce((a, b) => a + b, 0);
        const symbols = seg.slice(p + 17, p + 17 + total);
        if (symbols.length !== total) throw corrupt('a Huffman table is short');
        (tc === 0 ? dcTables : acTables)[th] = buildHuffman(counts, symbols);
        p += 17 + total;
      }
    } else if (marker === 0xdd) {
      restartInterval = u16At(seg, 0);
    } else if (marker === 0xee && seg.length >= 12 && String.fromCharCode(...seg.subarray(0, 5)) === 'Adobe') {
      adobeTransform = seg[11] as number;
    } else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      frame = readFrame(seg, marker === 0xc2);
    } else if (marker === 0xda) {
      if (!frame) throw corrupt('image data comes before the frame header');
      const f = frame;
      const count = seg[0] as number;
      const scanComponents: Component[] = [];
      for (let i = 0; i < count; i++) {
        const c = f.components.find((x) => x.id === seg[1 + i * 2]);
        if (!c) throw corrupt('a scan names an unknown component');
        const tables = seg[2 + i * 2] as number;
        c.dc = dcTables[tables >> 4] ?? null;
        c.ac = acTables[tables & 15] ?? null;
        scanComponents.push(c);
      }
      const at = 1 + count * 2;
      const ss = seg[at] as number;
      const se = seg[at + 1] as number;
      const ah = (seg[at + 2] as number) >> 4;
      const al = (seg[at + 2] as number) & 15;
      // A baseline file whose first scan holds every component is converted band by band; no
      // sound file has another scan after that one.
      if (streaming) throw corrupt('it has a second scan after a complete one');
      streaming = scans === 0 && !f.progressive && count === f.components.length;
      scans++;
      pos = decodeScan(bytes, pos, f, scanComponents, restartInterval, { ss, se, ah, al }, bandOf, streaming ? (m) => finishBand(f, m) : null);
    }
  }

  if (!frame) throw corrupt('it has no frame header');
  const f = frame;
  if (scans === 0) throw corrupt('it has no image data');
  // A streamed scan has finished every band as it went (the scan always walks every MCU, feeding
  // zeros past damaged data); a buffered decode finishes them now. The last band has no band below.
  if (!streaming) for (let m = 0; m < f.mcusDown; m++) finishBand(f, m);
  const data = emitBand(f, f.mcusDown - 1);
  if (f.width !== info.width || f.height !== info.height) throw corrupt('its frame header changed');
  return { width: f.width, height: f.height, channels: 3, data };
}

function u16At(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

function readFrame(seg: Uint8Array, progressive: boolean): Frame {
  const height = u16At(seg, 1);
  const width = u16At(seg, 3);
  const count = seg[5] as number;
  const raw = [];
  for (let i = 0; i < count; i++) {
    const hv = seg[7 + i * 3] as number;
    raw.push({
      id: seg[6 + i * 3] as number,
      h: hv >> 4,
      v: hv & 15,
      tq: (seg[8 + i * 3] as number) & 3,
    });
  }
  // One component: its sampling factors mean nothing and its scans are never interleaved.
  if (count === 1) for (const r of raw) ((r.h = 1), (r.v = 1));
  const maxH = Math.max(...raw.map((r) => r.h));
  const maxV = Math.max(...raw.map((r) => r.v));
  const mcusAcross = Math.ceil(width / (8 * maxH));
  const mcusDown = Math.ceil(height / (8 * maxV));
  const components = raw.map((r): Component => {
    const cw = Math.ceil((width * r.h) / maxH);
    const ch = Math.ceil((height * r.v) / maxV);
    const stride = mcusAcross * r.h;
    return {
      id: r.id,
      h: r.h,
      v: r.v,
      tq: r.tq,
      width: cw,
      height: ch,
      stride,
      blocksAcross: Math.ceil(cw / 8),
      blocksDown: Math.ceil(ch / 8),
      bands: new Array<Int16Array | undefined>(mcusDown),
      dc: null,
      ac: null,
      pred: 0,
      strips: [0, 1, 2].map(() => new Uint8Array(stride * 8 * r.v * 8)),
    };
  });
  const upsample = components.map((c) => taps(width, maxH / c.h, c.width));
  return { width, height, progressive, components, maxH, maxV, mcusAcross, mcusDown, upsample };
}

interface Spectral {
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/**
 * Decodes one scan's entropy-coded data from `start`; answers the position of the marker after
 * it. `onBand` (baseline, all components in one scan) is called as each MCU row completes.
 */
function decodeScan(
  data: Uint8Array,
  start: number,
  frame: Frame,
  components: Component[],
  restartInterval: number,
  { ss, se, ah, al }: Spectral,
  bandOf: (c: Component, m: number) => Int16Array,
  onBand: ((m: number) => void) | null,
): number {
  let pos = start;
  let bitBuf = 0;
  let bitCnt = 0;
  let atMarker = false;
  let eobrun = 0;

  const fill = () => {
    while (bitCnt <= 16) {
      let byte = 0;
      if (!atMarker && pos < data.length) {
        byte = data[pos] as number;
        if (byte === 0xff) {
          const next = data[pos + 1];
          if (next === 0x00) pos += 2;
          else atMarker = true; // a marker: feed zeros from here, as libjpeg does
          if (next !== 0x00) byte = 0;
        } else pos++;
      }
      bitBuf = ((bitBuf << 8) | byte) & 0xffffff;
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
  const decodeBaseline = (c: Component, block: Int16Array, o: number) => {
    const s = decode(c.dc);
    c.pred += s === 0 ? 0 : extend(bits(s), s);
    block[o] = c.pred;
    for (let k = 1; k < 64;) {
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
  const decodeDcFirst = (c: Component, block: Int16Array, o: number) => {
    const s = decode(c.dc);
    c.pred += s === 0 ? 0 : extend(bits(s), s);
    block[o] = c.pred * (1 << al);
  };
  const decodeDcRefine = (_c: Component, block: Int16Array, o: number) => {
    if (bit()) block[o] = (block[o] as number) | (1 << al);
  };
  const decodeAcFirst = (c: Component, block: Int16Array, o: number) => {
    if (eobrun > 0) {
      eobrun--;
      return;
    }
    for (let k = ss; k <= se;) {
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
  const decodeAcRefine = (c: Component, block: Int16Array, o: number) => {
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

  const frameProgressive = frame.progressive;
  const decodeBlock = !frameProgressive ? decodeBaseline : ss === 0 ? (ah === 0 ? decodeDcFirst : decodeDcRefine) : ah === 0 ? decodeAcFirst : decodeAcRefine;
  if (frameProgressive && ss === 0 && se !== 0) throw corrupt('a progressive scan mixes DC and AC coefficients');

  const restart = () => {
    // Skip to the RSTn marker, past it, and start afresh.
    bitCnt = 0;
    bitBuf = 0;
    eobrun = 0;
    for (const c of components) c.pred = 0;
    atMarker = false;
    while (pos + 1 < data.length && !(data[pos] === 0xff && (data[pos + 1] as number) >= 0xd0 && (data[pos + 1] as number) <= 0xd7)) {
      if (data[pos] === 0xff && data[pos + 1] !== 0x00 && data[pos + 1] !== 0xff) return; // another marker: the scan is over
      pos++;
    }
    pos += 2;
  };
  for (const c of components) c.pred = 0;

  const blockAt = (c: Component, row: number, col: number): [Int16Array, number] => {
    const m = (row / c.v) | 0;
    return [bandOf(c, m), ((row - m * c.v) * c.stride + col) * 64];
  };

  if (components.length === 1) {
    const c = components[0] as Component;
    let n = 0;
    for (let row = 0; row < c.blocksDown; row++) {
      for (let col = 0; col < c.blocksAcross; col++) {
        if (restartInterval > 0 && n > 0 && n % restartInterval === 0) restart();
        const [block, o] = blockAt(c, row, col);
        decodeBlock(c, block, o);
        n++;
      }
      if (onBand && (row + 1) % c.v === 0) onBand((row / c.v) | 0);
    }
  } else {
    let n = 0;
    for (let m = 0; m < frame.mcusDown; m++) {
      const bands = components.map((c) => bandOf(c, m));
      for (let col = 0; col < frame.mcusAcross; col++) {
        if (restartInterval > 0 && n > 0 && n % restartInterval === 0) restart();
        for (let i = 0; i < components.length; i++) {
          const c = components[i] as Component;
          const band = bands[i] as Int16Array;
          for (let v = 0; v < c.v; v++) {
            for (let h = 0; h < c.h; h++) decodeBlock(c, band, (v * c.stride + col * c.h + h) * 64);
          }
        }
        n++;
      }
      if (onBand) onBand(m);
    }
  }

  // Back to the byte-aligned position of the next marker.
  while (pos < data.length && !(data[pos] === 0xff && data[pos + 1] !== 0x00 && !((data[pos + 1] as number) >= 0xd0 && (data[pos + 1] as number) <= 0xd7))) pos++;
  return pos;
}

// ── Inverse DCT (libjpeg's jidctint.c, accurate integer) ──────────────────────────────────────

const CONST_BITS = 13;
const PASS1_BITS = 2;
const FIX_0_298631336 = 2446;
const FIX_0_390180644 = 3196;
const FIX_0_541196100 = 4433;
const FIX_0_765366865 = 6270;
const FIX_0_899976223 = 7373;
const FIX_1_175875602 = 9633;
const FIX_1_501321110 = 12299;
const FIX_1_847759065 = 15137;
const FIX_1_961570560 = 16069;
const FIX_2_053119869 = 16819;
const FIX_2_562915447 = 20995;
const FIX_3_072711026 = 25172;

const workspace = new Int32Array(64);

/** One block: dequantise, inverse DCT, level shift and clamp into `out` at `o` with `stride`. */
function idctBlock(coef: Int16Array, c0: number, quant: Int32Array, out: Uint8Array, o: number, stride: number) {
  const ws = workspace;
  for (let col = 0; col < 8; col++) {
    const i = c0 + col;
    const q = col;
    if (coef[i + 8] === 0 && coef[i + 16] === 0 && coef[i + 24] === 0 && coef[i + 32] === 0 && coef[i + 40] === 0 && coef[i + 48] === 0 && coef[i + 56] === 0) {
      const dc = ((coef[i] as number) * (quant[q] as number)) << PASS1_BITS;
      for (let k = 0; k < 64; k += 8) ws[col + k] = dc;
      continue;
    }
    let z2 = (coef[i + 16] as number) * (quant[q + 16] as number);
    let z3 = (coef[i + 48] as number) * (quant[q + 48] as number);
    let z1 = (z2 + z3) * FIX_0_541196100;
    let tmp2 = z1 - z3 * FIX_1_847759065;
    let tmp3 = z1 + z2 * FIX_0_765366865;
    z2 = (coef[i] as number) * (quant[q] as number);
    z3 = (coef[i + 32] as number) * (quant[q + 32] as number);
    let tmp0 = (z2 + z3) * 8192;
    let tmp1 = (z2 - z3) * 8192;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;
    tmp0 = (coef[i + 56] as number) * (quant[q + 56] as number);
    tmp1 = (coef[i + 40] as number) * (quant[q + 40] as number);
    tmp2 = (coef[i + 24] as number) * (quant[q + 24] as number);
    tmp3 = (coef[i + 8] as number) * (quant[q + 8] as number);
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    let z4 = tmp1 + tmp3;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 *= FIX_0_298631336;
    tmp1 *= FIX_2_053119869;
    tmp2 *= FIX_3_072711026;
    tmp3 *= FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    const round = 1 << (CONST_BITS - PASS1_BITS - 1);
    ws[col] = (tmp10 + tmp3 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 56] = (tmp10 - tmp3 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 8] = (tmp11 + tmp2 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 48] = (tmp11 - tmp2 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 16] = (tmp12 + tmp1 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 40] = (tmp12 - tmp1 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 24] = (tmp13 + tmp0 + round) >> (CONST_BITS - PASS1_BITS);
    ws[col + 32] = (tmp13 - tmp0 + round) >> (CONST_BITS - PASS1_BITS);
  }
  const shift = CONST_BITS + PASS1_BITS + 3;
  const round = (1 << (shift - 1)) + (128 << shift);
  for (let row = 0; row < 64; row += 8, o += stride) {
    if (ws[row + 1] === 0 && ws[row + 2] === 0 && ws[row + 3] === 0 && ws[row + 4] === 0 && ws[row + 5] === 0 && ws[row + 6] === 0 && ws[row + 7] === 0) {
      const v = clamp(((ws[row] as number) + (1 << (PASS1_BITS + 2)) + (128 << (PASS1_BITS + 3))) >> (PASS1_BITS + 3));
      for (let k = 0; k < 8; k++) out[o + k] = v;
      continue;
    }
    let z2 = ws[row + 2] as number;
    let z3 = ws[row + 6] as number;
    let z1 = (z2 + z3) * FIX_0_541196100;
    let tmp2 = z1 - z3 * FIX_1_847759065;
    let tmp3 = z1 + z2 * FIX_0_765366865;
    let tmp0 = ((ws[row] as number) + (ws[row + 4] as number)) * 8192;
    let tmp1 = ((ws[row] as number) - (ws[row + 4] as number)) * 8192;
    const tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    const tmp11 = tmp1 + tmp2;
    const tmp12 = tmp1 - tmp2;
    tmp0 = ws[row + 7] as number;
    tmp1 = ws[row + 5] as number;
    tmp2 = ws[row + 3] as number;
    tmp3 = ws[row + 1] as number;
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    let z4 = tmp1 + tmp3;
    const z5 = (z3 + z4) * FIX_1_175875602;
    tmp0 *= FIX_0_298631336;
    tmp1 *= FIX_2_053119869;
    tmp2 *= FIX_3_072711026;
    tmp3 *= FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 = z3 * -FIX_1_961570560 + z5;
    z4 = z4 * -FIX_0_390180644 + z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    out[o] = clamp((tmp10 + tmp3 + round) >> shift);
    out[o + 7] = clamp((tmp10 - tmp3 + round) >> shift);
    out[o + 1] = clamp((tmp11 + tmp2 + round) >> shift);
    out[o + 6] = clamp((tmp11 - tmp2 + round) >> shift);
    out[o + 2] = clamp((tmp12 + tmp1 + round) >> shift);
    out[o + 5] = clamp((tmp12 - tmp1 + round) >> shift);
    out[o + 3] = clamp((tmp13 + tmp0 + round) >> shift);
    out[o + 4] = clamp((tmp13 - tmp0 + round) >> shift);
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/** Inverse DCT of one band of a component into its strip (ring slot m % 3). */
function idctBand(c: Component, m: number, quant: Int32Array) {
  const band = c.bands[m];
  const strip = c.strips[m % 3] as Uint8Array;
  const stride = c.stride * 8;
  if (!band) {
    strip.fill(128); // never coded (the data ended early): mid grey, as libjpeg leaves it
    return;
  }
  for (let v = 0; v < c.v; v++) {
    for (let col = 0; col < c.stride; col++) idctBlock(band, (v * c.stride + col) * 64, quant, strip, v * 8 * stride + col * 8, stride);
  }
}

// ── Upsampling and colour conversion ──────────────────────────────────────────────────────────

/**
 * Linear interpolation taps from a component's samples to the image's, centred as libjpeg's fancy
 * upsampling is (at 2:1 the weights are ¾ and ¼): for image position i, samples lo[i] and lo[i] + 1
 * (clamped) with weight w[i] on the second.
 */
type Taps = { lo: Int32Array; hi: Int32Array; w: Float32Array };

function taps(size: number, ratio: number, limit: number): Taps {
  const lo = new Int32Array(size);
  const hi = new Int32Array(size);
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const at = (i + 0.5) / ratio - 0.5;
    const f = Math.floor(at);
    lo[i] = Math.min(limit - 1, Math.max(0, f));
    hi[i] = Math.min(limit - 1, Math.max(0, f + 1));
    w[i] = at - f;
  }
  return { lo, hi, w };
}

/** Converts band m's image rows to RGB in `out`; needs strips m - 1, m and m + 1 of each component. */
function convertBand(frame: Frame, m: number, out: Uint8ClampedArray, adobeTransform: number) {
  const { width, height, components, maxH, maxV, upsample } = frame;
  const y0 = m * 8 * maxV;
  const y1 = Math.min(height, y0 + 8 * maxV);
  const rows = components.map(() => new Float32Array(width));
  const rgb = components.length === 3 && (adobeTransform === 0 || (components[0]?.id === 82 && components[1]?.id === 71 && components[2]?.id === 66));

  // Component c's sample row r (clamped to the component), from the ring of strips.
  const sampleRow = (c: Component, r: number): [Uint8Array, number] => {
    const row = r < 0 ? 0 : r >= c.height ? c.height - 1 : r;
    const band = (row / (8 * c.v)) | 0;
    return [c.strips[band % 3] as Uint8Array, (row - band * 8 * c.v) * c.stride * 8];
  };

  for (let y = y0; y < y1; y++) {
    for (let ci = 0; ci < components.length; ci++) {
      const c = components[ci] as Component;
      const target = rows[ci] as Float32Array;
      const { lo, hi, w } = upsample[ci] as Taps;
      const ratioV = maxV / c.v;
      if (ratioV === 1 && maxH === c.h) {
        const [s, o] = sampleRow(c, y);
        for (let x = 0; x < width; x++) target[x] = s[o + x] as number;
        continue;
      }
      const at = (y + 0.5) / ratioV - 0.5;
      const f = Math.floor(at);
      const wy = at - f;
      const [s0, o0] = sampleRow(c, f);
      const [s1, o1] = sampleRow(c, f + 1);
      for (let x = 0; x < width; x++) {
        const a = (s0[o0 + (lo[x] as number)] as number) * (1 - wy) + (s1[o1 + (lo[x] as number)] as number) * wy;
        const b = (s0[o0 + (hi[x] as number)] as number) * (1 - wy) + (s1[o1 + (hi[x] as number)] as number) * wy;
        target[x] = a + (b - a) * (w[x] as number);
      }
    }
    let o = y * width * 3;
    if (components.length === 1) {
      const g = rows[0] as Float32Array;
      for (let x = 0; x < width; x++, o += 3) {
        const v = g[x] as number;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
      }
    } else if (rgb) {
      const [r, g, b] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = 0; x < width; x++, o += 3) {
        out[o] = r[x] as number;
        out[o + 1] = g[x] as number;
        out[o + 2] = b[x] as number;
      }
    } else {
      const [yy, cb, cr] = rows as [Float32Array, Float32Array, Float32Array];
      for (let x = 0; x < width; x++, o += 3) {
        const l = yy[x] as number;
        const u = (cb[x] as number) - 128;
        const v = (cr[x] as number) - 128;
        out[o] = l + 1.402 * v;
        out[o + 1] = l - 0.344136 * u - 0.714136 * v;
        out[o + 2] = l + 1.772 * u;
      }
    }
  }
}
