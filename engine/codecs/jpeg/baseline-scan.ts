/**
 * Entropy decoding of a streamed decode's one scan (baseline, every component) in the SIMD kernels
 * (../simd/assembly/huffman.ts): the same coefficients as scan.ts, about twice as fast. The file is
 * shown to the kernels through a window of WINDOW_BYTES, moved on as they read (so the kernels'
 * memory never holds the file); restart markers are found here, between calls.
 */
import type { Component, Frame } from './frame';
import { COMPONENT_BYTES, WINDOW_BYTES } from './frame';
import { BLOCK_MARGIN, EntropyWindow, TableSlots } from './entropy-window';
import { hasAccessPoints, pointAbove, PointRecorder } from './access-points';
import type { ScanComponent } from './scan';

/** Units (or a component's block columns) from, to (exclusive). */
type Columns = { from: number; to: number };

/**
 * Decodes the scan `data[start, end)` of `components` (in the scan's order) band by band into the
 * components' bands, calling `onBand` as each completes: it reads the band (c.band) and
 * ends the scan early by returning false. Damaged data decodes to damaged pixels, as in scan.ts.
 * Bands above `keepFrom` are only read past (a region lower down): their coefficients are neither
 * cleared nor written, and onBand must not read them. So are, in that case, the units (MCUs, or one
 * component's blocks) of a band holding none of the blocks `columns` gives for each component (the
 * columns a region narrower than the picture reads): their blocks stay zero.
 * `points`: the scan's access points (access-points.ts), read to start at the one nearest above
 * `keepFrom`; a decode that starts at the first band instead makes them for the bands it passes,
 * given to `onPoints` (a scan without restart intervals).
 * `windowBytes`: less of the file at a time (the tests move the window often).
 */
export function decodeBaselineScan(
  data: Uint8Array,
  scan: { start: number; end: number },
  frame: Frame,
  components: ScanComponent[],
  restartInterval: number,
  onBand: (m: number) => boolean,
  {
    keepFrom = 0,
    columns,
    windowBytes = WINDOW_BYTES,
    points,
    onPoints,
  }: {
    keepFrom?: number;
    columns?: (c: Component) => Columns;
    windowBytes?: number;
    points?: Uint8Array | null;
    onPoints?: (points: Uint8Array) => void;
  } = {},
): void {
  const space = frame.workspace.entropy;
  if (!space) throw new Error('the frame was not laid out for a streamed decode');
  const { kernels } = frame.workspace;
  const { windows, tables, components: records } = space;
  const single = components.length === 1;
  const first = (components[0] as ScanComponent).component;
  const unitsAcross = single ? first.blocksAcross : frame.mcusAcross;

  // The units the bands kept need: with bands above them read past (whose tables, TableSlots, are
  // then made), those with a block in some component's columns; else every one (reading past
  // costs about four fifths of decoding: it pays for its tables, 0.16 ms each, only that way).
  let kept: Columns = { from: 0, to: unitsAcross };
  if (columns && keepFrom > 0) {
    const units = single
      ? columns(first)
      : components.reduce(
          (all, { component: c }) => {
            const { from, to } = columns(c);
            return { from: Math.min(all.from, Math.floor(from / c.h)), to: Math.max(all.to, Math.ceil(to / c.h)) };
          },
          { from: unitsAcross, to: 0 },
        );
    kept = { from: Math.min(units.from, unitsAcross), to: Math.min(units.to, unitsAcross) };
  }

  // The scan's components, in its order (a component's tables may differ from the previous scan's).
  const slots = new TableSlots(tables, true, keepFrom > 0);
  const margin = 64 + BLOCK_MARGIN * (single ? 1 : components.reduce((sum, { component: c }) => sum + c.h * c.v, 0));
  /** Where the i-th component's DC predictor is in the records (the kernels' layout: huffman.ts). */
  const predictor = (i: number) => (i * COMPONENT_BYTES) / 4 + 6;
  components.forEach(({ component: c, dc, ac }, i) => {
    const r = (i * COMPONENT_BYTES) / 4;
    records[r] = single ? 1 : c.h;
    records[r + 1] = single ? 1 : c.v;
    records[r + 2] = slots.place(dc);
    records[r + 3] = slots.place(ac);
    records[r + 4] = c.band.byteOffset;
    records[r + 5] = c.stride;
    records[r + 6] = 0;
  });
  // The first unit kept from the scan's n-th on: rows (bands, or one component's block rows) from
  // the first kept, the units in `kept` of each.
  const firstKeptRow = single ? keepFrom * first.v : keepFrom;
  const firstKept = (n: number) => {
    if (kept.from >= kept.to) return Infinity;
    const row = Math.max(firstKeptRow, Math.floor(n / unitsAcross));
    const at = row * unitsAcross;
    if (n < at + kept.from) return at + kept.from;
    return n < at + kept.to ? n : at + unitsAcross + kept.from;
  };
  const window = new EntropyWindow(kernels, windows[0] as Uint8Array, data, scan, restartInterval, margin, {
    size: windowBytes,
    firstKept,
  });
  // A restart starts the DC predictors afresh.
  const onRestart = () => {
    for (let i = 0; i < components.length; i++) records[predictor(i)] = 0;
  };
  // A row's units in turn: in a band kept, skipped past up to those kept, decoded, then skipped
  // past to its end; in a band above, all skipped past.
  const readPast = [{ to: unitsAcross, decode: kernels.skipMcus }];
  const keptParts = [
    { to: kept.from, decode: kernels.skipMcus },
    { to: kept.to, decode: kernels.decodeMcus },
    ...readPast,
  ];
  /** Decodes a row of the records' bands (its units `kept` when `keep`, the others only read past). */
  const decodeRow = (keep: boolean) => {
    const parts = keep ? keptParts : readPast;
    window.row(
      unitsAcross,
      (from, to, stopAfter) => {
        let at = from;
        for (const part of parts) {
          const end = Math.min(to, part.to);
          if (at >= end) continue;
          const reached = part.decode(records.byteOffset, components.length, at, end, stopAfter);
          if (reached < end) return reached; // stopped at the window's end: called again from there
          at = end;
        }
        return at;
      },
      onRestart,
    );
  };

  /** Decodes band m and hands it to onBand: false once it asks for no more. */
  const decodeBand = (m: number): boolean => {
    const keep = m >= keepFrom;
    if (keep) for (const { component } of components) component.band.fill(0);
    if (single) {
      // One component alone: its blocks in rows, blocksAcross of them, as many rows as the band has.
      const c = first;
      const rows = Math.min(c.v, c.blocksDown - m * c.v);
      for (let y = 0; y < rows; y++) {
        records[4] = c.band.byteOffset + y * c.stride * 64 * 2;
        decodeRow(keep);
      }
    } else decodeRow(keep);
    return onBand(m);
  };

  const bandsDown = single ? Math.ceil(first.blocksDown / first.v) : frame.mcusDown;
  // Units a band holds: an MCU row, or one component's block rows.
  const bandUnits = single ? first.v * unitsAcross : unitsAcross;
  // Where the scan is entered (access-points.ts): at the point nearest above the bands kept, where
  // one fits; else at the top, making the points of the bands passed for onPoints. The kernels'
  // reader is read and put back through 32 bytes of the scan records (a streamed scan has none).
  const record = space.scans.subarray(0, 32);
  const indexed = hasAccessPoints(restartInterval, components.length);
  const start = indexed ? pointAbove(points, keepFrom, components.length, scan) : null;
  const recorder = indexed && !start && onPoints ? new PointRecorder(bandsDown, components.length, scan) : null;
  if (start) {
    window.resume(start, start.band * bandUnits, record);
    start.predictors.forEach((p, i) => (records[predictor(i)] = p));
  }
  for (let m = start?.band ?? 0; m < bandsDown; m++) {
    if (recorder && m % recorder.step === 0) {
      const predictors = components.map((_, i) => records[predictor(i)] as number);
      recorder.add(m, window.state(record), predictors);
    }
    if (!decodeBand(m)) break;
  }
  const made = recorder?.made();
  if (made) onPoints?.(made);
}
