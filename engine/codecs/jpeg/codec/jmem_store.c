// libjpeg's system-dependent memory for our build, in place of its jmemnobs.c: malloc and free, as
// there, and a backing store in the caller's memory (jpeg/encode.ts) for what does not fit in
// `max_memory_to_use` (jpeg_enc.c sets it). The one large thing libjpeg keeps is the image's
// coefficients for the optimised tables' second pass; written to the backing store a strip at a
// time and read back in order for the second pass, they live in a buffer the caller frees once
// the image is written, while this module's memory stays a few MB: small enough to keep between
// encodes, where a memory grown to the coefficients was garbage after every large output.
#define JPEG_INTERNALS
#include <stdint.h>
#include "jinclude.h"
#include "jpeglib.h"
#include "jmemsys.h"

// The caller's stores: open one of `bytes` (its number), copy `count` bytes at `offset` to or from
// it, close it.
__attribute__((import_module("env"), import_name("jpeg_store_open"))) int jpeg_store_open(long bytes);
__attribute__((import_module("env"), import_name("jpeg_store_write"))) void jpeg_store_write(int store,
                                                                                            const void* from,
                                                                                            long offset,
                                                                                            long count);
__attribute__((import_module("env"), import_name("jpeg_store_read"))) void jpeg_store_read(int store, void* into,
                                                                                          long offset, long count);
__attribute__((import_module("env"), import_name("jpeg_store_close"))) void jpeg_store_close(int store);

GLOBAL(void *) jpeg_get_small(j_common_ptr cinfo, size_t sizeofobject) { return (void *)malloc(sizeofobject); }

GLOBAL(void) jpeg_free_small(j_common_ptr cinfo, void *object, size_t sizeofobject) { free(object); }

GLOBAL(void *) jpeg_get_large(j_common_ptr cinfo, size_t sizeofobject) { return (void *)malloc(sizeofobject); }

GLOBAL(void) jpeg_free_large(j_common_ptr cinfo, void *object, size_t sizeofobject) { free(object); }

// As jmemnobs.c: what max_memory_to_use leaves, or all that is asked for when it is 0.
GLOBAL(size_t) jpeg_mem_available(j_common_ptr cinfo, size_t min_bytes_needed, size_t max_bytes_needed,
                                  size_t already_allocated) {
  if (!cinfo->mem->max_memory_to_use) return max_bytes_needed;
  return (size_t)cinfo->mem->max_memory_to_use > already_allocated
             ? cinfo->mem->max_memory_to_use - already_allocated
             : 0;
}

// The store's number is kept where a temporary file's handle would be (jmemsys.h's struct).
static int store_of(backing_store_ptr info) { return (int)(intptr_t)info->temp_file; }

static void read_store(j_common_ptr cinfo, backing_store_ptr info, void *buffer_address, long file_offset,
                       long byte_count) {
  jpeg_store_read(store_of(info), buffer_address, file_offset, byte_count);
}

static void write_store(j_common_ptr cinfo, backing_store_ptr info, void *buffer_address, long file_offset,
                        long byte_count) {
  jpeg_store_write(store_of(info), buffer_address, file_offset, byte_count);
}

static void close_store(j_common_ptr cinfo, backing_store_ptr info) { jpeg_store_close(store_of(info)); }

GLOBAL(void) jpeg_open_backing_store(j_common_ptr cinfo, backing_store_ptr info, long total_bytes_needed) {
  info->temp_file = (FILE *)(intptr_t)jpeg_store_open(total_bytes_needed);
  info->read_backing_store = read_store;
  info->write_backing_store = write_store;
  info->close_backing_store = close_store;
}

GLOBAL(long) jpeg_mem_init(j_common_ptr cinfo) { return 0; }

GLOBAL(void) jpeg_mem_term(j_common_ptr cinfo) {}
