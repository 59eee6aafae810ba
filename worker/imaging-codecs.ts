/** The WASM codecs, compiled by the Workers runtime at deploy time (never fetched at run time). */
import jpegEncoder from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module';
import webp from '@jsquash/webp/codec/dec/webp_dec.wasm?module';
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?module';
import type { Codecs } from './imaging';

export const workerCodecs: Codecs = { webp, jpegEncoder, webpEncoder };
