/**
 * The picture as a network's input: scaled down (area average) so its long side is at most
 * `maxSide`, channels in the order and scale the network was trained on, padded with zeros on the
 * right and bottom to multiples of 32 (both networks halve the picture five times). Boxes found in
 * the padded input divide by `scale` to return to the picture's pixels.
 */
import type { Raster } from '../pixels/raster';
import type { FloatTensor } from './executor';

export interface NetworkInput {
  tensor: FloatTensor;
  /** Input pixels per picture pixel (≤ 1). */
  scale: number;
  /** The picture's size in the input (before padding). */
  width: number;
  height: number;
}

/** Per channel of the output (in order), which RGBA byte it reads and how it maps 0..255. */
export interface ChannelMap {
  source: 0 | 1 | 2;
  mean: number;
  std: number;
}

export function networkInput(picture: Raster, maxSide: number, channels: ChannelMap[]): NetworkInput {
  const scale = Math.min(1, maxSide / Math.max(picture.width, picture.height));
  const width = Math.max(1, Math.round(picture.width * scale));
  const height = Math.max(1, Math.round(picture.height * scale));
  const paddedW = Math.ceil(width / 32) * 32;
  const paddedH = Math.ceil(height / 32) * 32;
  const plane = paddedW * paddedH;
  const data = new Float32Array(channels.length * plane);
  const fx = picture.width / width;
  const fy = picture.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.min(picture.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.min(picture.width, Math.floor((x + 1) * fx)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * picture.width + sx) * 4;
          r += picture.data[i]!;
          g += picture.data[i + 1]!;
          b += picture.data[i + 2]!;
        }
      const count = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < channels.length; c++) {
        const { source, mean, std } = channels[c]!;
        data[c * plane + y * paddedW + x] = ((source === 0 ? r : source === 1 ? g : b) / count - mean) / std;
      }
    }
  }
  return { tensor: { shape: [1, channels.length, paddedH, paddedW], data }, scale, width, height };
}
