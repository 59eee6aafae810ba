/**
 * The picture as a network's input: scaled down (area average) so its long side is at most
 * `maxSide`, channels in the order and scale the network was trained on, padded with zeros on the
 * right and bottom to multiples of 32 (both networks halve the picture five times). Boxes found in
 * the padded input divide by `scale` to return to the picture's pixels.
 */
import type { Raster } from '../pixels/raster';
import type { FloatTensor } from './executor';
import { floatBuffers } from './kernels';

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

/** Picture bytes one band of the input reads at most (about 1 MB), so the kernels' memory stays small. */
const BAND_BYTES = 1 << 20;

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
  // Each input pixel averages a cell of fx × fy picture pixels (the kernel, assembly/input.ts),
  // the picture read in bands of rows.
  const rowBytes = picture.width * 4;
  const band = Math.max(1, Math.floor(BAND_BYTES / (rowBytes * Math.ceil(fy))));
  const pictureRows = Math.min(picture.height, Math.ceil(band * fy) + 1);
  const buffers = floatBuffers({
    picture: pictureRows * picture.width, // RGBA bytes: one float's room a pixel
    out: channels.length * band * paddedW,
    maps: 6 * channels.length,
  });
  const { kernels, at } = buffers;
  const memory = kernels.memory.buffer;
  new Float64Array(memory, at.maps, 3 * channels.length).set(
    channels.flatMap(({ source, mean, std }) => [source, mean, std]),
  );
  const bytes = new Uint8Array(picture.data.buffer, picture.data.byteOffset, picture.data.length);
  for (let y0 = 0; y0 < height; y0 += band) {
    const y1 = Math.min(height, y0 + band);
    // The picture rows the band's cells cover, as the kernel counts them.
    const top = Math.floor(y0 * fy);
    const bottom = Math.max(Math.floor((y1 - 1) * fy) + 1, Math.min(picture.height, Math.floor(y1 * fy)));
    new Uint8Array(memory, at.picture, (bottom - top) * rowBytes).set(
      bytes.subarray(top * rowBytes, bottom * rowBytes),
    );
    const rows = y1 - y0;
    kernels.areaAverage(
      at.picture,
      picture.width,
      picture.height,
      top,
      fx,
      fy,
      width,
      y0,
      y1,
      at.out,
      paddedW,
      at.maps,
      channels.length,
    );
    for (let c = 0; c < channels.length; c++)
      data.set(new Float32Array(memory, at.out + c * rows * paddedW * 4, rows * paddedW), c * plane + y0 * paddedW);
  }
  return { tensor: { shape: [1, channels.length, paddedH, paddedW], data }, scale, width, height };
}
