/** The WASM decoders, compiled by the Workers runtime at deploy time (never fetched at run time). */
import jpeg from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module';
import webp from '@jsquash/webp/codec/dec/webp_dec.wasm?module';
import type { Codecs } from './imaging';

export const workerCodecs: Codecs = { jpeg, webp };
