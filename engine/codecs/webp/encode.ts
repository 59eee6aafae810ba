/**
 * WebP output through libwebp (jSquash's SIMD build), lossy at a quality of 0 to 100. Each call
 * makes its own instance and lets it go, so the heap is garbage once the call returns.
 */
import type { WebPModule } from '@jsquash/webp/codec/enc/webp_enc.js';
import webpFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import type { EncodeOptions as WebpOptions } from '@jsquash/webp/meta.js';
import { freshInstance } from '../wasm/emscripten';
import type { Raster } from '../../pixels/raster';

export async function encodeWebp(raster: Raster, quality: number, module: WebAssembly.Module): Promise<Uint8Array> {
  const codec = await webpFactory(freshInstance(module) as Partial<WebPModule>);
  const out = codec.encode(raster.data as BufferSource, raster.width, raster.height, {
    ...webpDefaults,
    quality,
  } as WebpOptions);
  if (!out) throw new Error('WebP encoding failed');
  return out;
}
