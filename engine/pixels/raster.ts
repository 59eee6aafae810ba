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
}

/**
 * A decoded picture, as the resampler reads it: RGBA, or RGB where the file cannot hold alpha
 * (JPEG), which saves a quarter of the largest buffer the engine keeps.
 */
export interface Picture extends Raster {
  channels: 3 | 4;
}

/** A crop in the upright image's pixels (react-easy-crop's croppedAreaPixels). */
export type { CropRect } from '../plan/crop';
