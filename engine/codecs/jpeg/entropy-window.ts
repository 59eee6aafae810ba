/**
 * A scan's entropy-coded data as the kernels (../simd/assembly/huffman.ts) read it: through a
 * window in their memory, moved on as they read (so that memory never holds the file), with its
 * Huffman tables laid out beside it; restart markers are found here, between calls. A streamed
 * decode's one scan has one (baseline-scan.ts); a progressive file's AC scans have one each
 * (progressive-scan.ts).
 */
import type { Kernels } from '../simd/kernels';
import { TABLE_BYTES } from './frame';
import { skipAc, WIDE_LOOKAHEAD, wideAc, type HuffmanTable } from './huffman';
import { pastRestartMarker, restartMarkerAfter } from './markers';
import type { ReaderState } from './access-points';
import { corrupt } from '../../errors';

/**
 * Bytes a block can take at most, and more: 64 codes of 16 bits with 15 value bits, every byte
 * stuffed (496). A window is moved on before less than a call's worst unit (an MCU or a block) and
 * the 8 bytes the bit buffer reads ahead are left in it.
 */
export const BLOCK_MARGIN = 512;

export class EntropyWindow {
  /** The window: file bytes [from, from + length) at window.byteOffset, the byte after them behind. */
  private from = 0;
  private length = 0;
  private last = false;
  /** Units (MCUs, or one component's blocks) decoded, for restarts. */
  private n = 0;
  private restartedAt = 0;
  /** Units of the next rows inside an interval already passed (its marker reached). */
  private passed = 0;
  private readonly end: number;
  private readonly size: number;
  private readonly firstKept: (n: number) => number;

  /**
   * `window`: the kernels' memory for `size` bytes of the file and 16 of slack; `margin`: the
   * bytes the kernels may read in one unit, and more. The kernels' bit reader starts at `start`.
   * `firstKept(n)`: the first unit from the scan's n-th on whose coefficients are kept (the others
   * are only read past); every unit's unless given.
   */
  constructor(
    private readonly kernels: Kernels,
    private readonly window: Uint8Array,
    private readonly data: Uint8Array,
    { start, end }: { start: number; end: number },
    private readonly restartInterval: number,
    private readonly margin: number,
    {
      size = window.length - 16,
      firstKept = (n: number) => n,
    }: { size?: number; firstKept?: (n: number) => number } = {},
  ) {
    this.end = end;
    this.size = size;
    this.firstKept = firstKept;
    if (size > window.length - 16 || (size < end - start && size <= 2 * margin))
      throw new RangeError('no room for the window');
    this.show(start, true);
  }

  private show(at: number, fresh: boolean) {
    const { window, kernels } = this;
    this.from = at;
    this.length = Math.min(this.size, this.end - at);
    this.last = at + this.length >= this.end;
    window.set(this.data.subarray(at, at + this.length));
    window[this.length] = this.data[at + this.length] ?? 0;
    const to = window.byteOffset + this.length;
    if (fresh) kernels.entropyStart(window.byteOffset, to);
    else kernels.entropyMove(window.byteOffset, to);
  }

  /** Where in the file the kernels read next. */
  private read(): number {
    return this.from + (this.kernels.entropyNext() - this.window.byteOffset);
  }

  /**
   * The kernels' bit reader now (access-points.ts), read through `record` (32 bytes of their
   * memory): where in the file it reads next, the bits it holds.
   */
  state(record: Uint8Array): ReaderState {
    const v = new DataView(record.buffer, record.byteOffset, 32);
    this.kernels.entropySave(record.byteOffset);
    return {
      at: this.read(),
      low: v.getUint32(8, true),
      high: v.getUint32(12, true),
      held: v.getInt32(16, true),
      atMarker: v.getInt32(20, true) !== 0,
    };
  }

  /** The kernels' bit reader put back as `state` gave it, `units` units into the scan (through `record`, as state). */
  resume(state: ReaderState, units: number, record: Uint8Array): void {
    this.startAt(state.at);
    const v = new DataView(record.buffer, record.byteOffset, 32);
    this.kernels.entropySave(record.byteOffset);
    v.setUint32(8, state.low, true);
    v.setUint32(12, state.high, true);
    v.setInt32(16, state.held, true);
    v.setInt32(20, state.atMarker ? 1 : 0, true);
    this.kernels.entropyLoad(record.byteOffset);
    this.n = units;
  }

  /** Past the RSTn marker, afresh (the kernels' bit reader and end-of-band run). */
  private restart() {
    this.startAt(pastRestartMarker(this.data, this.read(), this.end));
  }

  /**
   * The restart interval begun here read past without decoding it: the kernels' reader moved to the
   * marker that ends it, which the next restart takes. False where none does (damaged data, or the
   * scan's last interval): its codes are then read as usual.
   */
  private passInterval(): boolean {
    const at = restartMarkerAfter(this.data, this.read(), this.end);
    if (at < 0) return false;
    this.startAt(at);
    return true;
  }

  /** The kernels' bit reader afresh at file byte `at`. */
  private startAt(at: number) {
    // Within the window (a restart every MCU is common): start there, nothing copied.
    if (at >= this.from && at <= this.from + this.length - (this.last ? 0 : this.margin))
      this.kernels.entropyStart(this.window.byteOffset + (at - this.from), this.window.byteOffset + this.length);
    else this.show(at, true);
  }

  /**
   * Decodes units 0 to `across` of a row with `decode(from, to, stopAfter)`, which decodes units
   * `from` to `to` and returns where it stopped: `to`, or sooner once the next byte is past
   * `stopAfter`. Between calls the window moves on, and restarts are taken (`onRestart`: the
   * caller's part, such as the DC predictors). A restart interval with no unit kept (firstKept) is
   * passed by its markers, not decoded, in this row and the next ones it reaches into. 2004default.jpg
   * (a restart a row): 0.06 ms a hundred rows above a region, not 0.74. Kleiber_by_Lukas_Baubkus.jpg
   * given a restart every 480 MCUs (377 a row): its banner's first result 106 → 69 ms.
   */
  row(across: number, decode: (from: number, to: number, stopAfter: number) => number, onRestart?: () => void): void {
    const { kernels, window, restartInterval } = this;
    let col = Math.min(across, this.passed);
    this.passed -= col;
    while (col < across) {
      if (restartInterval > 0 && this.n > 0 && this.n % restartInterval === 0 && this.restartedAt !== this.n) {
        this.restart();
        onRestart?.();
        this.restartedAt = this.n;
      }
      if (
        restartInterval > 0 &&
        this.n % restartInterval === 0 &&
        this.firstKept(this.n) >= this.n + restartInterval &&
        this.passInterval()
      ) {
        this.n += restartInterval;
        this.passed = Math.max(0, restartInterval - (across - col));
        col = Math.min(across, col + restartInterval);
        continue;
      }
      const upTo = restartInterval > 0 ? Math.min(across, col + restartInterval - (this.n % restartInterval)) : across;
      if (!this.last && kernels.entropyNext() > window.byteOffset + this.length - this.margin)
        this.show(this.read(), false);
      const done = decode(col, upTo, this.last ? 0xffffffff : window.byteOffset + this.length - this.margin);
      this.n += done - col;
      col = done;
    }
  }
}

/**
 * Huffman tables laid out in the kernels' slots (frame.ts), each once: `ends` as the baseline kernel
 * reads them (its whole-coefficient table with ends of blocks), or not (a progressive AC scan's);
 * `skips`, with skipAc too (a streamed scan that reads past bands above its region: about 0.16 ms a
 * table to build, so not otherwise).
 */
export class TableSlots {
  private readonly placed = new Map<HuffmanTable, number>();

  constructor(
    private readonly tables: Uint8Array,
    private readonly ends: boolean,
    private readonly skips = false,
  ) {}

  /** The table's address in the kernels' memory. */
  place(t: HuffmanTable | null): number {
    if (!t) throw corrupt('a scan uses a Huffman table that was never defined');
    let at = this.placed.get(t);
    if (at === undefined) {
      if ((this.placed.size + 1) * TABLE_BYTES > this.tables.length) throw new RangeError('no room for the table');
      at = placeTable(this.tables, this.placed.size, t, this.ends, this.skips);
      this.placed.set(t, at);
    }
    return at;
  }
}

/** Lays a Huffman table out as the kernels read it: fast, maxCode, offset, symbols, wideAc, skipAc. */
function placeTable(tables: Uint8Array, slot: number, t: HuffmanTable, ends: boolean, skips: boolean): number {
  const at = tables.byteOffset + slot * TABLE_BYTES;
  const buffer = tables.buffer;
  new Uint16Array(buffer, at, 512).set(t.fast);
  new Int32Array(buffer, at + 1024, 18).set(t.maxCode);
  new Int32Array(buffer, at + 1096, 18).set(t.offset);
  const symbols = new Uint8Array(buffer, at + 1168, 256);
  symbols.fill(0);
  symbols.set(t.symbols);
  // AC tables only: a DC one's are never read.
  const wide = 1 << WIDE_LOOKAHEAD;
  if (t.fastAc) new Int32Array(buffer, at + 1424, wide).set(wideAc(t, ends));
  if (t.fastAc && skips) new Int32Array(buffer, at + 1424 + 4 * wide, wide).set(skipAc(t));
  return at;
}
