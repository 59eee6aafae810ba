#!/bin/sh
# Builds the committed C codecs, engine/codecs/webp/codec/webp_dec.wasm (libwebp) and
# engine/codecs/jpeg/codec/jpeg_enc.wasm (libjpeg-turbo), by their recipes (build.sh beside each),
# with the pinned toolchain from verified sources. npm never runs this: the .wasm files are committed.
#
#   scripts/build-codecs.sh           rebuild both and replace the committed files
#   scripts/build-codecs.sh --check   rebuild both in a temporary folder and say whether each is the
#                                     committed file byte for byte (exit 1 if one is not)
#   --any-toolchain                   go on, with a warning, when the toolchain is not the pinned one
#
# Toolchain: Debian 12's emscripten package (apt-get install emscripten), whose emcc, clang and
# wasm-opt are checked against the versions below. Sources: the release tarballs of the tags below,
# fetched (needs the network) unless LIBWEBP_SRC / LIBJPEG_TURBO_SRC name a tarball or a folder
# holding one unpacked. Either way the unpacked tree must have the SHA-256 below, which is the
# SHA-256 of `sha256sum` over every file in it, sorted by path (tree_sha256), so it holds whatever
# compressed the tarball; `git archive TAG` of the project's own repository unpacks to the same tree.
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD

# The pinned toolchain: Debian 12 (bookworm)'s emscripten 3.1.6~dfsg-5, with clang-14 and lld-14
# 1:14.0.6-12 and binaryen 108-1 (its prebuilt, frozen system libraries come in the same package).
EMSCRIPTEN_VERSION=3.1.6
CLANG_VERSION=14.0.6
BINARYEN_VERSION=108

LIBWEBP_VERSION=1.6.0
LIBWEBP_URL=https://github.com/webmproject/libwebp/archive/refs/tags/v$LIBWEBP_VERSION.tar.gz
LIBWEBP_TREE_SHA256=2b35a247e2cb755b6b7ed627a3a5b7af81dd04f54cffb2df3207c2863e81fdd6
LIBJPEG_TURBO_VERSION=3.1.4.1
LIBJPEG_TURBO_URL=https://github.com/libjpeg-turbo/libjpeg-turbo/archive/refs/tags/$LIBJPEG_TURBO_VERSION.tar.gz
LIBJPEG_TURBO_TREE_SHA256=d3e7478a1c1d2b3138b5528b64266cc858e29ba3080ce457fdb7bf5562941a8f

CHECK=0
ANY_TOOLCHAIN=0
for arg in "$@"; do
  case $arg in
    --check) CHECK=1 ;;
    --any-toolchain) ANY_TOOLCHAIN=1 ;;
    *)
      echo "usage: $0 [--check] [--any-toolchain]" >&2
      exit 2
      ;;
  esac
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The toolchain, against the pin.
toolchain_ok=1
mismatch() {
  echo "toolchain: $1 is $2, pinned $3" >&2
  toolchain_ok=0
}
command -v emcc > /dev/null || {
  echo "emcc not found: apt-get install emscripten (Debian 12's, $EMSCRIPTEN_VERSION)" >&2
  exit 1
}
emcc_version=$(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\) ().*/\1/p')
[ "$emcc_version" = "$EMSCRIPTEN_VERSION" ] || mismatch emcc "${emcc_version:-unknown}" "$EMSCRIPTEN_VERSION"
clang_version=$(emcc -v 2>&1 | sed -n 's/.*clang version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
[ "$clang_version" = "$CLANG_VERSION" ] || mismatch clang "${clang_version:-unknown}" "$CLANG_VERSION"
wasm_opt=$(em-config BINARYEN_ROOT 2> /dev/null || true)/bin/wasm-opt
binaryen_version=$("$wasm_opt" --version 2> /dev/null | sed -n 's/.*version \([0-9][0-9]*\).*/\1/p')
[ "$binaryen_version" = "$BINARYEN_VERSION" ] || mismatch binaryen "${binaryen_version:-unknown}" "$BINARYEN_VERSION"
if [ $toolchain_ok = 0 ]; then
  if [ $ANY_TOOLCHAIN = 0 ]; then
    echo "refusing to build with another toolchain (--any-toolchain to go on anyway)" >&2
    exit 1
  fi
  echo "warning: not the pinned toolchain; the build will not be the committed one" >&2
fi

# The SHA-256 of a tree: of the sorted list of its files' SHA-256 sums and paths.
tree_sha256() (
  cd "$1"
  find . -type f -print | LC_ALL=C sort | while IFS= read -r file; do sha256sum "$file"; done |
    sha256sum | cut -d' ' -f1
)

# fetch NAME VERSION URL TREE_SHA256 GIVEN: prints the folder of the verified, unpacked source.
fetch() {
  dir=$WORK/$1-$2
  mkdir -p "$dir"
  if [ -d "$5" ]; then
    cp -R "$5/." "$dir"
  else
    tarball=$5
    if [ -z "$tarball" ]; then
      tarball=$WORK/$1-$2.tar.gz
      curl -sSfL "$3" -o "$tarball" || {
        echo "could not fetch $3 (or set the source's variable to a tarball or folder)" >&2
        exit 1
      }
    fi
    tar -xzf "$tarball" -C "$dir" --strip-components=1
  fi
  got=$(tree_sha256 "$dir")
  if [ "$got" != "$4" ]; then
    echo "$1 $2: source tree SHA-256 $got, expected $4" >&2
    exit 1
  fi
  echo "$dir"
}

webp_src=$(fetch libwebp "$LIBWEBP_VERSION" "$LIBWEBP_URL" "$LIBWEBP_TREE_SHA256" "${LIBWEBP_SRC:-}")
jpeg_src=$(fetch libjpeg-turbo "$LIBJPEG_TURBO_VERSION" "$LIBJPEG_TURBO_URL" "$LIBJPEG_TURBO_TREE_SHA256" \
  "${LIBJPEG_TURBO_SRC:-}")

mkdir "$WORK/out"
sh engine/codecs/webp/codec/build.sh "$webp_src" "$WORK/out"
sh engine/codecs/jpeg/codec/build.sh "$jpeg_src" "$WORK/out"

status=0
for wasm in engine/codecs/webp/codec/webp_dec.wasm engine/codecs/jpeg/codec/jpeg_enc.wasm; do
  built=$WORK/out/$(basename "$wasm")
  if [ $CHECK = 1 ]; then
    if cmp -s "$built" "$ROOT/$wasm"; then
      echo "$wasm: reproduced byte for byte ($(wc -c < "$built") bytes)"
    else
      echo "$wasm: differs (built $(wc -c < "$built") bytes, sha256 $(sha256sum < "$built" | cut -d' ' -f1);" \
        "committed $(wc -c < "$ROOT/$wasm") bytes, sha256 $(sha256sum < "$ROOT/$wasm" | cut -d' ' -f1))"
      status=1
    fi
  else
    cp "$built" "$ROOT/$wasm"
    echo "$wasm: built $(wc -c < "$built") bytes"
  fi
done
exit $status
