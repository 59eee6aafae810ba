// The engine's JPEG encoder: libjpeg-turbo's compressor with the settings libjpeg-turbo, libvips
// and sharp use by default (baseline, libjpeg's quality scale on the standard tables, the integer
// DCT, Huffman tables optimised for the image), chroma at half resolution both ways (4:2:0) or
// full. The caller hands it the picture 16 rows at a time and takes the file 64 kB at a time; the
// image's coefficients, kept for the optimised tables' second pass (3 bytes a pixel at 4:2:0, 6 at
// 4:4:4), go to the caller's memory past MEMORY_BYTES (jmem_store.c), so this module's memory stays
// a few MB. Built by build.sh.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "jpeglib.h"

// What the caller provides: where the file's bytes go as they are written, and libjpeg's fatal
// errors (a size it cannot write, or no memory left), on which it throws: the instance is then
// dropped with whatever state it was in. libjpeg must not go on after one, hence the trap.
__attribute__((import_module("env"), import_name("jpeg_output"))) void jpeg_output(const uint8_t* bytes, size_t size);
__attribute__((import_module("env"), import_name("jpeg_failed"))) void jpeg_failed(int code);

static void on_error(j_common_ptr cinfo) {
  jpeg_failed(cinfo->err->msg_code);
  __builtin_trap();
}
static void on_message(j_common_ptr cinfo) { (void)cinfo; }

#define OUTPUT_SIZE 65536
static JOCTET output[OUTPUT_SIZE];
static void output_init(j_compress_ptr cinfo) {
  cinfo->dest->next_output_byte = output;
  cinfo->dest->free_in_buffer = OUTPUT_SIZE;
}
static boolean output_full(j_compress_ptr cinfo) {
  jpeg_output(output, OUTPUT_SIZE);
  output_init(cinfo);
  return TRUE;
}
static void output_end(j_compress_ptr cinfo) { jpeg_output(output, OUTPUT_SIZE - cinfo->dest->free_in_buffer); }

// What libjpeg may hold in this module's memory before it writes to the caller's stores.
#define MEMORY_BYTES (2L * 1024 * 1024)

static struct jpeg_compress_struct cinfo;
static struct jpeg_error_mgr error;
static struct jpeg_destination_mgr destination = {NULL, 0, output_init, output_full, output_end};

// A buffer in this module's memory, for the rows handed in, and its release.
uint8_t* jpeg_alloc(size_t size) { return (uint8_t*)malloc(size); }
void jpeg_free(uint8_t* buffer) { free(buffer); }

// Starts a width × height image at a quality of 1 to 100, with chroma at full resolution when
// `full_chroma` is not 0, with Huffman tables optimised for the image when `optimise` is not 0.
void jpeg_begin(int width, int height, int quality, int full_chroma, int optimise) {
  cinfo.err = jpeg_std_error(&error);
  error.error_exit = on_error;
  error.output_message = on_message;
  jpeg_create_compress(&cinfo);
  cinfo.mem->max_memory_to_use = MEMORY_BYTES;
  cinfo.dest = &destination;
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = 4;
  cinfo.in_color_space = JCS_EXT_RGBX;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  cinfo.optimize_coding = optimise ? TRUE : FALSE;
  if (full_chroma) {
    cinfo.comp_info[0].h_samp_factor = 1;
    cinfo.comp_info[0].v_samp_factor = 1;
  }
  // No JFIF segment, as libvips writes none: the file is YCbCr by convention without it.
  cinfo.write_JFIF_header = FALSE;
  jpeg_start_compress(&cinfo, TRUE);
}

// The next `count` rows (at most 16), RGBA with alpha ignored, at `rgba`.
void jpeg_rows(const uint8_t* rgba, int count) {
  JSAMPROW rows[16];
  const size_t stride = (size_t)cinfo.image_width * 4;
  if (count > 16) count = 16;
  for (int i = 0; i < count; i++) rows[i] = (JSAMPROW)(rgba + (size_t)i * stride);
  jpeg_write_scanlines(&cinfo, rows, (JDIMENSION)count);
}

// Writes the rest of the file (through jpeg_output) and lets the image go: the instance can begin
// the next.
void jpeg_end(void) {
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
}
