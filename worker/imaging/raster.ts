/** 8-bit RGBA pixels, row-major, 4 bytes a pixel: what decoders give and encoders take. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A crop in the upright image's pixels (react-easy-crop's croppedAreaPixels). */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
