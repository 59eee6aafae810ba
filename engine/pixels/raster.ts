/** 8-bit RGBA pixels, row-major, 4 bytes a pixel: what the resampler gives and encoders take. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
  /**
   * Set where every pixel is known to be opaque (the resampler and flatten know it): no scan for
   * alpha is needed. Whatever lowers a pixel's alpha in place must clear it (nothing does today).
   */
  opaque?: boolean;
  /**
   * 4 when given: a Picture of 3 channels (RGB) is then no Raster, so it cannot be handed to what
   * reads 4 bytes a pixel (the encoders, the detectors, usesTransparency).
   */
  channels?: 4;
}

/**
 * Pixel arrays a scan found fully opaque, so that no array is scanned twice (an output is asked
 * for its type, its encoding and its PNG layout: up to four full scans of a graphic's opaque
 * output). It holds by the rule `opaque` holds by: nothing lowers a pixel's alpha in place (a fill
 * and flatten only raise it), so an array once opaque stays so. Unlike `opaque` it changes no
 * path a raster takes, only how often it is read.
 */
const scannedOpaque = new WeakSet<Raster['data']>();

/** Any pixel not fully opaque (none where `opaque` is set). */
export function usesTransparency(raster: Raster): boolean {
  if (raster.opaque) return false;
  const d = raster.data;
  if (scannedOpaque.has(d)) return false;
  if (d.byteOffset % 4 === 0) {
    // A pixel a read: little-endian (as WebAssembly and every Workers host), alpha is the high byte,
    // 255 when the pixel read as a signed 32-bit number shifts down to -1 (an integer compare).
    // Blocks of 1,024 pixels ANDed together in four chains, one test a block (2.7 times as fast
    // as a test a pixel: an opaque 2064×2752 output 4.9 → 1.8 ms).
    const pixels = new Int32Array(d.buffer, d.byteOffset, d.length >> 2);
    const n = pixels.length;
    let i = 0;
    for (; i + 1024 <= n; i += 1024) {
      let a0 = -1;
      let a1 = -1;
      let a2 = -1;
      let a3 = -1;
      for (let k = i; k < i + 1024; k += 4) {
        a0 &= pixels[k] as number;
        a1 &= pixels[k + 1] as number;
        a2 &= pixels[k + 2] as number;
        a3 &= pixels[k + 3] as number;
      }
      if ((a0 & a1 & a2 & a3) >> 24 !== -1) return true;
    }
    for (; i < n; i++) if ((pixels[i] as number) >> 24 !== -1) return true;
  } else {
    for (let i = 3; i < d.length; i += 4) if ((d[i] as number) !== 255) return true;
  }
  scannedOpaque.add(d);
  return false;
}

/**
 * A decoded picture, as the resampler reads it: RGBA, or RGB where the file holds no alpha (JPEG,
 * and WebP and PNG without it: limits.ts decodedChannels), which saves a quarter of the largest
 * buffer the engine keeps.
 */
export interface Picture extends Omit<Raster, 'channels'> {
  channels: 3 | 4;
}

/**
 * A rectangle of whole pixels, [x0, x1) × [y0, y1), its sides small integers. A class, not an
 * object literal: objects made by literals of one shape share their fields' kind, and a
 * {x0, y0, x1, y1} elsewhere holds fractions (the detectors' boxes), so a literal's sides are
 * boxed floats, and code V8 has not yet optimised makes a heap number at each read: a loop bounded
 * by one allocates as much as the picture (docs/decisions/0019). A class has a shape of its own.
 */
export class PixelRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  constructor(x0: number, y0: number, x1: number, y1: number) {
    this.x0 = x0 | 0;
    this.y0 = y0 | 0;
    this.x1 = x1 | 0;
    this.y1 = y1 | 0;
  }
}

/** A crop in the upright image's pixels (react-easy-crop's croppedAreaPixels). */
export type { CropRect } from '../plan/crop';
