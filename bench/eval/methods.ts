/**
 * The resizing methods the detection bench compares: the centred cover crop, smartcrop.js, the
 * saliency analysis that came before the detectors, the detectors with the planner before the
 * fill-first order (`previous`, bench/eval/plan-before.ts), and the product's intelligent resizing
 * (`ours`, the one function to change when its path changes).
 */
import sharp from 'sharp';
import smartcrop from 'smartcrop';
import { autoFraming } from '../../shared/auto-framing';
import { headBox, lineBox, type Detection } from '@social-resizer/engine/plan/detection';
import {
  analysePicture,
  centredCrop,
  detectView,
  planKeeping,
  planProfile,
  planSubjectCrop,
  type CropPlan,
  type CropTarget,
} from '@social-resizer/engine';
import type { Picture } from '@social-resizer/engine';
import { planFramingBefore } from './plan-before';

export interface Planned {
  /** What the method found in the picture (only ours finds anything). */
  detection: Detection | null;
  banner(target: CropTarget): Promise<CropPlan>;
  profile(target: CropTarget): Promise<CropPlan>;
}

export type Method = (picture: Picture) => Promise<Planned>;

const size = (picture: Picture) => ({ width: picture.width, height: picture.height });

export const centred: Method = async (picture) => {
  const plan = async (target: CropTarget) => ({ crop: centredCrop(size(picture), target, 1), extended: false });
  return { detection: null, banner: plan, profile: plan };
};

/**
 * smartcrop.js's image operations over sharp: the picture's pixels once, resampled by sharp where
 * smartcrop asks (it shrinks to 256 px on the short side first).
 */
function sharpOperations(picture: Picture) {
  type Image = { width: number; height: number; raw: Buffer };
  const raw = { raw: { width: picture.width, height: picture.height, channels: picture.channels } } as const;
  const pixels = Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.length);
  return {
    open: async (): Promise<Image> => ({ width: picture.width, height: picture.height, raw: pixels }),
    resample: async (_image: Image, width: number, height: number): Promise<Image> => ({
      width: Math.floor(width),
      height: Math.floor(height),
      raw: await sharp(pixels, raw)
        .resize(Math.floor(width), Math.floor(height), { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer(),
    }),
    getData: async (image: Image) => {
      const data = image.raw === pixels ? await sharp(pixels, raw).ensureAlpha().raw().toBuffer() : image.raw;
      return new (
        smartcrop as unknown as { ImgData: new (w: number, h: number, d: Uint8ClampedArray) => unknown }
      ).ImgData(image.width, image.height, new Uint8ClampedArray(data.buffer, data.byteOffset, data.length));
    },
  };
}

export const smartcropJs: Method = async (picture) => {
  const plan = async (target: CropTarget): Promise<CropPlan> => {
    const options = { width: target.width, height: target.height, imageOperations: sharpOperations(picture) };
    const { topCrop } = await smartcrop.crop(null as unknown as CanvasImageSource, options as never);
    return { crop: { x: topCrop.x, y: topCrop.y, width: topCrop.width, height: topCrop.height }, extended: false };
  };
  return { detection: null, banner: plan, profile: plan };
};

/**
 * Intelligent resizing before the detectors (kept for the before/after): the saliency analysis,
 * whose skin-toned face stood in for a detector, planKeeping for banners and planSubjectCrop for
 * profile pictures.
 */
export const saliency: Method = async (picture) => {
  const analysis = analysePicture(picture, 1);
  const detection: Detection = {
    width: picture.width,
    height: picture.height,
    faces: analysis.face ? [{ ...analysis.face, score: 1, landmarks: [] }] : [],
    text: [],
    marks: [],
    source: 'saliency',
  };
  return {
    detection,
    banner: async (target) => planKeeping(size(picture), [analysis.region, analysis.core], target),
    profile: async (target) => ({ crop: planSubjectCrop(size(picture), analysis.subject, target), extended: false }),
  };
};

/** The detection of a picture, made once for the methods that read it (as an upload detects once). */
const detections = new WeakMap<Picture, Detection>();
export function detectionOf(picture: Picture): Detection {
  const known = detections.get(picture);
  if (known) return known;
  const view = { picture, orientation: 1, kx: 1, ky: 1, x: 0, y: 0 };
  const { detection } = detectView(view, size(picture));
  detections.set(picture, detection);
  return detection;
}

/**
 * The detectors with the planner before the fill-first order (kept for the before/after): every
 * face's head and every line of text whole inside the safe zone, the marks where there is room.
 */
export const previous: Method = async (picture) => {
  const detection = detectionOf(picture);
  const must = [...detection.faces.map((f) => headBox(f, picture)), ...detection.text.map((l) => lineBox(l, picture))];
  const banner = async (target: CropTarget) =>
    planFramingBefore(size(picture), { must, soft: detection.marks }, target);
  return {
    detection,
    banner,
    profile: async (target) => planProfile(size(picture), detection.faces, target) ?? banner(target),
  };
};

/**
 * Intelligent resizing as the product does it (worker/services/conversions/framing.ts): the face and
 * text detectors and the saliency marks (detectView, as on an upload), then autoFraming: planFraming
 * for banners, planProfile for profile pictures (planFraming where it finds no face).
 */
export const ours: Method = async (picture) => {
  const detection = detectionOf(picture);
  return {
    detection,
    banner: async (target) => autoFraming(size(picture), detection, target),
    profile: async (target) => autoFraming(size(picture), detection, { ...target, profile: true }),
  };
};

export const METHODS: Array<{ name: string; method: Method }> = [
  { name: 'centred', method: centred },
  { name: 'smartcrop.js', method: smartcropJs },
  { name: 'saliency', method: saliency },
  { name: 'before', method: previous },
  { name: 'ours', method: ours },
];
