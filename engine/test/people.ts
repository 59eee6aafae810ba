/** The photos of test/fixtures/people (sources and licences in its README) as RGBA rasters. */
import sharp, { type Sharp } from 'sharp';
import { readFileSync } from 'node:fs';
import type { Raster } from '..';

export function people(name: string): Buffer {
  return readFileSync(new URL(`../../test/fixtures/people/${name}`, import.meta.url));
}

/** Decoded to 8-bit RGBA (grey photos too). */
export async function rasterOf(input: Buffer | Sharp): Promise<Raster> {
  const image = Buffer.isBuffer(input) ? sharp(input) : input;
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
