/** In workerd the modules are compiled at deploy time: nothing is fetched or compiled from bytes at run time. */
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?module';
import jpegEncoder from '../jpeg/codec/jpeg_enc.wasm?module';
import kernels from '../simd/build/kernels.wasm?module';
import webpDecoder from '../webp/codec/webp_dec.wasm?module';

export { jpegEncoder, kernels, webpDecoder, webpEncoder };
