/**
 * Entropy decoding of a streamed decode's one scan (baseline, every component) in the SIMD kernels
 * (../simd/assembly/huffman.ts): the same coefficients as scan.ts, about twice as fast. The file is
 * shown to the kernels through a window of WINDOW_BYTES, moved on as they read (so the kernels'
 * memory never holds the file); restart markers are found here, between calls.
 */
import type { Frame } from './frame';
import { COMPONENT_BYTES, WINDOW_BYTES } from './frame';
import { BLOCK_MARGIN, EntropyWindow, TableSlots } from './entropy-window';
import type { ScanComponent } from './scan';

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
  scan: { start: number; end: number },
  frame: Frame,
  components: ScanComponent[],
  restartInterval: number,
  onBand: (m: number) => boolean,
  { keepFrom = 0, windowBytes = WINDOW_BYTES }: { keepFrom?: number; windowBytes?: number } = {},
): void {
  const space = frame.workspace.entropy;
  if (!space) throw new Error('the frame was not laid out for a streamed decode');
  const { kernels } = frame.workspace;
  const { windows, tables, components: records } = space;

  // The scan's components, in its order (a component's tables may differ from the previous scan's).
  const slots = new TableSlots(tables, true, keepFrom > 0);
  const single = components.length === 1;
  const margin = 64 + BLOCK_MARGIN * (single ? 1 : components.reduce((sum, { component: c }) => sum + c.h * c.v, 0));
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
  const window = new EntropyWindow(kernels, windows[0] as Uint8Array, data, scan, restartInterval, margin, windowBytes);
  // A restart starts the DC predictors afresh.
  const onRestart = () => {
    for (let i = 0; i < components.length; i++) records[(i * COMPONENT_BYTES) / 4 + 6] = 0;
  };
  /** Decodes MCU columns 0 to `across` of a row of the records' bands (only reads past them unless `keep`). */
  const decodeRow = (across: number, keep: boolean) => {
    const decode = keep ? kernels.decodeMcus : kernels.skipMcus;
    window.row(
      across,
      (from, to, stopAfter) => decode(records.byteOffset, components.length, from, to, stopAfter),
      onRestart,
    );
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
