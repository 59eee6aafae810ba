import sharp from 'sharp';
import type { Picture, Raster } from '..';

/** A picture of 4 channels: a Picture that is also a Raster (RGBA). */
export type RgbaPicture = Picture & { channels: 4 };

/** A photo-like test picture: smooth gradients, a few hard shapes, some texture. */
export function syntheticPhoto(width: number, height: number): RgbaPicture {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const u = x / width;
      const v = y / height;
      const inCircle = (u - 0.3) ** 2 + (v - 0.4) ** 2 < 0.03;
      const inBar = u > 0.6 && u < 0.8 && v > 0.2 && v < 0.9;
      const texture = Math.sin(x * 0.35) * Math.cos(y * 0.27) * 20;
      data[i] = inCircle ? 230 : inBar ? 30 : 255 * u + texture;
      data[i + 1] = inCircle ? 40 : inBar ? 120 : 255 * v;
      data[i + 2] = inCircle ? 50 : inBar ? 220 : 128 + texture;
      data[i + 3] = 255;
    }
  }
  return { width, height, channels: 4, data };
}

export function toSharp(raster: Raster) {
  return sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  });
}

export async function rawOf(bytes: Uint8Array | Buffer): Promise<RgbaPicture> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: 4,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

const isRgba = (picture: Picture): picture is RgbaPicture => picture.channels === 4;

/** A decoded picture as RGBA (an RGB one opaque), to compare with sharp's raw RGBA. */
export function asRgba(picture: Picture): Raster {
  if (isRgba(picture)) return picture;
  const n = picture.width * picture.height;
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    data.set(picture.data.subarray(i * 3, i * 3 + 3), i * 4);
    data[i * 4 + 3] = 255;
  }
  return { width: picture.width, height: picture.height, data };
}

/** 64-bit difference hash of a raster: a perceptual fingerprint robust to small resampling differences. */
export async function dHash(raster: Raster): Promise<bigint> {
  const { data } = await toSharp(raster)
    .flatten({ background: '#fff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let hash = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) hash = (hash << 1n) | ((data[y * 9 + x] ?? 0) > (data[y * 9 + x + 1] ?? 0) ? 1n : 0n);
  return hash;
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

export function meanAbsDiff(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
}

export function pixel(r: Raster, x: number, y: number): [number, number, number, number] {
  const i = (y * r.width + x) * 4;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0, r.data[i + 3] ?? 0];
}
