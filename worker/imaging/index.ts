/**
 * The image engine: pure functions over bytes and pixel buffers, no Worker bindings, so it runs the
 * same in workerd and in Node (tests, benchmark). Its WebAssembly is chosen per environment by
 * `#imaging-wasm` (wasm/, docs/engine.md); callers hand `codecs` to the decode and render functions.
 */
export { analysePicture, ANALYSIS_SIZE, type Analysis } from './content-aware/analyse';
export { planSubjectCrop, safeRect, type CropPlan, type CropTarget } from '../../shared/crop';
export { planFraming, planKeeping, planRegionCrop, type Keep } from '../../shared/framing';
export { planProfile } from '../../shared/profile';
export { decodeImage, verifyDecodes } from './decode';
export { detectFaces, detectorMemoryBytes, detectSide, detectText, type RunStats } from './detect';
export { covers, decodeOrder, planDecode, planWhole, type DecodeNeed, type DecodePlan } from './decode-plan';
export { cropInView, decodeView, detectView, PictureViews, type View } from './view';
export { keepPicture, keepUploadedFile, releaseKeptPicture, takeKeptPicture } from './kept-picture';
export { ImageError, UNSUPPORTED_TYPE_MESSAGE } from './errors';
export type { ImageInfo, StoredImageInfo } from './image-info';
export { inspectImage } from './inspect';
export { admitImage, estimateDecodeBytes, largestAdmitted } from './limits';
export {
  decodesSoFar,
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
export { decodePng } from './png/decode';
export { encodePng } from './png/encode';
export type { CropRect, Picture, Raster } from './raster';
export { centredCrop, fitCrop } from '../../shared/crop';
export { PREVIEW_SIZE, previewSize, renderFormat, type Preview, type Rendered, type TargetFormat } from './render';
export type { Encoded } from './encode';
export { FileSizeError } from './size-cap';
export { checkFile } from './acceptance';
export { flatten, resampleCrop } from './resample';
export { cropExtends } from './fill';
export { EXTENSION_WORKING_BYTES } from './content-aware/extension-plan';
export { EXTENSIONS, MIME_TYPES, sniffType, type SupportedType } from './sniff';
export { codecs, type Codecs } from './wasm/codecs';
