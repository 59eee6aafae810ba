/**
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
 * The stages: markers.ts (the one reading of the marker stream, shared with admission), huffman.ts,
 * frame.ts (memory layout), scan.ts (entropy decoding), idct.ts (libjpeg's accurate integer
 * inverse DCT) and colour.ts (upsampling and YCbCr to RGB).
 *
 * Nothing is allocated before the frame read here is checked against what admission measured, so
 * a file cannot be admitted as one picture and decoded as another.
 */
import type { ImageInfo } from '../inspect';
import type { Picture } from '../raster';
import { convertBand } from './colour';
import { layoutFrame, type Component, type Frame } from './frame';
import { buildHuffman, type HuffmanTable } from './huffman';
import { idctBand } from './idct';
import { corrupt, readJpeg } from './markers';
import { decodeScan, ZIGZAG } from './scan';

export function decodeJpeg(bytes: Uint8Array, info: ImageInfo): Picture {
  return walkJpeg(bytes, info, false) as Picture;
}

/**
 * Everything decoding checks (the frame against admission, every table and every scan's entropy
 * data), without the inverse DCT, upsampling and colour conversion, which cannot fail: the upload's
 * proof that a file decodes, at about half the cost.
 */
export function verifyJpeg(bytes: Uint8Array, info: ImageInfo): void {
  walkJpeg(bytes, info, true);
}

function walkJpeg(bytes: Uint8Array, info: ImageInfo, verifyOnly: boolean): Picture | null {
  const structure = readJpeg(bytes);
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

  const quantTables: Int32Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  const f: Frame = layoutFrame(header);
  let restartInterval = 0;
  let output: Uint8ClampedArray | null = null;

  const bandOf = (c: Component, m: number): Int16Array => {
    let band = c.bands[m];
    if (!band) {
      band = new Int16Array(c.stride * c.v * 64);
      c.bands[m] = band;
    }
    return band;
  };

  const emitBand = (m: number): Uint8ClampedArray => {
    output ??= new Uint8ClampedArray(f.width * f.height * 3);
    convertBand(f, m, output, structure.adobeTransform);
    return output;
  };

  const finishBand = (m: number) => {
    if (verifyOnly) {
      for (const c of f.components) {
        if (!quantTables[c.tq]) throw corrupt('a quantisation table is missing');
        c.bands[m] = undefined;
      }
      return;
    }
    // Inverse DCT band m into its strip, then convert the band above, whose neighbours are known.
    for (const c of f.components) {
      const quant = quantTables[c.tq];
      if (!quant) throw corrupt('a quantisation table is missing');
      idctBand(c, m, quant);
      c.bands[m] = undefined;
    }
    if (m > 0) emitBand(m - 1);
  };

  // A baseline file whose first (and so only) scan holds every component is converted band by band.
  const streaming = !structure.buffered;
  for (const segment of structure.segments) {
    if (segment.kind === 'dqt') {
      for (const { slot, zigzag } of segment.tables) {
        const table = new Int32Array(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k] as number] = zigzag[k] as number;
        quantTables[slot] = table;
      }
    } else if (segment.kind === 'dht') {
      for (const t of segment.tables) (t.dc ? dcTables : acTables)[t.slot] = buildHuffman(t.counts, t.symbols);
    } else if (segment.kind === 'dri') {
      restartInterval = segment.interval;
    } else {
      const { scan } = segment;
      const components = scan.components.map(({ id, dc, ac }) => {
        const c = f.components.find((x) => x.id === id) as Component;
        c.dc = dcTables[dc] ?? null;
        c.ac = acTables[ac] ?? null;
        return c;
      });
      decodeScan(bytes, scan, f, components, restartInterval, scan, bandOf, streaming ? finishBand : null);
    }
  }

  // A streamed scan has finished every band as it went (the scan always walks every MCU, feeding
  // zeros past damaged data); a buffered decode finishes them now. The last band has no band below.
  if (!streaming) for (let m = 0; m < f.mcusDown; m++) finishBand(m);
  if (verifyOnly) return null;
  const data = emitBand(f.mcusDown - 1);
  return { width: f.width, height: f.height, channels: 3, data };
}
