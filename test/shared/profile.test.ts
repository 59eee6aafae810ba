import { describe, expect, it } from 'vitest';
import { coverScale, type CropRect } from '@social-resizer/engine/plan/crop';
import { headBox, type DetectedFace } from '@social-resizer/engine/plan/detection';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { planProfile, ZOOM_CAP } from '@social-resizer/engine/plan/profile';
import { prng } from '../support/mutations';

type Size = { width: number; height: number };

const PROFILES = PLATFORM_FORMATS.filter((format) => format.profile);

/** A face as the detector reports it: the box from forehead to chin, the eyes 40 % down. */
function face(x: number, y: number, height: number, score: number): DetectedFace {
  const width = height * 0.85;
  return {
    x,
    y,
    width,
    height,
    score,
    landmarks: [
      { x: x + width * 0.3, y: y + height * 0.4 },
      { x: x + width * 0.7, y: y + height * 0.4 },
      { x: x + width * 0.5, y: y + height * 0.6 },
      { x: x + width * 0.35, y: y + height * 0.78 },
      { x: x + width * 0.65, y: y + height * 0.78 },
    ],
  };
}

/** Where a source point lands in the output, relative to the circle's centre, in radii. */
function fromCentre(point: { x: number; y: number }, crop: CropRect, target: Size) {
  const scale = target.width / crop.width;
  const r = Math.min(target.width, target.height) / 2;
  return Math.hypot((point.x - crop.x) * scale - target.width / 2, (point.y - crop.y) * scale - target.height / 2) / r;
}

/** How far outside the circle the oval inscribed in the box (a head) reaches, in output pixels (≤ 0: inside). */
function outsideCircle(box: CropRect, crop: CropRect, target: Size): number {
  const scale = target.width / crop.width;
  const r = Math.min(target.width, target.height) / 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  let far = -Infinity;
  for (let i = 0; i < 360; i++) {
    const x = cx + (box.width / 2) * Math.cos((i * Math.PI) / 180);
    const y = cy + (box.height / 2) * Math.sin((i * Math.PI) / 180);
    far = Math.max(
      far,
      Math.hypot((x - crop.x) * scale - target.width / 2, (y - crop.y) * scale - target.height / 2) - r,
    );
  }
  return far;
}

const centreOf = (box: CropRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/**
 * Whether some crop inside the picture, on a grid of scales up to the zoom cap and of starts,
 * keeps the head inside the circle with the face's centre within 0.1 of the radius.
 */
function someCropInsideFrames(picture: Size, f: DetectedFace, target: Size): boolean {
  const cover = coverScale(picture, target);
  const cap = Math.max(ZOOM_CAP, cover);
  const head = headBox(f, picture);
  for (let i = 0; i <= 40; i++) {
    const scale = cover * (cap / cover) ** (i / 40);
    const width = target.width / scale;
    const height = target.height / scale;
    const xs = Array.from({ length: 21 }, (_, k) => ((picture.width - width) * k) / 20);
    const ys = Array.from({ length: 21 }, (_, k) => ((picture.height - height) * k) / 20);
    const c = centreOf(f);
    xs.push(Math.min(picture.width - width, Math.max(0, c.x - width / 2)));
    ys.push(Math.min(picture.height - height, Math.max(0, c.y - height / 2)));
    for (const x of xs)
      for (const y of ys) {
        const crop = { x, y, width, height };
        if (fromCentre(c, crop, target) <= 0.1 && outsideCircle(head, crop, target) <= 0) return true;
      }
  }
  return false;
}

describe('planProfile: profile pictures framed on the face', () => {
  it('keeps the face centred and the whole head in the circle for faces anywhere, in every profile format', () => {
    const next = prng(12);
    const failures: string[] = [];
    let extended = 0;
    let cases = 0;
    for (let n = 0; n < 120; n++) {
      const landscape = next() < 0.5;
      const long = 500 + Math.floor(next() * 4500);
      const short = Math.round(long * (0.5 + next() * 0.5));
      const picture = landscape ? { width: long, height: short } : { width: short, height: long };
      const height = Math.min(picture.width, picture.height) * (0.03 + next() * 0.6);
      const f = face(
        next() * (picture.width - height * 0.85),
        next() * (picture.height - height),
        height,
        0.5 + next() * 0.5,
      );
      const name = `face ${[f.x, f.y, f.width, f.height].map(Math.round).join(',')} in ${picture.width}x${picture.height}`;
      for (const target of PROFILES) {
        cases++;
        const plan = planProfile(picture, [f], target)!;
        const { crop } = plan;
        if (Math.abs(crop.width / crop.height - target.width / target.height) > 1e-9)
          failures.push(`${target.key} ${name}: not square`);
        const scale = target.width / crop.width;
        const r = target.width / 2;
        if (fromCentre(centreOf(f), crop, target) > 0.15 + 0.5 / r) failures.push(`${target.key} ${name}: off centre`);
        if (outsideCircle(headBox(f, picture), crop, target) > 0.5) failures.push(`${target.key} ${name}: head cut`);
        if (scale > Math.max(ZOOM_CAP, coverScale(picture, target)) * (1 + 1e-9))
          failures.push(`${target.key} ${name}: enlarged ${scale.toFixed(2)}×`);
        if (plan.extended) {
          extended++;
          if (someCropInsideFrames(picture, f, target))
            failures.push(`${target.key} ${name}: extended though a crop inside frames it`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(extended).toBeGreaterThan(0);
    // Both occur: faces at the picture’s edge need a backdrop, the others do not.
    expect(extended).toBeLessThan(cases);
  });

  it('frames a face in the middle of a photo at half the circle’s diameter, eyes a little above the centre', () => {
    const picture = { width: 4000, height: 3000 };
    const f = face(1800, 1200, 400, 0.9);
    for (const target of PROFILES) {
      const { crop, extended } = planProfile(picture, [f], target)!;
      const scale = target.width / crop.width;
      expect(extended).toBe(false);
      expect(f.height * scale).toBeCloseTo(target.width / 2, 6);
      const eyesY = (f.landmarks[0]!.y - crop.y) * scale;
      expect(eyesY).toBeLessThan(target.height / 2);
      expect(eyesY).toBeGreaterThan(target.height / 2 - 0.2 * (target.width / 2));
    }
  });

  it('zooms in as little as needed, rather than extending, when the face is near the picture’s edge', () => {
    const picture = { width: 3000, height: 2000 };
    const target = PROFILES.find((format) => format.width === 400)!;
    // 240 px below the face's centre: at half the diameter the circle would need 268.
    const f = face(1000, 1610, 300, 0.9);
    const { crop, extended } = planProfile(picture, [f], target)!;
    const scale = target.width / crop.width;
    expect(extended).toBe(false);
    expect(scale).toBeGreaterThan(200 / 300);
    expect(scale).toBeLessThan((200 / 300) * 1.15);
    expect(fromCentre(centreOf(f), crop, target)).toBeLessThanOrEqual(0.15);
    expect(outsideCircle(headBox(f, picture), crop, target)).toBeLessThanOrEqual(0);
  });

  it('frames the most confident face, not the largest', () => {
    const picture = { width: 3000, height: 2000 };
    const large = face(300, 500, 600, 0.5);
    const sure = face(2300, 800, 200, 0.95);
    const target = PROFILES[0]!;
    const { crop } = planProfile(picture, [large, sure], target)!;
    expect(fromCentre(centreOf(sure), crop, target)).toBeLessThanOrEqual(0.15);
    expect(crop.x).toBeGreaterThan(large.x + large.width);
  });

  it('keeps a group together when a crop can hold all their heads, else frames the most prominent', () => {
    const target = PROFILES[0]!;
    const group = [face(1000, 800, 220, 0.9), face(1350, 760, 240, 0.8), face(1700, 820, 210, 0.85)];
    const picture = { width: 3000, height: 2000 };
    const together = planProfile(picture, group, target)!;
    expect(together.extended).toBe(false);
    for (const f of group) expect(outsideCircle(headBox(f, picture), together.crop, target)).toBeLessThanOrEqual(0);

    // The two ends of a wide panorama: no square crop holds both; the larger face outweighs the surer one.
    const panorama = { width: 6000, height: 1000 };
    const small = face(100, 400, 100, 0.9);
    const big = face(5500, 300, 200, 0.7);
    const { crop } = planProfile(panorama, [small, big], target)!;
    expect(fromCentre(centreOf(big), crop, target)).toBeLessThanOrEqual(0.15);
    expect(outsideCircle(headBox(big, panorama), crop, target)).toBeLessThanOrEqual(0);
  });

  it('leaves a picture without faces to planFraming', () => {
    expect(planProfile({ width: 800, height: 600 }, [], PROFILES[0]!)).toBeNull();
  });
});
