// The engine's WebP decoder: libwebp's own decode (src/dec), asked for one part of the picture at
// one scale as it decodes (WebPDecoderConfig's cropping and scaling), written straight into a
// buffer the caller has allocated in this module's memory. Built by build.sh.
#include <stdint.h>
#include <stdlib.h>
#include "src/webp/decode.h"

// A buffer in this module's memory, for the file and for the pixels.
uint8_t* webp_alloc(size_t size) { return (uint8_t*)malloc(size); }
void webp_free(uint8_t* pointer) { free(pointer); }

// Decodes the stored pixels [left, left + width) × [top, top + height) into out_width × out_height
// pixels at `out`: RGBA (not premultiplied) with 4 channels, RGB with 3. No scaling when the output
// is the crop's size. Returns libwebp's VP8StatusCode (0 when decoded).
int webp_decode(const uint8_t* data, size_t size, int left, int top, int width, int height,
                int out_width, int out_height, int channels, uint8_t* out) {
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return -1;
  config.options.use_cropping = 1;
  config.options.crop_left = left;
  config.options.crop_top = top;
  config.options.crop_width = width;
  config.options.crop_height = height;
  if (out_width != width || out_height != height) {
    config.options.use_scaling = 1;
    config.options.scaled_width = out_width;
    config.options.scaled_height = out_height;
  }
  config.output.colorspace = channels == 3 ? MODE_RGB : MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = out;
  config.output.u.RGBA.stride = out_width * channels;
  config.output.u.RGBA.size = (size_t)out_width * out_height * channels;
  const VP8StatusCode status = WebPDecode(data, size, &config);
  WebPFreeDecBuffer(&config.output);
  return status;
}
