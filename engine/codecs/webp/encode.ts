/**
 * WebP output through libwebp (jSquash's SIMD build), lossy at a quality of 0 to 100. An encoder is
 * an instance of its own: its memory starts at 16 MiB, grows with the picture and is never given
 * back, so it is let go with the encoder. One output's encodes (a file-size cap tries several
 * qualities) share one encoder: each its own instance, eight tries at a cap left eight memories
 * for V8 to collect. libwebp's `low_memory` keeps an opaque picture's encode within about 19 MiB
 * (a 1.46 MP picture of noise at quality 100 grew it to 57.6 MiB without; a photo's stays at 16),
 * files within 0.3 % of the size, at up to half again the time. Transparency still grows it
 * (libwebp compresses alpha losslessly: 57.6 MiB for a soft edge at 1.44 MP), past what a render
 * is planned to hold (docs/decisions/0019-isolate-memory-budget.md).
 */
import type { WebPModule } from '@jsquash/webp/codec/enc/webp_enc.js';
import webpFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import type { EncodeOptions as WebpOptions } from '@jsquash/webp/meta.js';
import { freshInstance } from '../wasm/emscripten';
import type { Raster } from '../../pixels/raster';

/** Encodes a raster at a quality, as often as asked, in one instance of libwebp. */
export type WebpEncoder = (raster: Raster, quality: number) => Uint8Array;

/** An encoder of its own instance of the precompiled module, for one output's encodes. */
export async function webpEncoder(module: WebAssembly.Module): Promise<WebpEncoder> {
  const codec = await webpFactory(freshInstance(module) as Partial<WebPModule>);
  return (raster, quality) => {
    const out = codec.encode(raster.data as BufferSource, raster.width, raster.height, {
      ...webpDefaults,
      quality,
      low_memory: 1,
    } as WebpOptions);
    if (!out) throw new Error('WebP encoding failed');
    return out;
  };
}

/** One encode, in an instance made for it. */
export async function encodeWebp(raster: Raster, quality: number, module: WebAssembly.Module): Promise<Uint8Array> {
  return (await webpEncoder(module))(raster, quality);
}
