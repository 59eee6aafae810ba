// jcinit.c links the compressor for every data precision and for lossless JPEG; the engine writes
// 8-bit lossy JPEG only, so the others are left out of the build and fail as not compiled in.
#include "jinclude.h"
#define JPEG_INTERNALS
#include "jpeglib.h"
#include "jpegapicomp.h"

#define NOT_COMPILED(name) \
  GLOBAL(void) name(j_compress_ptr cinfo) { ERREXIT(cinfo, JERR_NOT_COMPILED); }
#define NOT_COMPILED_WITH_BUFFER(name) \
  GLOBAL(void) name(j_compress_ptr cinfo, boolean need_full_buffer) { \
    (void)need_full_buffer; \
    ERREXIT(cinfo, JERR_NOT_COMPILED); \
  }

NOT_COMPILED_WITH_BUFFER(j12init_c_main_controller)
NOT_COMPILED_WITH_BUFFER(j12init_c_prep_controller)
NOT_COMPILED_WITH_BUFFER(j12init_c_coef_controller)
NOT_COMPILED(j12init_color_converter)
NOT_COMPILED(j12init_downsampler)
NOT_COMPILED(j12init_forward_dct)
NOT_COMPILED_WITH_BUFFER(j16init_c_main_controller)
NOT_COMPILED_WITH_BUFFER(j16init_c_prep_controller)
NOT_COMPILED(j16init_color_converter)
NOT_COMPILED(j16init_downsampler)
NOT_COMPILED_WITH_BUFFER(jinit_c_diff_controller)
NOT_COMPILED_WITH_BUFFER(j12init_c_diff_controller)
NOT_COMPILED_WITH_BUFFER(j16init_c_diff_controller)
NOT_COMPILED(jinit_lhuff_encoder)
NOT_COMPILED(jinit_lossless_compressor)
NOT_COMPILED(j12init_lossless_compressor)
NOT_COMPILED(j16init_lossless_compressor)
