/**
 * The one reading of a JPEG's marker stream. Admission (jpeg/inspect.ts) and the decoder (jpeg/decode.ts)
 * both call `readJpeg`, so what the decoder decodes is exactly what admission measured: a frame
 * or a table that one of them would skip and the other find cannot exist.
 *
 * It is strict where libjpeg is lenient only when leniency lets a file mean two things: no bytes
 * between segments, no stuffed byte (FF 00) or unknown marker outside entropy-coded data, one
 * frame header, every segment's length equal to what its fields say. Every field is checked
 * before it is used; nothing here allocates more than the file's own size.
 */
import { corrupt, ImageError } from '../../errors';
import { MAX_ICC_BYTES } from '../../pixels/colour-profile';
import { readExifOrientation } from '../../input/exif';

const unsupported = () =>
  new ImageError(
    'unsupported-variant',
    'Lossless, hierarchical and arithmetic-coded JPEG images are not supported. Please save the image as a standard JPEG or PNG.',
  );

/**
 * More scans than any encoder writes (libjpeg's progressive script has 10, mozjpeg's up to about
 * 20): each scan walks the whole image, so a file of thousands of empty scans would cost minutes.
 */
export const MAX_SCANS = 100;
/**
 * Table and restart-interval segments a file may define (real files have under 20): each is kept
 * for the decoder, so a 50 MB file of tiny tables must not become hundreds of thousands of objects.
 */
export const MAX_TABLE_SEGMENTS = 256;

/**
 * The next marker in entropy-coded data at or after `pos` and before `end`: a 0xFF followed by
 * neither a stuffed zero (FF 00) nor another 0xFF (fill before a marker); its position, or -1.
 */
function nextMarker(data: Uint8Array, pos: number, end: number): number {
  for (;;) {
    const ff = data.indexOf(0xff, pos);
    if (ff < 0 || ff + 1 >= end) return -1;
    const next = data[ff + 1] as number;
    if (next === 0x00) pos = ff + 2;
    else if (next === 0xff) pos = ff + 1;
    else return ff;
  }
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Where entropy decoding resumes after a restart: just past the next RSTn marker at or after `pos`;
 * or, when there is none before the marker that ends the scan (damaged data: the rest of the scan
 * is then fed zeros), that marker, or `end`. A checked file's scan ends at the file's end
 * (readJpeg), so the search stops at its end-of-image marker, not in what a phone appends after it.
 */
export function pastRestartMarker(data: Uint8Array, pos: number, end: number): number {
  const at = nextMarker(data, pos, end);
  if (at < 0) return end;
  return isRestart(data[at + 1] as number) ? at + 2 : at;
}

/**
 * The next marker at or after `pos` where it is a restart marker (RSTn), else -1: where a restart
 * interval begun at `pos` ends. The kernels' bit reader stops at the first 0xFF that is not a
 * stuffed byte, so reading an interval's codes and then taking pastRestartMarker lands past the
 * same marker, damaged data or not.
 */
export function restartMarkerAfter(data: Uint8Array, pos: number, end: number): number {
  const at = nextMarker(data, pos, end);
  return at >= 0 && isRestart(data[at + 1] as number) ? at : -1;
}

export interface FrameComponent {
  id: number;
  /** Sampling factors, 1 to 4 (1 × 1 for a grey image whatever the file says). */
  h: number;
  v: number;
  /** Quantisation table slot, 0 to 3. */
  tq: number;
}

export interface FrameHeader {
  width: number;
  height: number;
  progressive: boolean;
  components: FrameComponent[];
}

export interface ScanHeader {
  components: Array<{ id: number; dc: number; ac: number }>;
  ss: number;
  se: number;
  ah: number;
  al: number;
  /**
   * The entropy-coded data: from `start` to `end`, where the next marker begins (the file's end for
   * a checked file's one scan: its decoder stops at that marker).
   */
  start: number;
  end: number;
}

/** What the decoder acts on, in file order (tables may be redefined between scans). */
export type Segment =
  | { kind: 'dqt'; tables: Array<{ slot: number; zigzag: Uint16Array }> }
  | { kind: 'dht'; tables: Array<{ dc: boolean; slot: number; counts: Uint8Array; symbols: Uint8Array }> }
  | { kind: 'dri'; interval: number }
  | { kind: 'sos'; scan: ScanHeader };

export interface JpegStructure {
  frame: FrameHeader;
  segments: Segment[];
  orientation: number;
  /** The Adobe APP14 colour transform flag (0: RGB stored as is), or -1 without the segment. */
  adobeTransform: number;
  /** Coefficients per pixel (from the sampling factors): what the decode plan charges a buffered decode (limits.ts). */
  coefficientsPerPixel: number;
  /**
   * Progressive, or a first scan without every component (so more than one scan): the decoder
   * reads every scan's part of a band in turn (decode.ts), where libjpeg keeps every coefficient.
   */
  buffered: boolean;
  /** The embedded ICC profile (APP2 ICC_PROFILE chunks joined in order), or null. */
  icc: Uint8Array | null;
}

const u16 = (b: Uint8Array, at: number) => ((b[at] as number) << 8) | (b[at + 1] as number);

function readFrame(seg: Uint8Array, progressive: boolean): FrameHeader {
  if (seg.length < 6) throw corrupt('its frame header is short');
  const precision = seg[0] as number;
  const count = seg[5] as number;
  if (precision !== 8)
    throw new ImageError(
      'unsupported-variant',
      `${precision}-bit JPEG images are not supported. Please save the image as an 8-bit JPEG or PNG.`,
    );
  if (count === 4)
    throw new ImageError(
      'unsupported-variant',
      'CMYK JPEG images are not supported. Please save the image in RGB colour and upload it again.',
    );
  if (count !== 1 && count !== 3) throw corrupt(`it has ${count} colour components`);
  if (seg.length !== 6 + count * 3) throw corrupt('its frame header has the wrong length');
  const height = u16(seg, 1);
  const width = u16(seg, 3);
  if (height === 0)
    throw new ImageError(
      'unsupported-variant',
      'JPEG images whose height is given after the image data are not supported.',
    );
  if (width === 0) throw corrupt('it has no pixels');
  const components: FrameComponent[] = [];
  for (let i = 0; i < count; i++) {
    const id = seg[6 + i * 3] as number;
    const hv = seg[7 + i * 3] as number;
    const tq = seg[8 + i * 3] as number;
    const h = hv >> 4;
    const v = hv & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4) throw corrupt('its sampling factors are invalid');
    if (tq > 3) throw corrupt('its frame names an invalid quantisation table');
    if (components.some((c) => c.id === id)) throw corrupt('two colour components share an id');
    // One component: its sampling factors mean nothing and its scans are never interleaved.
    components.push(count === 1 ? { id, h: 1, v: 1, tq } : { id, h, v, tq });
  }
  return { width, height, progressive, components };
}

function readQuantTables(seg: Uint8Array): Segment {
  const tables: Array<{ slot: number; zigzag: Uint16Array }> = [];
  for (let p = 0; p < seg.length;) {
    const pq = (seg[p] as number) >> 4;
    const slot = (seg[p] as number) & 15;
    if (pq > 1 || slot > 3) throw corrupt('a quantisation table is invalid');
    const size = pq ? 128 : 64;
    if (p + 1 + size > seg.length) throw corrupt('a quantisation table is short');
    const zigzag = new Uint16Array(64);
    for (let k = 0; k < 64; k++) zigzag[k] = pq ? u16(seg, p + 1 + k * 2) : (seg[p + 1 + k] as number);
    tables.push({ slot, zigzag });
    p += 1 + size;
  }
  if (tables.length === 0) throw corrupt('a quantisation table segment is empty');
  return { kind: 'dqt', tables };
}

function readHuffmanTables(seg: Uint8Array): Segment {
  const tables: Array<{ dc: boolean; slot: number; counts: Uint8Array; symbols: Uint8Array }> = [];
  for (let p = 0; p < seg.length;) {
    if (p + 17 > seg.length) throw corrupt('a Huffman table is short');
    const tc = (seg[p] as number) >> 4;
    const slot = (seg[p] as number) & 15;
    if (tc > 1 || slot > 3) throw corrupt('a Huffman table is invalid');
    const counts = seg.subarray(p + 1, p + 17);
    let total = 0;
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      const n = counts[length - 1] as number;
      total += n;
      // The next free code of this length: more codes than the length holds (or a code of all ones)
      // is no prefix code, and libjpeg refuses it too.
      code = code * 2 + n;
      if (code >= 2 ** length) throw corrupt('a Huffman table is invalid');
    }
    if (total > 256 || p + 17 + total > seg.length) throw corrupt('a Huffman table is short');
    const symbols = seg.subarray(p + 17, p + 17 + total);
    // A DC symbol is the number of bits of a difference: 15 at most, as libjpeg checks (jdhuff.c).
    if (tc === 0 && symbols.some((s) => s > 15)) throw corrupt('a Huffman table is invalid');
    tables.push({ dc: tc === 0, slot, counts, symbols });
    p += 17 + total;
  }
  if (tables.length === 0) throw corrupt('a Huffman table segment is empty');
  return { kind: 'dht', tables };
}

function readScanHeader(seg: Uint8Array, frame: FrameHeader): Omit<ScanHeader, 'start' | 'end'> {
  const count = seg[0] ?? 0;
  if (count < 1 || count > frame.components.length || seg.length !== 4 + count * 2)
    throw corrupt('a scan header is invalid');
  const components: ScanHeader['components'] = [];
  for (let i = 0; i < count; i++) {
    const id = seg[1 + i * 2] as number;
    const tables = seg[2 + i * 2] as number;
    if (!frame.components.some((c) => c.id === id)) throw corrupt('a scan names an unknown component');
    if (components.some((c) => c.id === id)) throw corrupt('a scan names a component twice');
    if (tables >> 4 > 3 || (tables & 15) > 3) throw corrupt('a scan names an invalid Huffman table');
    components.push({ id, dc: tables >> 4, ac: tables & 15 });
  }
  const at = 1 + count * 2;
  const ss = seg[at] as number;
  const se = seg[at + 1] as number;
  const ah = (seg[at + 2] as number) >> 4;
  const al = (seg[at + 2] as number) & 15;
  if (frame.progressive) {
    const valid = ss <= se && se <= 63 && (ss === 0 ? se === 0 : count === 1) && ah <= 13 && al <= 13;
    if (!valid) throw corrupt('a progressive scan header is invalid');
  }
  return { components, ss, se, ah, al };
}

/** From the first byte of a scan's entropy-coded data to the marker that ends it (RSTn and FF 00 are inside). */
function entropyEnd(b: Uint8Array, start: number): number {
  for (let pos = start; ;) {
    const at = nextMarker(b, pos, b.length);
    if (at < 0) throw corrupt('it ends inside the image data');
    if (!isRestart(b[at + 1] as number)) return at;
    pos = at + 2;
  }
}

/** The ICC profile from its APP2 chunks, in their order; null without one or when it is too large to be real. */
function joinIcc(chunks: Array<{ index: number; data: Uint8Array }>): Uint8Array | null {
  if (chunks.length === 0) return null;
  const total = chunks.reduce((n, c) => n + c.data.length, 0);
  if (total > MAX_ICC_BYTES) return null;
  if (chunks.length === 1) return (chunks[0] as { data: Uint8Array }).data;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of [...chunks].sort((a, b) => a.index - b.index)) {
    out.set(c.data, at);
    at += c.data.length;
  }
  return out;
}

/**
 * Reads and checks the whole marker stream, from SOI to EOI (anything after EOI is ignored).
 * Metadata (EXIF orientation, ICC profile, Adobe transform) counts only before the first scan, as
 * libjpeg (and so sharp) reads it.
 *
 * `checked`: the file was read whole before (inspected at upload, or for the info a decode is given)
 * and nothing after a sequential file's one scan can change what it is: the reading stops at that
 * scan's data instead of walking it for the marker that ends it (Kleiber's 4.4 MB took 1.6 ms, read
 * twice a render). A progressive file is read whole: its decoder needs every scan.
 */
export function readJpeg(b: Uint8Array, { checked = false } = {}): JpegStructure {
  if (checked) return readMarkers(b, true);
  let structure = wholeReadings.get(b);
  if (!structure) {
    structure = readMarkers(b, false);
    wholeReadings.set(b, structure);
  }
  return structure;
}

/**
 * Whole readings by the bytes read, so that an upload's check walks its file once, not once to
 * admit it and again to verify it (Kleiber's 4.4 MB: 1.5 ms a walk). A file's bytes are never
 * changed once read; a reading goes with its bytes.
 */
const wholeReadings = new WeakMap<Uint8Array, JpegStructure>();

function readMarkers(b: Uint8Array, checked: boolean): JpegStructure {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw corrupt('it does not start as a JPEG');
  let frame: FrameHeader | null = null;
  const segments: Segment[] = [];
  let orientation = 1;
  let adobeTransform = -1;
  let scans = 0;
  let tableSegments = 0;
  const iccChunks: Array<{ index: number; data: Uint8Array }> = [];
  let firstScanComplete = false;
  let pos = 2;

  for (;;) {
    if (pos >= b.length) throw corrupt('it ends before the end-of-image marker');
    if (b[pos] !== 0xff) throw corrupt('a segment marker is missing');
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) throw corrupt('it ends before the end-of-image marker');
    const marker = b[pos++] as number;
    if (marker === 0xd9) break; // EOI: anything after it (a phone's appended video) is ignored
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, stray RSTn: no parameters, as libjpeg reads them
    if (marker === 0x00) throw corrupt('a stuffed byte stands outside the image data');
    if (marker === 0xd8) throw corrupt('it starts twice');
    if (
      marker === 0xcc ||
      marker === 0xc3 ||
      (marker >= 0xc5 && marker <= 0xcf && marker !== 0xc8) ||
      marker === 0xdc ||
      marker === 0xde ||
      marker === 0xdf
    )
      throw unsupported();
    const known =
      marker === 0xc0 ||
      marker === 0xc1 ||
      marker === 0xc2 ||
      marker === 0xc4 ||
      marker === 0xdb ||
      marker === 0xdd ||
      marker === 0xda ||
      marker === 0xfe ||
      (marker >= 0xe0 && marker <= 0xef);
    if (!known) throw corrupt(`it has an unknown marker (FF ${marker.toString(16).toUpperCase().padStart(2, '0')})`);
    if (pos + 2 > b.length) throw corrupt('it ends inside a segment');
    const length = u16(b, pos);
    if (length < 2 || pos + length > b.length) throw corrupt('it ends inside a segment');
    const seg = b.subarray(pos + 2, pos + length);
    pos += length;

    if ((marker === 0xdb || marker === 0xc4 || marker === 0xdd) && ++tableSegments > MAX_TABLE_SEGMENTS) {
      throw corrupt(`it has more than ${MAX_TABLE_SEGMENTS} table segments`);
    }
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      if (frame) throw corrupt('it has two frame headers');
      frame = readFrame(seg, marker === 0xc2);
    } else if (marker === 0xdb) {
      segments.push(readQuantTables(seg));
    } else if (marker === 0xc4) {
      segments.push(readHuffmanTables(seg));
    } else if (marker === 0xdd) {
      if (seg.length !== 2) throw corrupt('its restart interval is invalid');
      segments.push({ kind: 'dri', interval: u16(seg, 0) });
    } else if (
      marker === 0xe1 &&
      scans === 0 &&
      orientation === 1 &&
      seg.length > 14 &&
      seg[0] === 0x45 &&
      seg[1] === 0x78 &&
      seg[2] === 0x69 &&
      seg[3] === 0x66 &&
      seg[4] === 0 &&
      seg[5] === 0
    ) {
      orientation = readExifOrientation(seg.subarray(6));
    } else if (
      marker === 0xe2 &&
      scans === 0 &&
      seg.length > 14 &&
      String.fromCharCode(...seg.subarray(0, 12)) === 'ICC_PROFILE\0'
    ) {
      iccChunks.push({ index: seg[12] as number, data: seg.subarray(14) });
    } else if (
      marker === 0xee &&
      scans === 0 &&
      seg.length >= 12 &&
      String.fromCharCode(...seg.subarray(0, 5)) === 'Adobe'
    ) {
      adobeTransform = seg[11] as number;
    } else if (marker === 0xda) {
      if (!frame) throw corrupt('image data comes before the frame header');
      if (firstScanComplete) throw corrupt('it has a second scan after a complete one');
      if (++scans > MAX_SCANS) throw corrupt(`it has more than ${MAX_SCANS} scans`);
      const header = readScanHeader(seg, frame);
      // A sequential file whose first scan holds every component is complete after it.
      if (scans === 1 && !frame.progressive && header.components.length === frame.components.length)
        firstScanComplete = true;
      if (checked && firstScanComplete) {
        segments.push({ kind: 'sos', scan: { ...header, start: pos, end: b.length } });
        break;
      }
      const end = entropyEnd(b, pos);
      segments.push({ kind: 'sos', scan: { ...header, start: pos, end } });
      pos = end;
    }
  }
  if (!frame) throw corrupt('it has no frame header');
  const first = segments.find((s) => s.kind === 'sos');
  if (!first) throw corrupt('it has no image data');
  const maxH = Math.max(...frame.components.map((c) => c.h));
  const maxV = Math.max(...frame.components.map((c) => c.v));
  const coefficientsPerPixel = frame.components.reduce((sum, c) => sum + (c.h * c.v) / (maxH * maxV), 0);
  const buffered = frame.progressive || first.scan.components.length !== frame.components.length;
  return { frame, segments, orientation, adobeTransform, coefficientsPerPixel, buffered, icc: joinIcc(iccChunks) };
}
