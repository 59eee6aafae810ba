/** The WASM decoder, compiled by the Workers runtime at deploy time (never fetched at run time). */
import webp from '@jsquash/webp/codec/dec/webp_dec.wasm?module';
import type { Codecs } from './imaging';

export const workerCodecs: Codecs = { webp };
