/**
 * The bytes each heavy step holds at its peak, for the room it makes first (memory.ts): planned
 * from the picture's header and the outputs asked, never from the pixels, so a step knows its room
 * before it reads the file. The figures are measured peaks (garbage between allocations included:
 * `npm run bench` in Node, and `npm run bench -- isolate` beside V8's own figures in workerd).
 */
import { decodeBytes, decodedChannels, renderWorkingBytes } from './input/limits';
import { planDecode, planWhole, type DecodeNeed, type DecodePlan } from './input/decode-plan';
import type { ImageInfo } from './input/image-info';
import type { OutputType } from './plan/output';

const MiB = 1024 * 1024;

/** An output a run renders: its size and the types it may be written as. */
export type OutputPlan = { width: number; height: number; types: readonly OutputType[] };

/** What a decode of `plan` holds at its peak, and after it with the decoded part (decodeBytes). */
export function planBytes(info: ImageInfo, plan: DecodePlan): { peak: number; decoded: number } {
  const width = Math.ceil((plan.area.x1 - plan.area.x0) / plan.scale + 1);
  const height = Math.ceil((plan.area.y1 - plan.area.y0) / plan.scale + 1);
  return decodeBytes(info, width * height * decodedChannels(info), plan.scale);
}

/** What one render holds above its decoded picture: the output, its encoder, file and preview, or an extension. */
export function renderBytes(output: OutputPlan): number {
  return Math.max(...output.types.map((type) => renderWorkingBytes(output.width * output.height, type)));
}

/**
 * A run of renders of one picture (a request's formats, a queue batch's targets of one upload):
 * its file, held while it decodes (and dropped once decoded: view.ts), the largest decode it may
 * make (the one for every need together, or any one alone), and its largest render beside the
 * decoded part.
 */
export function runBytes(
  info: ImageInfo,
  fileBytes: number,
  needs: readonly DecodeNeed[],
  outputs: readonly OutputPlan[],
): number {
  if (needs.length === 0) return 0;
  const plans = [planDecode(info, needs), ...needs.map((need) => planDecode(info, [need]))];
  const render = Math.max(0, ...outputs.map(renderBytes));
  return Math.max(
    ...plans.map((plan) => {
      const { peak, decoded } = planBytes(info, plan);
      return Math.max(fileBytes + peak, decoded + render);
    }),
  );
}

/**
 * The detectors' networks and kernels at their peak (detect/: weights about 10 MB, the kernels'
 * memory about 4 MB since the operations run in bands, 20 before; the text detector's live
 * activations near 30 MB at DETECT_PIXELS, and a transposed convolution's taps beside them), with
 * the copy they read. Kept at the figure planned before the bands: the margin is the garbage a
 * detection leaves for V8.
 */
export const DETECTORS_BYTES = 58 * MiB;

/** A detection of the picture: its file, the whole picture at `side` pixels, and the detectors. */
export function detectionBytes(info: ImageInfo, fileBytes: number, side: number): number {
  const { peak, decoded } = planBytes(info, planWhole(info, side));
  return Math.max(fileBytes + peak, decoded + DETECTORS_BYTES);
}

/**
 * An upload's check beside its file (decode.ts verifyDecodes): a lossy WebP's copy in libwebp's
 * memory; a lossless one decoded at an eighth; a PNG's inflated data in flight; a JPEG's tables.
 */
export function verifyBytes(info: ImageInfo): number {
  if (info.type === 'webp')
    return info.lossless
      ? planBytes(info, { scale: 8, area: { x0: 0, y0: 0, x1: info.uprightWidth, y1: info.uprightHeight } }).peak
      : info.fileBytes + 2 * MiB;
  if (info.type === 'png') return 4 * MiB;
  return 2 * MiB;
}
