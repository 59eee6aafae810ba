/**
 * A progressive file's AC scans decoded in the SIMD kernels (../simd/assembly/huffman.ts, acFirst
 * and acRefine): the same coefficients as scan.ts, which still reads the DC scans (a symbol or a
 * bit a block), a multi-scan baseline file's scans, and any AC scan past the kernels' windows.
 * The decode reads every scan's part of a band in turn (decode.ts), so each scan here has its own
 * window onto the file (entropy-window.ts) and its bit reader's state, kept in its record between
 * bands.
 */
import type { Frame } from './frame';
import { SCAN_RECORD_BYTES, SCAN_WINDOW_BYTES } from './frame';
import { BLOCK_MARGIN, EntropyWindow, type TableSlots } from './entropy-window';
import type { JpegStructure, ScanHeader } from './markers';
import { ZIGZAG, type ScanComponent } from './scan';

/**
 * The most AC scans read in the kernels, each with a window of at most SCAN_WINDOW_BYTES (512 kB
 * at most) and a table slot (frame.ts): libjpeg's progressive script has 8 (of 10 scans), each
 * with its own optimised table, mozjpeg's up to about 18.
 */
export const KERNEL_SCANS = 16;

/** The bytes of each AC scan's window, in file order: the first KERNEL_SCANS of a progressive file's. */
export function acScanWindows(structure: JpegStructure): number[] {
  const windows: number[] = [];
  if (!structure.frame.progressive) return windows;
  for (const segment of structure.segments) {
    if (segment.kind !== 'sos' || segment.scan.ss === 0 || windows.length === KERNEL_SCANS) continue;
    windows.push(Math.min(SCAN_WINDOW_BYTES, segment.scan.end - segment.scan.start));
  }
  return windows;
}

/**
 * A reader of one AC scan (one component, its blocks in rows) in window `slot` of the frame's
 * EntropySpace, as scan.ts's scanReader: each call decodes the scan's part of the next band m into
 * c.band. Null when it has no window (scan.ts then reads it) or no table (scan.ts then
 * says so, as the scan's first block is read).
 */
export function acScanReader(
  data: Uint8Array,
  scan: ScanHeader,
  frame: Frame,
  { component: c, ac }: ScanComponent,
  restartInterval: number,
  slot: number,
  tables: TableSlots,
): ((m: number) => void) | null {
  const space = frame.workspace.entropy;
  const window = space?.windows[slot];
  if (!space || !window || !ac) return null;
  const table = tables.place(ac); // a slot for each window (frame.ts)
  const { kernels } = frame.workspace;
  // The record: the bit reader's state (32 bytes), then where the band layout keeps the
  // coefficient at each zigzag position (natural order, or the band-limited places).
  const record = space.scans.byteOffset + slot * SCAN_RECORD_BYTES;
  const kept = new Int8Array(space.scans.buffer, record + 32, 80);
  for (let k = 0; k < 80; k++) {
    const natural = ZIGZAG[k] as number;
    kept[k] = c.keep ? (c.keep[natural] as number) : natural;
  }
  const marks = c.keep ? (c.blockStride - 4) * 2 : 0;
  const reader = new EntropyWindow(kernels, window, data, scan, restartInterval, 64 + BLOCK_MARGIN);
  kernels.entropySave(record);
  const { ss, se, ah, al } = scan;
  const decode = ah === 0 ? kernels.acFirst : kernels.acRefine;
  const blockBytes = c.blockStride * 2;
  return (m) => {
    const rows = Math.min(c.v, c.blocksDown - m * c.v);
    if (rows <= 0) return;
    kernels.entropyLoad(record);
    for (let y = 0; y < rows; y++) {
      const row = c.band.byteOffset + y * c.stride * blockBytes;
      reader.row(c.blocksAcross, (from, to, stopAfter) =>
        decode(row, blockBytes, from, to, table, kept.byteOffset, marks, ss, se, al, stopAfter),
      );
    }
    kernels.entropySave(record);
  };
}
