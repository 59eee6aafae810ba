/** How a frame's components are laid out in memory: blocks, bands (MCU rows) and sample strips. */
import { withBuffers, type Kernels } from '../simd/kernels';
import { WIDE_LOOKAHEAD } from './huffman';
import type { FrameHeader } from './markers';

export interface Component {
  id: number;
  h: number;
  v: number;
  /**
   * Samples a block side: the frame's size, or larger for a subsampled component at a reduced
   * scale, so that (as libjpeg chooses) the inverse DCT does the upsampling where it can.
   */
  size: number;
  /** Image pixels per sample across and down (2 for 4:2:0 chroma at full scale, 1 when none). */
  ratioH: number;
  ratioV: number;
  /** Quantisation table slot; looked up when the band is transformed (DQT may follow SOF). */
  tq: number;
  /** Samples across and down at the frame's scale (before padding to whole blocks). */
  width: number;
  height: number;
  /** Blocks across as stored: every MCU column's h blocks, so interleaved scans fit. */
  stride: number;
  /** Blocks actually coded across and down by a scan of this component alone. */
  blocksAcross: number;
  blocksDown: number;
  /**
   * The coefficients of the band (MCU row) being decoded, blockStride values a block, in the
   * kernels' memory: a decode holds one band at a time, whatever its scans (decode.ts).
   */
  band: Int16Array;
  /**
   * Values a block takes in its band: 64 coefficients in natural order; or, for a progressive file
   * decoded reduced (band-limited), the size × size coefficients its inverse DCT reads, row by row,
   * then 4 words of which of the 64 are nonzero (a refinement scan must know, to stay in step).
   */
  blockStride: number;
  /** Band-limited: natural position → index among the kept coefficients, or -1; null when all are kept. */
  keep: Int32Array | null;
  /**
   * Three strips of inverse-DCT'd samples (bands m-1, m, m+1), stride * size wide, v * size high,
   * in the kernels' memory (see Workspace).
   */
  strips: Uint8Array[];
}

/**
 * A decode's buffers in the SIMD kernels' memory (../simd/kernels.ts), laid out once when the frame
 * is: the components' strips and bands (Component), a quantisation table, one row of RGB out, and
 * the EntropySpace. The decode is synchronous and nothing else calls the kernels meanwhile,
 * so these views stay valid (the memory grows only when laid out).
 */
export interface Workspace {
  kernels: Kernels;
  quant: Int32Array;
  rgb: Uint8ClampedArray;
  /** Entropy decoding in the kernels: a streamed decode's one scan, a progressive file's AC scans. */
  entropy: EntropySpace | null;
}

/**
 * Bytes of the file the kernels read at a time: a streamed decode's one scan, and each of a
 * progressive file's AC scans (read a band at a time, in turn); bytes of one Huffman table, one
 * component and one progressive scan's record there.
 */
export const WINDOW_BYTES = 256 * 1024;
export const SCAN_WINDOW_BYTES = 32 * 1024;
export const TABLE_BYTES = 1424 + 2 * 4 * (1 << WIDE_LOOKAHEAD); // the last parts: wideAc, skipAc
export const COMPONENT_BYTES = 32;
export const SCAN_RECORD_BYTES = 128;

/**
 * Where entropy decoding in the kernels works (their huffman.ts): windows onto the file (each with
 * 16 bytes of slack), Huffman table slots (eight, or one for each window; filled in the order the
 * scans first use their tables), a streamed scan's components' records, and a progressive AC
 * scan's record for each window (its bit reader's state kept between bands, and where its band
 * layout keeps each coefficient: progressive-scan.ts).
 */
export interface EntropySpace {
  windows: Uint8Array[];
  tables: Uint8Array;
  components: Int32Array;
  scans: Uint8Array;
}

export interface Frame {
  /** The picture's size at the decode's scale (1/scale of the stored size, rounded up, as libjpeg). */
  width: number;
  height: number;
  /** Samples a block side at this scale: 8, 4, 2 or 1 (libjpeg's DCT_scaled_size). */
  size: number;
  progressive: boolean;
  components: Component[];
  maxH: number;
  maxV: number;
  mcusAcross: number;
  mcusDown: number;
  /** Per component, the horizontal upsampling taps to the image's width. */
  upsample: Taps[];
  /** Per component, one upsampled row of the image's width (reused for every row). */
  rows: Float32Array[];
  workspace: Workspace;
}

/**
 * Linear interpolation taps from a component's samples to the image's, centred as libjpeg's fancy
 * upsampling is (at 2:1 the weights are ¾ and ¼): for image position i, samples lo[i] and lo[i] + 1
 * (clamped) with weight w[i] on the second.
 */
export type Taps = { lo: Int32Array; hi: Int32Array; w: Float32Array };

/** Fills `into` with the taps of image positions 0 to size - 1; the slack after them points at sample 0. */
function fillTaps(into: Taps, size: number, ratio: number, limit: number): Taps {
  const { lo, hi, w } = into;
  for (let i = 0; i < size; i++) {
    const at = (i + 0.5) / ratio - 0.5;
    const f = Math.floor(at);
    lo[i] = Math.min(limit - 1, Math.max(0, f));
    hi[i] = Math.min(limit - 1, Math.max(0, f + 1));
    w[i] = at - f;
  }
  lo.fill(0, size);
  hi.fill(0, size);
  w.fill(0, size);
  return into;
}

/**
 * The layout of a frame the marker reader has checked (and admission has measured), decoded at
 * 1/scale (1, 2, 4 or 8): each 8×8 block gives 8/scale samples a side. `bandLimited` (a progressive
 * file at a reduced scale) keeps only the coefficients each block's reduced inverse DCT reads; a
 * subsampled component's blocks then give at most 4×4 samples (at half scale its 4:2:0 chroma is
 * upsampled after the transform, as at full scale). `windows`: the bytes of each window of entropy
 * decoding in the kernels (EntropySpace), none when it is all JavaScript's.
 */
export function layoutFrame(header: FrameHeader, scale = 1, bandLimited = false, windows: number[] = []): Frame {
  const { progressive } = header;
  const size = 8 / scale;
  const width = Math.ceil(header.width / scale);
  const height = Math.ceil(header.height / scale);
  const raw = header.components;
  const maxH = Math.max(...raw.map((r) => r.h));
  const maxV = Math.max(...raw.map((r) => r.v));
  const mcusAcross = Math.ceil(header.width / (8 * maxH));
  const mcusDown = Math.ceil(header.height / (8 * maxV));
  const components = raw.map((r): Component => {
    // libjpeg's rule (jdmaster.c): double the block's samples while it still divides evenly.
    const own = samplesPerBlock(r, maxH, maxV, size, bandLimited);
    const limited = bandLimited && own < 8;
    const cw = Math.ceil((header.width * r.h * own) / (maxH * 8));
    const ch = Math.ceil((header.height * r.v * own) / (maxV * 8));
    const stride = mcusAcross * r.h;
    return {
      id: r.id,
      h: r.h,
      v: r.v,
      size: own,
      ratioH: (maxH * size) / (r.h * own),
      ratioV: (maxV * size) / (r.v * own),
      tq: r.tq,
      width: cw,
      height: ch,
      stride,
      blocksAcross: Math.ceil((header.width * r.h) / (maxH * 8)),
      blocksDown: Math.ceil((header.height * r.v) / (maxV * 8)),
      band: new Int16Array(0),
      blockStride: limited ? own * own + 4 : 64,
      keep: limited ? keptPositions(own) : null,
      strips: [],
    };
  });
  const { workspace, upsample, rows } = placeInKernels(components, width, windows);
  return { width, height, size, progressive, components, maxH, maxV, mcusAcross, mcusDown, upsample, rows, workspace };
}

/**
 * Lays out the decode's Workspace, the components' strips, upsampling taps and upsampled rows in
 * the kernels' memory, and its EntropySpace (if it has windows). Rows and taps have 4 values of
 * slack (the kernels work 4 at a time), the taps' pointing at sample 0.
 */
function placeInKernels(components: Component[], width: number, windows: number[]) {
  const stripBytes = (c: Component) => c.stride * c.size * c.v * c.size;
  const across = width + 4;
  const sizes: Record<string, number> = {
    quant: 64 * 4,
  };
  components.forEach((c, i) => {
    sizes[`band${i}`] = c.stride * c.v * c.blockStride * 2;
    for (let k = 0; k < 3; k++) sizes[`strip${i}.${k}`] = stripBytes(c);
    for (const name of ['lo', 'hi', 'w', 'row']) sizes[`${name}${i}`] = across * 4;
  });
  const entropy = windows.length > 0;
  if (entropy) {
    windows.forEach((bytes, i) => (sizes[`window${i}`] = bytes + 16));
    sizes.tables = tableSlots(windows) * TABLE_BYTES;
    sizes.components = components.length * COMPONENT_BYTES;
    sizes.scans = windows.length * SCAN_RECORD_BYTES;
  }
  // Last, with slack: the colour kernels write up to 24 bytes past a row and read 7 past their inputs.
  sizes.rgb = width * 3 + 24;
  const { kernels, at, buffer } = withBuffers(sizes);
  const upsample = components.map((c, i) => {
    const placed = {
      lo: new Int32Array(buffer, at[`lo${i}`], across),
      hi: new Int32Array(buffer, at[`hi${i}`], across),
      w: new Float32Array(buffer, at[`w${i}`], across),
    };
    return fillTaps(placed, width, c.ratioH, c.width);
  });
  components.forEach((c, i) => {
    c.strips = [0, 1, 2].map((k) => new Uint8Array(buffer, at[`strip${i}.${k}`], stripBytes(c)));
    c.band = new Int16Array(buffer, at[`band${i}`], c.stride * c.v * c.blockStride);
  });
  const workspace: Workspace = {
    kernels,
    quant: new Int32Array(buffer, at.quant, 64),
    rgb: new Uint8ClampedArray(buffer, at.rgb, width * 3 + 24),
    entropy: entropy
      ? {
          windows: windows.map((bytes, i) => new Uint8Array(buffer, at[`window${i}`], bytes + 16)),
          tables: new Uint8Array(buffer, at.tables, tableSlots(windows) * TABLE_BYTES),
          components: new Int32Array(buffer, at.components, (components.length * COMPONENT_BYTES) / 4),
          scans: new Uint8Array(buffer, at.scans, windows.length * SCAN_RECORD_BYTES),
        }
      : null,
  };
  const rows = components.map((_, i) => new Float32Array(buffer, at[`row${i}`], across));
  return { workspace, upsample, rows };
}

/** Huffman table slots: eight (a streamed scan's DC and AC tables), or one for each progressive AC scan's window. */
function tableSlots(windows: number[]): number {
  return Math.max(8, windows.length);
}

/** For each natural position of an 8×8 block, its index among the size × size kept (row by row), or -1. */
function keptPositions(size: number): Int32Array {
  const keep = new Int32Array(64).fill(-1);
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) keep[row * 8 + col] = row * size + col;
  return keep;
}

/**
 * Samples a block of a component gives at a block size of `size`: libjpeg's rule (jdmaster.c),
 * doubled while it still divides evenly, so that the inverse DCT upsamples a subsampled component;
 * band-limited, at most 4 (a transform of 8 would keep all 64 coefficients).
 */
function samplesPerBlock(r: { h: number; v: number }, maxH: number, maxV: number, size: number, bandLimited: boolean) {
  const largest = bandLimited ? 4 : 8;
  let own = size;
  while (own < largest && (maxH * size) % (r.h * own * 2) === 0 && (maxV * size) % (r.v * own * 2) === 0) own *= 2;
  return own;
}

/**
 * Bytes the coefficients of the whole picture take at 1/scale (padded to whole MCUs): 2 for each
 * kept coefficient, band-limited (a progressive file at a reduced scale) the kept ones and 8 bytes
 * of which are nonzero for each block. What the decode plan still charges a buffered decode, which
 * now holds one band of them (limits.ts).
 */
export function coefficientBytes(
  width: number,
  height: number,
  sampling: readonly { h: number; v: number }[],
  scale: number,
  progressive: boolean,
): number {
  if (sampling.length === 0) return 0;
  const maxH = Math.max(...sampling.map((r) => r.h));
  const maxV = Math.max(...sampling.map((r) => r.v));
  const mcus = Math.ceil(width / (8 * maxH)) * Math.ceil(height / (8 * maxV));
  const bandLimited = progressive && scale > 1;
  return sampling.reduce((sum, r) => {
    const own = samplesPerBlock(r, maxH, maxV, 8 / scale, bandLimited);
    const perBlock = bandLimited && own < 8 ? own * own + 4 : 64;
    return sum + mcus * r.h * r.v * perBlock * 2;
  }, 0);
}
