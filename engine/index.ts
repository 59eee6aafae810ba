/**
 * The image engine: pure functions over bytes and pixel buffers, no Worker bindings, so it runs the
 * same in workerd and in Node (tests, benchmark). Its WebAssembly is chosen per environment by
 * `#imaging-wasm` (codecs/wasm/, docs/engine.md); callers hand `codecs` to the decode and render functions.
 */
export { analysePicture, ANALYSIS_SIZE, type Analysis } from './pixels/content-aware/analyse';
export { planSubjectCrop, safeRect, type CropPlan, type CropTarget } from './plan/crop';
export { planFraming, planKeeping, planRegionCrop, type Keep } from './plan/framing';
export { planProfile } from './plan/profile';
export { decodeImage, verifyDecodes } from './input/decode';
export { detectFaces, detectorMemoryBytes, detectSide, detectText, type RunStats } from './detect';
export { covers, decodeOrder, planDecode, planWhole, type DecodeNeed, type DecodePlan } from './input/decode-plan';
export { cropInView, decodeView, detectView, PictureViews, type View } from './input/view';
export { keepPicture, keepUploadedFile, releaseKeptPicture, takeKeptPicture } from './input/kept-picture';
export { ImageError, UNSUPPORTED_TYPE_MESSAGE } from './errors';
export type { ImageInfo, StoredImageInfo } from './input/image-info';
export { inspectImage } from './input/inspect';
export { admitImage, estimateDecodeBytes, largestAdmitted } from './input/limits';
export {
  decodesSoFar,
  freeNow,
  shrinkNow,
  heldBytes,
  ISOLATE_BUDGET_BYTES,
  keep,
  makeRoom,
  MemoryBusy,
  memoryReport,
  resetPeak,
  type Kept,
  type Room,
} from './memory';
export { detectionBytes, renderBytes, runBytes, verifyBytes, type OutputPlan } from './step-bytes';
export { decodePng } from './codecs/png/decode';
export { encodePng } from './codecs/png/encode';
export type { CropRect, Picture, Raster } from './pixels/raster';
export { centredCrop, fitCrop } from './plan/crop';
export {
  PREVIEW_SIZE,
  previewSize,
  renderFormat,
  type Preview,
  type Rendered,
  type TargetFormat,
} from './output/render';
export type { Encoded } from './output/encode';
export { FileSizeError } from './output/size-cap';
export { checkFile } from './output/acceptance';
export { flatten, resampleCrop } from './pixels/resample';
export { cropExtends } from './pixels/fill';
export { EXTENSION_WORKING_BYTES } from './pixels/content-aware/extension-plan';
export { EXTENSIONS, MIME_TYPES, sniffType, type SupportedType } from './input/sniff';
export { codecs, type Codecs } from './codecs/wasm/codecs';
