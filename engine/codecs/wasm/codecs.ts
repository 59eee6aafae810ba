/**
 * The codecs in WebAssembly as the engine's decode and render functions take them (our libwebp
 * decoder and libjpeg-turbo encoder; jSquash's libwebp encoder): the modules `#imaging-wasm` chose for this environment.
 */
import { jpegEncoder, webpDecoder, webpEncoder } from '#imaging-wasm';

export interface Codecs {
  webpDecoder: WebAssembly.Module;
  jpegEncoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
}

export const codecs: Codecs = { webpDecoder, jpegEncoder, webpEncoder };
