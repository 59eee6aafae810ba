/**
 * A streamed scan's access points (as zlib's zran.c keeps into a deflate stream): where its entropy
 * data stands at the start of every `step`-th band, with what the decoder holds there (the bits
 * read and not yet used, each component's DC predictor), so a decode of a region lower down starts
 * at the band nearest above it instead of reading past every band from the top. A decode that
 * reads the scan from its first band makes them (baseline-scan.ts); the decodes of the same file
 * after it read them (docs/decisions/0025-jpeg-access-points.md).
 *
 * Only a scan without restart intervals has them: one with restarts is passed by its markers
 * (entropy-window.ts). They are bytes, so their holder can keep them beside the file: a header
 * (16 bytes: version, components, step, the scan's start and end, points), then POINT_BYTES for
 * each band 0, step, 2 × step, ... the decode passed. Points that do not fit the scan (another
 * file's, damaged) are not read: the decode then reads from the top, as without them.
 */

/** The state of the kernels' bit reader at a band's start (huffman.ts entropySave's record). */
export interface ReaderState {
  /** The file byte read next. */
  at: number;
  /** The bits held (the low `held` of low + high × 2^32), and whether a marker was met. */
  low: number;
  high: number;
  held: number;
  atMarker: boolean;
}

export interface AccessPoint extends ReaderState {
  band: number;
  predictors: Int32Array;
}

/** The layout's and the kernels' bit reader's (huffman.ts): raise it when either changes, so stored points are not read. */
const VERSION = 1;
const HEADER_BYTES = 16;
const POINT_BYTES = 32;
const MAX_COMPONENTS = 4;
/** Points kept at most (8.2 kB): a 56 MP photo's 351 bands of 16 rows, every second one's (5.6 kB). */
const MAX_POINTS = 256;

/** Whether a scan has access points: one without restart intervals, of at most four components. */
export function hasAccessPoints(restartInterval: number, components: number): boolean {
  return restartInterval === 0 && components <= MAX_COMPONENTS;
}

/** Bands between points for a scan of `bands`: every band, or fewer for a tall picture. */
export function pointStep(bands: number): number {
  return Math.max(1, Math.ceil(bands / MAX_POINTS));
}

/** Points as a decode passes bands from the first, for the scan `[start, end)` of `components`. */
export class PointRecorder {
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private points = 0;

  constructor(
    bands: number,
    private readonly components: number,
    scan: { start: number; end: number },
  ) {
    const step = pointStep(bands);
    this.bytes = new Uint8Array(HEADER_BYTES + Math.ceil(bands / step) * POINT_BYTES);
    this.view = new DataView(this.bytes.buffer);
    this.view.setUint8(0, VERSION);
    this.view.setUint8(1, components);
    this.view.setUint16(2, step, true);
    this.view.setUint32(4, scan.start, true);
    this.view.setUint32(8, scan.end, true);
  }

  get step(): number {
    return this.view.getUint16(2, true);
  }

  /** Band `band`'s point (bands are passed in order, each step-th). */
  add(band: number, state: ReaderState, predictors: ArrayLike<number>): void {
    if (band !== this.points * this.step) throw new Error('access points are recorded in band order');
    const v = this.view;
    const at = HEADER_BYTES + this.points * POINT_BYTES;
    v.setUint32(at, state.at, true);
    v.setUint8(at + 4, state.held);
    v.setUint8(at + 5, state.atMarker ? 1 : 0);
    v.setUint32(at + 8, state.low, true);
    v.setUint32(at + 12, state.high, true);
    for (let i = 0; i < this.components; i++) v.setInt32(at + 16 + 4 * i, predictors[i] as number, true);
    this.points++;
    v.setUint32(12, this.points, true);
  }

  /** The points recorded so far (none: null). */
  made(): Uint8Array | null {
    return this.points > 0 ? this.bytes.slice(0, HEADER_BYTES + this.points * POINT_BYTES) : null;
  }
}

/**
 * The last point at or above band `band` in `bytes`, made for the scan `[start, end)` of
 * `components`; null where there is none past band 0 or the points do not fit the scan.
 */
export function pointAbove(
  bytes: Uint8Array | null | undefined,
  band: number,
  components: number,
  scan: { start: number; end: number },
): AccessPoint | null {
  if (!bytes || bytes.length < HEADER_BYTES + POINT_BYTES || band <= 0) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const step = v.getUint16(2, true);
  const points = v.getUint32(12, true);
  const fits =
    v.getUint8(0) === VERSION &&
    v.getUint8(1) === components &&
    components <= MAX_COMPONENTS &&
    step > 0 &&
    v.getUint32(4, true) === scan.start &&
    v.getUint32(8, true) === scan.end &&
    bytes.length === HEADER_BYTES + points * POINT_BYTES;
  if (!fits) return null;
  const index = Math.min(points - 1, Math.floor(band / step));
  if (index <= 0) return null;
  const at = HEADER_BYTES + index * POINT_BYTES;
  const point: AccessPoint = {
    band: index * step,
    at: v.getUint32(at, true),
    held: v.getUint8(at + 4),
    atMarker: v.getUint8(at + 5) === 1,
    low: v.getUint32(at + 8, true),
    high: v.getUint32(at + 12, true),
    predictors: new Int32Array(components),
  };
  for (let i = 0; i < components; i++) point.predictors[i] = v.getInt32(at + 16 + 4 * i, true);
  if (point.at < scan.start || point.at > scan.end || point.held > 64) return null;
  return point;
}
