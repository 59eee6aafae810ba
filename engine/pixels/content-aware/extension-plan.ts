/**
 * The working memory of an extension (content-aware/extension.ts), planned before anything is
 * allocated. The synthesis runs on a copy of the output shrunk by a whole factor so that it has at
 * most WORK_PIXELS pixels, whatever the output's size, and every array it uses comes out of one
 * slab of `bytes`: the bound is a number, not an estimate (docs/engine.md, "Extensions").
 */
import { freeNow } from '../../memory';

/** Pixels of the finest level the synthesis works on: about 256 × 256, a 1280 × 720 output at 1/4. */
export const WORK_PIXELS = 65_536;
/** A patch is (2 · PATCH_RADIUS + 1)² pixels of a level: 7 × 7, as in Barnes et al. (2009). */
export const PATCH_RADIUS = 3;
/** The coarsest level keeps at least this many pixels across its short side. */
const COARSEST_SIDE = 24;

export interface LevelSize {
  width: number;
  height: number;
  /** Output pixels per pixel of this level, across and down. */
  scale: number;
}

export interface ExtensionPlan {
  /** Output pixels per pixel of the finest level. */
  factor: number;
  /** Finest first. */
  levels: LevelSize[];
  /** Every byte the synthesis allocates (the slab). */
  bytes: number;
}

/** Bytes per pixel of the finest level, and per pixel of every level together (see slabLayout). */
const BYTES_PER_FINE_PIXEL = 4 + 4 + 1 + 4 + 16 + 4 + 8;
const BYTES_PER_LEVEL_PIXEL = 3;
const BYTES_PER_SECOND_LEVEL_PIXEL = 8;
/** Bytes per column and per row of the output (content-aware/extension.ts, axis). */
const BYTES_PER_OUTPUT_LINE = 20;
/** The longest side an output has (custom sizes: shared/custom-format.ts). */
export const MAX_OUTPUT_SIDE = 4096;

/** The levels and bytes an extension of a `width` × `height` output works with. */
export function planExtension(width: number, height: number): ExtensionPlan {
  let factor = Math.max(1, Math.floor(Math.sqrt((width * height) / WORK_PIXELS)));
  while (Math.ceil(width / factor) * Math.ceil(height / factor) > WORK_PIXELS) factor += 1;
  const levels: LevelSize[] = [{ width: Math.ceil(width / factor), height: Math.ceil(height / factor), scale: factor }];
  for (;;) {
    const last = levels[levels.length - 1] as LevelSize;
    const next = { width: Math.ceil(last.width / 2), height: Math.ceil(last.height / 2), scale: last.scale * 2 };
    if (Math.min(next.width, next.height) < COARSEST_SIDE) break;
    levels.push(next);
  }
  const fine = (levels[0] as LevelSize).width * (levels[0] as LevelSize).height;
  const second = levels[1] ? levels[1].width * levels[1].height : 0;
  const all = levels.reduce((sum, l) => sum + l.width * l.height, 0);
  const bytes = fine * BYTES_PER_FINE_PIXEL + second * BYTES_PER_SECOND_LEVEL_PIXEL + all * BYTES_PER_LEVEL_PIXEL;
  const lines = BYTES_PER_OUTPUT_LINE * (width + height);
  return { factor, levels, bytes: align(bytes + lines + 64 * (levels.length + 10)) };
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The most any extension allocates, for any output up to MAX_OUTPUT_SIDE: the finest level holds at
 * most WORK_PIXELS, each coarser one at most a quarter of the one before plus its rounding. This is what a memory
 * budget reserves for one extension.
 */
export const EXTENSION_WORKING_BYTES = align(
  WORK_PIXELS * (BYTES_PER_FINE_PIXEL + BYTES_PER_SECOND_LEVEL_PIXEL / 3 + (BYTES_PER_LEVEL_PIXEL * 4) / 3) +
    BYTES_PER_OUTPUT_LINE * 2 * MAX_OUTPUT_SIDE +
    64 * 1024,
);

/** Typed arrays carved out of one ArrayBuffer of the planned size, in order. */
export class Slab {
  private readonly buffer: ArrayBuffer;
  private used = 0;

  constructor(readonly bytes: number) {
    this.buffer = new ArrayBuffer(bytes);
  }

  private take(bytes: number): number {
    const at = this.used;
    this.used = align(at + bytes);
    if (this.used > this.bytes) throw new Error(`extension slab overrun: ${this.used} of ${this.bytes} bytes`);
    return at;
  }

  u8(length: number): Uint8Array {
    return new Uint8Array(this.buffer, this.take(length), length);
  }

  i32(length: number): Int32Array {
    return new Int32Array(this.buffer, this.take(length * 4), length);
  }

  f32(length: number): Float32Array {
    return new Float32Array(this.buffer, this.take(length * 4), length);
  }

  /** The extension is over: its memory is given back now (memory.ts freeNow), every array on it read as empty after. */
  free(): void {
    freeNow(new Uint8Array(this.buffer));
  }
}
