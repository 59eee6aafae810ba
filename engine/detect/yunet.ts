/**
 * Faces with YuNet (libfacedetection.train's yunet_s, models/README.md), decoded as OpenCV's
 * FaceDetectorYN does: for each stride 8, 16, 32 and each cell, score = √(cls·obj), the box centre
 * is (cell + offset)·stride and its size e^(w, h)·stride, five landmarks (cell + offset)·stride;
 * boxes scoring ≥ 0.6 go through non-maximum suppression at IoU 0.3.
 */
import type { DetectedFace } from '../plan/detection';
import type { Raster } from '../pixels/raster';
import { yunetOnnx } from '#detect-models';
import { freeTensors, Network, type RunStats } from './executor';
import { networkInput } from './input';
import { iou } from './boxes';

const SCORE_THRESHOLD = 0.6;
const NMS_IOU = 0.3;
const STRIDES = [8, 16, 32];

/** BGR bytes 0..255 as they are: YuNet was trained without normalisation. */
const BGR = [
  { source: 2, mean: 0, std: 1 },
  { source: 1, mean: 0, std: 1 },
  { source: 0, mean: 0, std: 1 },
] as const;

let network: Network | null = null;

/** Lets the parsed network go (see releaseDetectors). */
export function releaseFaceNetwork(): void {
  network?.dispose();
  network = null;
}

export function detectFacesAt(picture: Raster, maxSide: number, stats?: RunStats): DetectedFace[] {
  network ??= new Network(yunetOnnx);
  const input = networkInput(picture, maxSide, [...BGR]);
  const [, , paddedH, paddedW] = input.tensor.shape as [number, number, number, number];
  const outputs = network.run(input.tensor, stats);
  const found: DetectedFace[] = [];
  for (const stride of STRIDES) {
    const cls = outputs.get(`cls_${stride}`)!.data;
    const obj = outputs.get(`obj_${stride}`)!.data;
    const bbox = outputs.get(`bbox_${stride}`)!.data;
    const kps = outputs.get(`kps_${stride}`)!.data;
    const cols = paddedW / stride;
    const rows = paddedH / stride;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        const score = Math.sqrt(Math.min(1, Math.max(0, cls[i]!)) * Math.min(1, Math.max(0, obj[i]!)));
        if (score < SCORE_THRESHOLD) continue;
        const cx = (c + bbox[i * 4]!) * stride;
        const cy = (r + bbox[i * 4 + 1]!) * stride;
        const w = Math.exp(bbox[i * 4 + 2]!) * stride;
        const h = Math.exp(bbox[i * 4 + 3]!) * stride;
        const landmarks = [];
        for (let k = 0; k < 5; k++)
          landmarks.push({
            x: ((c + kps[i * 10 + 2 * k]!) * stride) / input.scale,
            y: ((r + kps[i * 10 + 2 * k + 1]!) * stride) / input.scale,
          });
        found.push({
          x: (cx - w / 2) / input.scale,
          y: (cy - h / 2) / input.scale,
          width: w / input.scale,
          height: h / input.scale,
          score,
          landmarks,
        });
      }
  }
  freeTensors([input.tensor, ...outputs.values()]);
  found.sort((a, b) => b.score - a.score);
  const kept: DetectedFace[] = [];
  for (const face of found) if (kept.every((k) => iou(k, face) <= NMS_IOU)) kept.push(face);
  // Clamp to the picture: a face at the edge may extend past it.
  return kept.map((face) => clampToPicture(face, picture));
}

function clampToPicture(face: DetectedFace, picture: Raster): DetectedFace {
  const x = Math.max(0, face.x);
  const y = Math.max(0, face.y);
  return {
    ...face,
    x,
    y,
    width: Math.min(picture.width, face.x + face.width) - x,
    height: Math.min(picture.height, face.y + face.height) - y,
  };
}
