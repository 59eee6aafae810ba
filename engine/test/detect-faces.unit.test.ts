/**
 * YuNet in our own executor, on real photos: the face box lands on the face (IoU ≥ 0.5 with a box
 * checked by eye), the landmarks sit inside it in the right places, a photo without people has no
 * face, and a picture larger than the detectors' budget is scaled down without moving the box.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CropRect } from '../plan/crop';
import type { Point } from '../plan/detection';
import { DETECT_PIXELS, detectFaces, detectText, detectorMemoryBytes, type RunStats } from '../detect';
import type { Picture } from '../pixels/raster';
import { iou } from '../detect/boxes';
import { detectView } from '../input/view';
import { memoryReport } from '../memory';
import { people, rasterOf } from './people';

/** Faces checked by eye in test/fixtures/people (hairline or cap to chin, ear to ear). */
const ASTRONAUT_FACE: CropRect = { x: 175, y: 60, width: 95, height: 118 };
const HOPPER_FACE: CropRect = { x: 180, y: 118, width: 175, height: 215 };

describe('detectFaces', () => {
  it('finds the one face in the astronaut photo, with its landmarks', async () => {
    const faces = detectFaces(await rasterOf(people('astronaut.png')));
    expect(faces).toHaveLength(1);
    const face = faces[0]!;
    expect(iou(face, ASTRONAUT_FACE)).toBeGreaterThanOrEqual(0.5);
    expect(face.score).toBeGreaterThan(0.8);
    expect(face.landmarks).toHaveLength(5);
    for (const point of face.landmarks) {
      expect(point.x).toBeGreaterThan(face.x);
      expect(point.x).toBeLessThan(face.x + face.width);
      expect(point.y).toBeGreaterThan(face.y);
      expect(point.y).toBeLessThan(face.y + face.height);
    }
    const [rightEye, leftEye, nose, rightMouth, leftMouth] = face.landmarks as [Point, Point, Point, Point, Point];
    // The subject's right eye is on the viewer's left; eyes above the nose, the nose above the mouth.
    expect(rightEye.x).toBeLessThan(leftEye.x);
    expect(Math.max(rightEye.y, leftEye.y)).toBeLessThan(nose.y);
    expect(nose.y).toBeLessThan(Math.min(rightMouth.y, leftMouth.y));
  });

  it('finds Grace Hopper’s face', async () => {
    const faces = detectFaces(await rasterOf(people('grace_hopper.jpg')));
    expect(faces).toHaveLength(1);
    expect(iou(faces[0]!, HOPPER_FACE)).toBeGreaterThanOrEqual(0.5);
  });

  it('finds no face in a photo of a cup of coffee', async () => {
    expect(detectFaces(await rasterOf(people('coffee.png')))).toEqual([]);
  });

  it('scales a picture larger than its pixel budget down and answers in its pixels', async () => {
    const size = Math.round(Math.sqrt(DETECT_PIXELS) * 2);
    const big = await rasterOf(sharp(people('astronaut.png')).resize(size, size));
    const faces = detectFaces(big);
    expect(faces).toHaveLength(1);
    const factor = size / 512;
    const expected = {
      x: ASTRONAUT_FACE.x * factor,
      y: ASTRONAUT_FACE.y * factor,
      width: ASTRONAUT_FACE.width * factor,
      height: ASTRONAUT_FACE.height * factor,
    };
    expect(iou(faces[0]!, expected)).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps its working memory small', async () => {
    const stats: RunStats = { convMacs: 0, convMs: 0, peakActivationBytes: 0 };
    detectFaces(await rasterOf(people('grace_hopper.jpg')), stats);
    // 512×600 pads to 512×608: YuNet's live activations stay near 10 MB.
    expect(stats.peakActivationBytes).toBeLessThan(16e6);
    // Dropped activations' buffers are taken again: 1.3 times the peak allocated in all, not 5.3.
    expect(stats.allocatedBytes).toBeLessThan(2 * stats.peakActivationBytes);
    expect(stats.convMacs).toBeGreaterThan(2e8);
    expect(detectorMemoryBytes()).toBeLessThan(32e6);
  });

  it('keeps only a few MB once a picture is detected, counted in the ledger, for the renders after it', async () => {
    const picture = await rasterOf(people('grace_hopper.jpg'));
    const view = { picture: { ...picture, channels: 4 as const }, orientation: 1, kx: 1, ky: 1, x: 0, y: 0 };
    const { detection } = detectView(view, picture);
    expect(detection.source).toBe('models');
    expect(detection.faces).toHaveLength(1);
    // The networks are let go; the kernels' memory, which the convolutions' bands keep small, stays.
    const kernels = memoryReport().kept.find((k) => k.what === "the detectors' kernels' memory");
    expect(kernels?.bytes).toBe(detectorMemoryBytes());
    expect(detectorMemoryBytes()).toBeGreaterThan(0);
    expect(detectorMemoryBytes()).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('answers in upright pixels for a photo stored turned (EXIF orientation 6)', async () => {
    // Stored turned a quarter to the left, shown upright by orientation 6.
    const stored = await rasterOf(sharp(people('grace_hopper.jpg')).rotate(-90));
    const view = { picture: { ...stored, channels: 4 as const }, orientation: 6, kx: 1, ky: 1, x: 0, y: 0 };
    const { detection } = detectView(view, { width: stored.height, height: stored.width });
    expect(detection.faces).toHaveLength(1);
    expect(iou(detection.faces[0]!, HOPPER_FACE)).toBeGreaterThanOrEqual(0.5);
  });
  it('is given RGBA only: a decoded 3-channel picture does not type-check as its input', () => {
    // The detectors read 4 bytes a pixel. A JPEG's or an opaque PNG's decode is RGB: handed in as
    // it is, it would be read as RGBA (view.ts gives them an RGBA copy). The check is the
    // typecheck's (`npm test` runs it first): these lines fail it once a Picture of 3 channels
    // passes for a Raster again.
    const rgb: Picture = { width: 2, height: 1, channels: 3, data: new Uint8ClampedArray(6) };
    // @ts-expect-error: a Picture of 3 channels is not a Raster
    const faces = () => detectFaces(rgb);
    // @ts-expect-error: a Picture of 3 channels is not a Raster
    const text = () => detectText(rgb);
    expect([typeof faces, typeof text]).toEqual(['function', 'function']);
  });
});
