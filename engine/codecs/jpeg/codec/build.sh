#!/bin/sh
# The recipe of jpeg_enc.wasm (committed, as Squoosh commits its codecs): libjpeg-turbo 3.1.4.1's
# 8-bit lossy compressor and jpeg_enc.c, compiled with emscripten into a standalone module with no
# JavaScript glue (jpeg/encode.ts instantiates it). Run it through scripts/build-codecs.sh, which
# checks the toolchain against the pinned one and libjpeg-turbo's source against its SHA-256, and
# calls this as `build.sh SOURCE OUT_DIR`. libjpeg-turbo's SIMD code is assembly for x86 and Arm, which
# WebAssembly cannot use: this is its C code (the compiler vectorising what it can, -msimd128) with
# its SIMD interface (WITH_SIMD) answered by jsimd_wasm.c, WebAssembly SIMD for the block path.
set -eu
SRC=$1
OUT=$2
cd "$(dirname "$0")"
VERSION=3.1.4.1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The headers CMake would write for this build: 8-bit samples, in-memory destination, 32-bit size_t.
GEN=$WORK/gen
mkdir -p "$GEN"
cat > "$GEN/jconfig.h" <<H
#define JPEG_LIB_VERSION 62
#define LIBJPEG_TURBO_VERSION $VERSION
#define MEM_SRCDST_SUPPORTED 1
#ifndef BITS_IN_JSAMPLE
#define BITS_IN_JSAMPLE 8
#endif
H
cat > "$GEN/jconfigint.h" <<H
#define BUILD "wasm"
#define HIDDEN __attribute__((visibility("hidden")))
#undef inline
#define INLINE __inline__ __attribute__((always_inline))
#define THREAD_LOCAL
#define PACKAGE_NAME "libjpeg-turbo"
#define VERSION "$VERSION"
#define SIZEOF_SIZE_T 4
#define HAVE_BUILTIN_CTZL
#define FALLTHROUGH __attribute__((fallthrough));
H
sed -e 's/@COPYRIGHT_YEAR@/2025/' "$SRC/src/jversion.h.in" > "$GEN/jversion.h"
# The Huffman coder's bit buffer in 64 bits, as libjpeg-turbo builds it for x32 (32-bit pointers,
# 64-bit registers), which WebAssembly's i64 is: half the flushes of the 32-bit buffer.
# Its statistics pass counts a block's symbols with jsimd_wasm.c's jsimd_wasm_htest_one_block (it
# has no SIMD hook of its own).
sed -e 's/defined(__x86_64__) && defined(__ILP32__)/1/' \
  -e 's/^    htest_one_block(cinfo,/    jsimd_wasm_htest_one_block(cinfo,/' \
  -e 's/^#include "jsimd.h"$/#include "jsimd.h"\nEXTERN(void) jsimd_wasm_htest_one_block(j_compress_ptr, JCOEFPTR, int, long *, long *);/' \
  "$SRC/src/jchuff.c" > "$GEN/jchuff.c"
# A source these no longer match would build a coder whose state jsimd_wasm.c misreads: stop.
for patched in '^#if 1$' '^    jsimd_wasm_htest_one_block(cinfo,' '^EXTERN(void) jsimd_wasm_htest_one_block'; do
  grep -q "$patched" "$GEN/jchuff.c" || { echo "jchuff.c not patched: $patched" >&2; exit 1; }
done
S="$SRC/src"
FILES="$S/jcapimin.c $S/wrapper/jcapistd-8.c $S/wrapper/jccoefct-8.c $S/wrapper/jccolor-8.c
  $S/wrapper/jcdctmgr-8.c $GEN/jchuff.c $S/jcinit.c $S/wrapper/jcmainct-8.c $S/jcmarker.c $S/jcmaster.c
  $S/jcomapi.c $S/jcparam.c $S/jcphuff.c $S/wrapper/jcprepct-8.c $S/wrapper/jcsample-8.c
  $S/jerror.c $S/jfdctint.c $S/jfdctfst.c $S/jfdctflt.c $S/jmemmgr.c $S/jutils.c"
# USE_CLZ_INTRINSIC: a bit length is WebAssembly's i32.clz, not a 64 kB table. jpeg_output and
# jpeg_failed are the imports the caller provides (undefined symbols are imports; nothing else is).
emcc -O3 -flto -DNDEBUG -DWITH_SIMD -DNO_GETENV -DUSE_CLZ_INTRINSIC -msimd128 -I"$GEN" -I"$S" \
  jpeg_enc.c jmem_store.c lossy8_only.c jsimd_wasm.c $FILES \
  -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1MB -sTOTAL_STACK=256KB \
  -sMAXIMUM_MEMORY=256MB -sFILESYSTEM=0 -sERROR_ON_UNDEFINED_SYMBOLS=0 \
  -sEXPORTED_FUNCTIONS=_jpeg_alloc,_jpeg_free,_jpeg_begin,_jpeg_rows,_jpeg_end -o "$OUT/jpeg_enc.wasm"
