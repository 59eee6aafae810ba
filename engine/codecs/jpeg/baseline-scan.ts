/**
 * Entropy decoding of a streamed decode's one scan (baseline, every component) in the SIMD kernels
 * (../simd/assembly/huffman.ts): the same coefficients as scan.ts, about twice as fast. The file is
 * shown to the kernels through a window of WINDOW_BYTES, moved on as they read (so the kernels'
 * memory never holds the file); restart markers are found here, between calls.
 */
import type { Frame } from './frame';
import { COMPONENT_BYTES, TABLE_BYTES, WINDOW_BYTES } from './frame';
import { WIDE_LOOKAHEAD, wideAc, type HuffmanTable } from './huffman';
import { pastRestartMarker } from './markers';
import type { ScanComponent } from './scan';
import { corrupt } from '../../errors';

/**
 * Bytes a block can take at most, and more: 64 codes of 16 bits with 15 value bits, every byte
 * stuffed (496). A window is moved on before less than an MCU's worst and the 8 bytes the bit
 * buffer reads ahead are left in it.
 */
const BLOCK_MARGIN = 512;

/** Lays a Huffman table out as the kernels read it: fast, maxCode, offset, symbols, wideAc. */
function placeTable(tables: Uint8Array, slot: number, t: HuffmanTable): number {
  const at = tables.byteOffset + slot * TABLE_BYTES;
  const buffer = tables.buffer;
  new Uint16Array(buffer, at, 512).set(t.fast);
  new Int32Array(buffer, at + 1024, 18).set(t.maxCode);
  new Int32Array(buffer, at + 1096, 18).set(t.offset);
  const symbols = new Uint8Array(buffer, at + 1168, 256);
  symbols.fill(0);
  symbols.set(t.symbols);
  if (t.fastAc) new Int32Array(buffer, at + 1424, 1 << WIDE_LOOKAHEAD).set(wideAc(t)); // AC tables only: a DC one's is never read
  return at;
}

/**
 * Decodes the scan `data[start, end)` of `components` (in the scan's order) band by band into the
 * components' bands, calling `onBand` as each completes: it reads the band (c.band) and
 * ends the scan early by returning false. Damaged data decodes to damaged pixels, as in scan.ts.
 * Bands above `keepFrom` are only read past (a region lower down): their coefficients are neither
 * cleared nor written, and onBand must not read them. `windowBytes`: less of the file at a time
 * (the tests move the window often).
 */
export function decodeBaselineScan(
  data: Uint8Array,
  { start, end }: { start: number; end: number },
  frame: Frame,
  components: ScanComponent[],
  restartInterval: number,
  onBand: (m: number) => boolean,
  { keepFrom = 0, windowBytes = WINDOW_BYTES }: { keepFrom?: number; windowBytes?: number } = {},
): void {
  const space = frame.workspace.entropy;
  if (!space) throw new Error('the frame was not laid out for a streamed decode');
  const { kernels } = frame.workspace;
  const { window, tables, components: records } = space;

  // The scan's components, in its order (a component's tables may differ from the previous scan's).
  const placed = new Map<HuffmanTable, number>();
  const place = (t: HuffmanTable | null) => {
    if (!t) throw corrupt('a scan uses a Huffman table that was never defined');
    let at = placed.get(t);
    if (at === undefined) {
      at = placeTable(tables, placed.size, t);
      placed.set(t, at);
    }
    return at;
  };
  const single = components.length === 1;
  const margin = 64 + BLOCK_MARGIN * (single ? 1 : components.reduce((sum, { component: c }) => sum + c.h * c.v, 0));
  if (windowBytes > WINDOW_BYTES || windowBytes <= 2 * margin) throw new RangeError('no room for the window');
  components.forEach(({ component: c, dc, ac }, i) => {
    const r = (i * COMPONENT_BYTES) / 4;
    records[r] = single ? 1 : c.h;
    records[r + 1] = single ? 1 : c.v;
    records[r + 2] = place(dc);
    records[r + 3] = place(ac);
    records[r + 4] = c.band.byteOffset;
    records[r + 5] = c.stride;
    records[r + 6] = 0;
  });

  // The window: file bytes [from, from + length) at window.byteOffset, the byte after them behind.
  let from = start;
  let length = 0;
  let last = false;
  const show = (at: number, fresh: boolean) => {
    from = at;
    length = Math.min(windowBytes, end - at);
    last = at + length >= end;
    window.set(data.subarray(at, at + length));
    window[length] = data[at + length] ?? 0;
    const to = window.byteOffset + length;
    if (fresh) kernels.entropyStart(window.byteOffset, to);
    else kernels.entropyMove(window.byteOffset, to);
  };
  const read = () => from + (kernels.entropyNext() - window.byteOffset);
  show(start, true);

  const restart = () => {
    // Past the RSTn marker, afresh.
    const at = pastRestartMarker(data, read(), end);
    // Within the window (a restart every MCU is common): start there, nothing copied.
    if (at >= from && at <= from + length - (last ? 0 : margin))
      kernels.entropyStart(window.byteOffset + (at - from), window.byteOffset + length);
    else show(at, true);
    for (let i = 0; i < components.length; i++) records[(i * COMPONENT_BYTES) / 4 + 6] = 0;
  };

  let n = 0; // MCUs decoded, for restarts
  let restartedAt = 0;
  /** Decodes MCU columns 0 to `across` of a row of the records' bands (only reads past them unless `keep`). */
  const decodeRow = (across: number, keep: boolean) => {
    const decode = keep ? kernels.decodeMcus : kernels.skipMcus;
    for (let col = 0; col < across;) {
      if (restartInterval > 0 && n > 0 && n % restartInterval === 0 && restartedAt !== n) {
        restart();
        restartedAt = n;
      }
      const upTo = restartInterval > 0 ? Math.min(across, col + restartInterval - (n % restartInterval)) : across;
      if (!last && kernels.entropyNext() > window.byteOffset + length - margin) show(read(), false);
      const stopAfter = last ? 0xffffffff : window.byteOffset + length - margin;
      const done = decode(records.byteOffset, components.length, col, upTo, stopAfter);
      n += done - col;
      col = done;
    }
  };

  const first = (components[0] as ScanComponent).component;
  const bandsDown = single ? Math.ceil(first.blocksDown / first.v) : frame.mcusDown;
  for (let m = 0; m < bandsDown; m++) {
    const keep = m >= keepFrom;
    if (keep) for (const { component } of components) component.band.fill(0);
    if (single) {
      // One component alone: its blocks in rows, blocksAcross of them, as many rows as the band has.
      const c = first;
      const rows = Math.min(c.v, c.blocksDown - m * c.v);
      for (let y = 0; y < rows; y++) {
        records[4] = c.band.byteOffset + y * c.stride * 64 * 2;
        decodeRow(c.blocksAcross, keep);
      }
    } else decodeRow(frame.mcusAcross, keep);
    if (!onBand(m)) return;
  }
}
