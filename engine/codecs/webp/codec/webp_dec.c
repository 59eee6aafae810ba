// The engine's WebP decoder: libwebp's own decode (src/dec), asked for one part of the picture at
// one scale as it decodes (WebPDecoderConfig's cropping and scaling). A lossy picture's frame loop
// is ours (ParseFrameOnward), so that damaged coefficients do not end the decode, and its rows are
// written into a ring of rows in this module's memory and handed to the caller a macroblock row at
// a time (webp_rows), so the module's memory holds the file and a few rows, not the picture; a
// lossless one (which libwebp holds whole as ARGB anyway) is written into a buffer the caller has
// allocated here. Built by build.sh.
#include <stdint.h>
#include <stdlib.h>
#include "src/dec/vp8i_dec.h"
#include "src/dec/webpi_dec.h"
#include "src/dsp/cpu.h"
#include "src/webp/decode.h"

// A buffer in this module's memory, for the file and for the pixels.
uint8_t* webp_alloc(size_t size) { return (uint8_t*)malloc(size); }
void webp_free(uint8_t* pointer) { free(pointer); }

// The CPU's features, in place of libwebp's dsp/cpu.c (build.sh leaves it out): the SIMD the build
// compiles for (SSE2 and SSE4.1, as WebAssembly SIMD). libwebp's own answer for WebAssembly also
// says "slow SSSE3" (an Atom's trait) with SSE4.1, which has it read coefficients with table
// lookups (GetCoeffsAlt) where WebAssembly counts leading zeros in one instruction (GetCoeffsFast):
// 8 to 11 % slower on a 4096x4096 photo. A constant, so the unused paths still link out.
static int cpu_info(CPUFeature feature) {
  return feature == kSSE2 || feature == kSSE3 || feature == kSSE4_1;
}
VP8CPUInfo VP8GetCPUInfo = cpu_info;

// WebPDecode's first steps (webp_dec.c GetFeatures, then DecodeInto's WebPParseHeaders): the file's
// features and its chunks' headers.
static VP8StatusCode ReadHeaders(const uint8_t* data, size_t size, WebPBitstreamFeatures* const features,
                                 WebPHeaderStructure* const headers) {
  const VP8StatusCode status = WebPGetFeatures(data, size, features);
  if (status != VP8_STATUS_OK) return status == VP8_STATUS_NOT_ENOUGH_DATA ? VP8_STATUS_BITSTREAM_ERROR : status;
  headers->data = data;
  headers->data_size = size;
  headers->have_all_data = 1;
  return WebPParseHeaders(headers);
}

// DecodeInto's decoder for a lossy file: over its VP8 data and its alpha chunk, with `params`
// plugging in the output (NULL for the upload check, which writes none). NULL when out of memory.
static VP8Decoder* NewLossyDecoder(const WebPHeaderStructure* const headers, VP8Io* const io,
                                   WebPDecParams* const params) {
  if (!VP8InitIo(io)) return NULL;  // only a header of another libwebp version fails it
  io->data = headers->data + headers->offset;
  io->data_size = headers->data_size - headers->offset;
  if (params != NULL) WebPInitCustomIo(params, io);
  VP8Decoder* const dec = VP8New();
  if (dec == NULL) return NULL;
  dec->alpha_data = headers->alpha_data;
  dec->alpha_data_size = headers->alpha_data_size;
  return dec;
}

// Hands output rows [first, first + count), at `rows` in this module's memory (`stride` apart), to
// the caller: webp/decode.ts copies them into the picture.
__attribute__((import_module("env"), import_name("webp_rows"))) void webp_rows(const uint8_t* rows, int first,
                                                                                int count);

// Rows a macroblock row's output can span: its 16 rows, the rows the loop filter holds back from the
// row above (kFilterExtraRows, at most 8) and the row the fancy upsampler leaves unfinished (1).
#define RING_ROWS 32

// One row of macroblock modes (the first partition), as ParseFrame reads it.
static int ReadModeRow(VP8Decoder* const dec) {
  if (VP8ParseIntraModeRow(&dec->br, dec)) return 1;
  return VP8SetError(dec, VP8_STATUS_NOT_ENOUGH_DATA, "Premature end-of-partition0 encountered.");
}

// libwebp's frame loop (vp8_dec.c ParseFrame) for the rows the output needs, except that a token
// partition that runs out does not end the decode: past its end libwebp's bit reader feeds zeros
// and then holds (VP8LoadFinalBytes), so the rest reads as ends of blocks: damaged pixels, the same
// every time, as a JPEG's scans past their end in libjpeg and in our decoder. Its other failures are libwebp's: a first partition (the modes)
// that runs out, and an aborted row (an alpha plane that does not decode).
//
// The output goes to the ring: before each row the buffer's start is moved so that the first row
// not yet handed over (the params' last_y, which every emitter writes from: io_dec.c) lands at the
// ring's start, and after it the rows it finished are handed over. The moved start lies before the
// ring; only the rows libwebp then adds to it are written, all inside the ring.
static int ParseFrameOnward(VP8Decoder* const dec, VP8Io* const io, uint8_t* const ring) {
  const WebPDecParams* const params = (const WebPDecParams*)io->opaque;
  WebPRGBABuffer* const buf = &params->output->u.RGBA;
  for (dec->mb_y = 0; dec->mb_y < dec->br_mb_y; ++dec->mb_y) {
    VP8BitReader* const token_br = &dec->parts[dec->mb_y & dec->num_parts_minus_one];
    if (!ReadModeRow(dec)) return 0;
    for (; dec->mb_x < dec->mb_w; ++dec->mb_x) (void)VP8DecodeMB(dec, token_br);
    VP8InitScanline(dec);
    const int first = params->last_y;
    buf->rgba = ring - (ptrdiff_t)first * buf->stride;
    if (!VP8ProcessRow(dec, io)) return VP8SetError(dec, VP8_STATUS_USER_ABORT, "Output aborted.");
    const int count = params->last_y - first;
    if (count > RING_ROWS) return VP8SetError(dec, VP8_STATUS_USER_ABORT, "Output rows past the ring.");
    if (count > 0) webp_rows(ring, first, count);
  }
  return 1;
}

// WebPDecode (webp_dec.c, DecodeInto and VP8Decode) with ParseFrameOnward for a lossy picture, its
// rows through `ring`; a lossless one is libwebp's WebPDecode, into the config's buffer, `ring` NULL.
// No threads in this build, so no worker to sync.
static VP8StatusCode DecodeOnward(const uint8_t* data, size_t size, WebPDecoderConfig* const config,
                                  uint8_t* const ring) {
  WebPHeaderStructure headers;
  VP8StatusCode status = ReadHeaders(data, size, &config->input, &headers);
  if (status != VP8_STATUS_OK) return status;
  // The caller allocated for the kind it read in the file: a ring for lossy, the picture for lossless.
  if (headers.is_lossless != (ring == NULL)) return VP8_STATUS_BITSTREAM_ERROR;
  if (headers.is_lossless) return WebPDecode(data, size, config);
  WebPDecParams params;
  WebPResetDecParams(&params);
  params.options = &config->options;
  params.output = &config->output;
  VP8Io io;
  VP8Decoder* const dec = NewLossyDecoder(&headers, &io, &params);
  if (dec == NULL) return VP8_STATUS_OUT_OF_MEMORY;
  if (!VP8GetHeaders(dec, &io)) {
    status = dec->status;
  } else {
    status = WebPAllocateDecBuffer(io.width, io.height, params.options, params.output);
    if (status == VP8_STATUS_OK) {
      VP8InitDithering(params.options, dec);
      int ok = VP8EnterCritical(dec, &io) == VP8_STATUS_OK;
      if (ok) {
        ok = VP8InitFrame(dec, &io) && ParseFrameOnward(dec, &io, ring);
        ok &= VP8ExitCritical(dec, &io);
      }
      if (!ok) status = dec->status != VP8_STATUS_OK ? dec->status : VP8_STATUS_BITSTREAM_ERROR;
    }
  }
  VP8Delete(dec);
  if (status != VP8_STATUS_OK) WebPFreeDecBuffer(params.output);
  return status;
}

// Decodes the stored pixels [left, left + width) × [top, top + height) into out_width × out_height
// pixels: RGBA (not premultiplied) with 4 channels, RGB with 3. No scaling when the output is the
// crop's size. A lossy picture's rows go to webp_rows through `out`, a ring of RING_ROWS rows
// (webp_ring_rows), when `ring` is 1; a lossless picture is written whole at `out` when it is 0 (a
// file of the other kind fails). Returns libwebp's VP8StatusCode (0 when decoded).
int webp_decode(const uint8_t* data, size_t size, int left, int top, int width, int height,
                int out_width, int out_height, int channels, uint8_t* out, int ring) {
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
  config.output.u.RGBA.size = (size_t)out_width * out_height * channels;  // a lossy one's, as if whole
  const VP8StatusCode status = DecodeOnward(data, size, &config, ring ? out : NULL);
  WebPFreeDecBuffer(&config.output);
  return status;
}

// The rows of the ring webp_decode writes a lossy picture's rows to.
int webp_ring_rows(void) { return RING_ROWS; }

// Proves a lossy WebP decodes as webp_decode finds it, for the upload check: its features and
// headers, every macroblock's modes (the first partition) as ParseFrameOnward reads them, and its
// alpha plane, if any, decoded whole (VP8DecompressAlphaRows, as the rows ask for it); its
// coefficients cannot make that decode fail, so they are not read, and no row is reconstructed.
// Returns libwebp's VP8StatusCode (0 when it decodes), or -2 for a file only a decode proves (a
// lossless picture).
int webp_verify(const uint8_t* data, size_t size) {
  WebPBitstreamFeatures features;
  WebPHeaderStructure headers;
  VP8StatusCode status = ReadHeaders(data, size, &features, &headers);
  if (status != VP8_STATUS_OK) return status;
  if (headers.is_lossless) return -2;
  VP8Io io;
  VP8Decoder* const dec = NewLossyDecoder(&headers, &io, NULL);
  if (dec == NULL) return VP8_STATUS_OUT_OF_MEMORY;
  int ok = VP8GetHeaders(dec, &io);
  if (ok) {
    ok = VP8EnterCritical(dec, &io) == VP8_STATUS_OK;  // as VP8Decode; with no setup hook it cannot fail
    if (ok) {
      ok = VP8InitFrame(dec, &io);
      for (dec->mb_y = 0; ok && dec->mb_y < dec->br_mb_y; ++dec->mb_y) {
        ok = ReadModeRow(dec);
        if (ok) VP8InitScanline(dec);
      }
      if (ok && dec->alpha_data != NULL && VP8DecompressAlphaRows(dec, &io, 0, io.crop_bottom) == NULL) {
        ok = 0;  // its status is set
      }
      ok &= VP8ExitCritical(dec, &io);
    }
  }
  status = ok ? VP8_STATUS_OK : dec->status;
  if (status == VP8_STATUS_OK && !ok) status = VP8_STATUS_BITSTREAM_ERROR;
  VP8Delete(dec);
  return status;
}
