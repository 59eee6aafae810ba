/**
 * A JPEG decoder of our own (baseline, extended and progressive Huffman, 8-bit, 1 or 3
 * components, any sampling factors, restart intervals), written to hold as little as it can:
 *
 * - The result is 8-bit RGB, 3 bytes a pixel (mozjpeg through jSquash gives RGBA in its WASM heap,
 *   which never shrinks, and a second RGBA copy in JS: about 8 bytes a pixel).
 * - Every file is decoded in bands of one MCU row: each band is inverse-DCT'd into a ring of three
 *   small sample strips and converted to RGB as soon as the band below it is known (chroma is
 *   upsampled with the triangle filter libjpeg calls "fancy"), so the only large allocation is the
 *   result. A progressive (or multi-scan) file is read band by band too, every scan's part of a
 *   band in turn, each scan keeping its place in the data (libjpeg instead keeps every coefficient
 *   of the picture until the last scan: 3 bytes a pixel at 4:2:0, 6 at 4:4:4). Decoded reduced, a
 *   progressive file's blocks keep only the 4×4, 2×2 or 1 coefficients its reduced inverse DCT
 *   reads, and which of the others are nonzero (a refinement scan must know).
 *
 * The stages: markers.ts (the one reading of the marker stream, shared with admission), huffman.ts,
 * frame.ts (memory layout), entropy decoding (in the SIMD kernels' huffman.ts through
 * entropy-window.ts: baseline-scan.ts for a streamed file's one scan, progressive-scan.ts for a
 * progressive file's AC scans; scan.ts in JavaScript for the others), idct.ts (libjpeg's accurate
 * integer inverse DCT) and ycbcr.ts (upsampling and YCbCr to RGB); the last two run in the SIMD
 * kernels (../simd/assembly/kernels.ts) too, on strips laid out in the kernels' memory.
 *
 * Nothing is allocated before the frame read here is checked against what admission measured, so
 * a file cannot be admitted as one picture and decoded as another.
 */
import { corrupt } from '../../errors';
import type { ImageInfo } from '../../input/image-info';
import { PixelRect, type Picture } from '../../pixels/raster';
import { convertBand, type Region } from './ycbcr';
import { layoutFrame, WINDOW_BYTES, type Component, type Frame } from './frame';
import { buildHuffman, type HuffmanTable } from './huffman';
import { idctBand } from './idct';
import { readJpeg } from './markers';
import { scanReader, ZIGZAG, type ScanComponent } from './scan';
import { decodeBaselineScan } from './baseline-scan';
import { acScanReader, acScanWindows } from './progressive-scan';
import { TableSlots } from './entropy-window';

/**
 * What to decode: the whole picture at full scale, or (shrink-on-load, as libjpeg's scaled IDCT
 * and libvips use it) at 1/2, 1/4 or 1/8, each block's inverse DCT computing only the samples it
 * keeps, and only a region of the picture at that scale (stored orientation, in scaled pixels):
 * blocks left and right of it are not transformed, bands above it are only read past (a streamed
 * scan's keep no coefficients), and every scan stops after the last band it needs.
 */
export interface JpegPart {
  scale: 1 | 2 | 4 | 8;
  region?: Region;
  /**
   * A streamed scan's access points (access-points.ts), made by an earlier decode of the file: a
   * region lower down starts at the nearest above it. A decode that reads from the top instead
   * gives `onPoints` those of the bands it passed.
   */
  points?: Uint8Array | null;
  onPoints?: (points: Uint8Array) => void;
}

/**
 * Everything decoding checks, without decoding: the upload's proof that a file decodes. Entropy
 * data cannot make a decode fail (damaged data decodes to damaged pixels, and past its end a scan
 * is fed zeros, as in libjpeg), so what can is structure: the marker stream (readJpeg, with every
 * table and scan header), the frame against admission, each scan's Huffman tables defined before
 * it uses them, and each component's quantisation table defined before its blocks are transformed
 * (during the scan for a streamed file, after the last scan for a buffered one). A test holds it to
 * the decoder's outcome over the fixtures and their mutants.
 */
export function verifyJpeg(bytes: Uint8Array, info: ImageInfo): void {
  const structure = readJpeg(bytes);
  checkAdmitted(structure, info);
  const components = structure.frame.components;
  const quant = new Set<number>();
  const dc = new Set<number>();
  const ac = new Set<number>();
  const quantFor = () => {
    if (components.some((c) => !quant.has(c.tq))) throw corrupt('a quantisation table is missing');
  };
  for (const segment of structure.segments) {
    if (segment.kind === 'dqt') for (const t of segment.tables) quant.add(t.slot);
    else if (segment.kind === 'dht') for (const t of segment.tables) (t.dc ? dc : ac).add(t.slot);
    else if (segment.kind === 'sos') {
      const { scan } = segment;
      const baseline = !structure.frame.progressive;
      const usesDc = baseline || (scan.ss === 0 && scan.ah === 0);
      const usesAc = baseline || scan.ss !== 0;
      for (const c of scan.components) {
        if ((usesDc && !dc.has(c.dc)) || (usesAc && !ac.has(c.ac)))
          throw corrupt('a scan uses a Huffman table that was never defined');
      }
      if (!structure.buffered) quantFor();
    }
  }
  quantFor();
}

/** The frame read here is the one admission measured, or nothing is allocated for it. */
function checkAdmitted(structure: ReturnType<typeof readJpeg>, info: ImageInfo): void {
  const header = structure.frame;
  const admitted =
    info.type === 'jpeg' &&
    header.width === info.width &&
    header.height === info.height &&
    header.components.length === info.components &&
    header.progressive === info.progressive &&
    structure.buffered === info.buffered &&
    structure.coefficientsPerPixel === info.coefficientsPerPixel;
  if (!admitted) throw corrupt('its frame is not the one that was checked');
}

export function decodeJpeg(bytes: Uint8Array, info: ImageInfo, part: JpegPart = { scale: 1 }): Picture {
  // The info comes from an inspection that read the file whole (at upload, if not for this decode).
  const structure = readJpeg(bytes, { checked: true });
  const header = structure.frame;
  checkAdmitted(structure, info);

  const quantTables: Int32Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  // A progressive file at a reduced scale keeps only the coefficients its reduced IDCT reads.
  // A baseline file whose first (and so only) scan holds every component is streamed: its one scan
  // read in the kernels (baseline-scan.ts), band by band.
  const streaming = !structure.buffered;
  // Entropy decoding in the kernels: a streamed scan through one window, a progressive file's AC
  // scans through one each.
  const windows = streaming ? [WINDOW_BYTES] : acScanWindows(structure);
  const f: Frame = layoutFrame(header, part.scale, header.progressive && part.scale > 1, windows);
  const acTableSlots = !streaming && f.workspace.entropy ? new TableSlots(f.workspace.entropy.tables, false) : null;
  let acScans = 0;
  const region = clampRegion(part.region ?? { x0: 0, y0: 0, x1: f.width, y1: f.height }, f);
  // The bands whose rows the region holds, and the block columns each component's upsampling reads.
  const bandRows = f.size * f.maxV;
  const firstBand = Math.floor(region.y0 / bandRows);
  const lastBand = Math.floor((region.y1 - 1) / bandRows);
  const columns = f.components.map((c, i) => {
    const { lo, hi } = f.upsample[i] as { lo: Int32Array; hi: Int32Array };
    return {
      from: Math.floor((lo[region.x0] as number) / c.size),
      to: Math.min(c.stride, Math.floor((hi[region.x1 - 1] as number) / c.size) + 1),
    };
  });
  let restartInterval = 0;
  const readers: Array<(m: number) => void> = [];
  let output: Uint8ClampedArray | null = null;

  const emitBand = (m: number): Uint8ClampedArray => {
    output ??= new Uint8ClampedArray((region.x1 - region.x0) * (region.y1 - region.y0) * 3);
    if (m >= firstBand && m <= lastBand) convertBand(f, m, region, output, structure.adobeTransform);
    return output;
  };

  /** Finishes band m; false once the bands the region needs are all converted. */
  const finishBand = (m: number): boolean => {
    // Inverse DCT band m into its strip (only bands next to the region's), then convert the band
    // above, whose neighbours are known.
    const wanted = m >= firstBand - 1 && m <= lastBand + 1;
    f.components.forEach((c, i) => {
      const quant = quantTables[c.tq];
      if (!quant) throw corrupt('a quantisation table is missing');
      const { from, to } = columns[i] as { from: number; to: number };
      if (wanted) idctBand(c, m, quant, c.size, from, to, f.workspace);
    });
    if (m > 0) emitBand(m - 1);
    return m <= lastBand;
  };

  for (const segment of structure.segments) {
    if (segment.kind === 'dqt') {
      for (const { slot, zigzag } of segment.tables) {
        const table = new Int32Array(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k] as number] = zigzag[k] as number;
        quantTables[slot] = table;
      }
    } else if (segment.kind === 'dht') {
      for (const t of segment.tables) (t.dc ? dcTables : acTables)[t.slot] = buildHuffman(t.counts, t.symbols, !t.dc);
    } else if (segment.kind === 'dri') {
      restartInterval = segment.interval;
    } else {
      const { scan } = segment;
      const components = scan.components.map(({ id, dc, ac }): ScanComponent => ({
        component: f.components.find((x) => x.id === id) as Component,
        dc: dcTables[dc] ?? null,
        ac: acTables[ac] ?? null,
      }));
      if (streaming)
        // Bands above those finishBand transforms are only read past, and so are the columns beside them.
        decodeBaselineScan(bytes, scan, f, components, restartInterval, finishBand, {
          keepFrom: firstBand - 1,
          columns: (c) => columns[f.components.indexOf(c)] as { from: number; to: number },
          points: part.points,
          onPoints: part.onPoints,
        });
      else {
        // A progressive file's AC scan (one component) in the kernels while they have a window for it.
        const one = components[0] as ScanComponent;
        const inKernels =
          acTableSlots && scan.ss > 0 && acScans < windows.length
            ? acScanReader(bytes, scan, f, one, restartInterval, acScans++, acTableSlots)
            : null;
        readers.push(inKernels ?? scanReader(bytes, scan, f, components, restartInterval, scan));
      }
    }
  }

  // A buffered decode reads every scan's part of a band in turn, band by band, into one band of
  // coefficients for each component (zeroed for each band; one no scan codes stays mid grey), and
  // stops below the band under the region's last (its upsampling reads it).
  if (!streaming) {
    for (let m = 0; m < f.mcusDown; m++) {
      for (const c of f.components) c.band.fill(0);
      for (const read of readers) read(m);
      if (!finishBand(m)) break;
    }
  }
  // A streamed scan finishes every band as it goes (the scan walks every MCU, feeding zeros past
  // damaged data), or stops once finishBand has converted the region's last.
  // The last band has no band below: convert it now (a scan that stopped early has converted it).
  const data = lastBand === f.mcusDown - 1 ? emitBand(lastBand) : (output ?? emitBand(lastBand));
  return { width: region.x1 - region.x0, height: region.y1 - region.y0, channels: 3, data };
}

/** The region inside the frame, at least one pixel. */
function clampRegion(region: Region, f: Frame): Region {
  const x0 = Math.min(f.width - 1, Math.max(0, Math.floor(region.x0)));
  const y0 = Math.min(f.height - 1, Math.max(0, Math.floor(region.y0)));
  return new PixelRect(
    x0,
    y0,
    Math.max(x0 + 1, Math.min(f.width, Math.ceil(region.x1))),
    Math.max(y0 + 1, Math.min(f.height, Math.ceil(region.y1))),
  );
}
