#!/bin/sh
# Rebuilds webp_dec.wasm (committed, as Squoosh commits its codecs): libwebp's decoder and
# webp_dec.c, compiled with Debian's emscripten (apt-get install emscripten) into a standalone
# module with no JavaScript glue (webp/decode.ts instantiates it). Needs the network once, for
# libwebp's source.
set -eu
cd "$(dirname "$0")"
VERSION=1.6.0
SRC=${LIBWEBP_SRC:-$(mktemp -d)/libwebp-$VERSION}
if [ ! -d "$SRC/src/dec" ]; then
  mkdir -p "$SRC"
  curl -sSfL "https://github.com/webmproject/libwebp/archive/refs/tags/v$VERSION.tar.gz" | tar -xz -C "$SRC" --strip-components=1
fi
# libwebp's SSE2 and SSE4.1 code, which emscripten turns into WebAssembly SIMD: 10 to 34 % faster
# than the plain C build on a 24 MP photo, the same pixels. webp_dec.c answers the CPU's features
# in place of dsp/cpu.c.
FILES="$(ls "$SRC"/src/dec/*.c "$SRC"/src/utils/*.c) $(ls "$SRC"/src/dsp/*.c | grep -Ev '_(avx2|neon|msa|mips32|mips_dsp_r2)\.c$|/(enc|cost|lossless_enc|ssim)(_sse2|_sse41)?\.c$|/cpu\.c$')"
emcc -O3 -flto -DNDEBUG -msimd128 -msse4.1 -I"$SRC" webp_dec.c $FILES \
  -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1MB -sTOTAL_STACK=256KB \
  -sMAXIMUM_MEMORY=256MB -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_webp_alloc,_webp_free,_webp_decode,_webp_verify -o webp_dec.wasm
# Debian's emscripten 3.1.6 has been seen to give either of two builds of the same source (their
# registers and the order of a few instructions differ; the same pixels on every test file).
echo "built $(wc -c < webp_dec.wasm) bytes"
