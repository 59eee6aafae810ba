/**
 * In workerd the kernels are compiled at deploy time and the weights are Data modules (ArrayBuffer):
 * nothing is fetched or compiled from bytes at run time.
 */
import detectKernels from './build/detect.wasm?module';
import textOnnx from './build/ppocr-det.bin';
import yunetOnnx from './build/yunet.bin';

export { detectKernels, textOnnx, yunetOnnx };
