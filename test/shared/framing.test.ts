import { describe, expect, it } from 'vitest';
import {
  coverScale,
  PLAN_ZOOM_MAX,
  safeRect,
  type CropRect,
  type WeightedRect,
} from '@social-resizer/engine/plan/crop';
import {
  headBox,
  keepBoxes,
  keptBoxes,
  lineBox,
  panelKept,
  type Detection,
  type DetectedFace,
} from '@social-resizer/engine/plan/detection';
import { cropHolds, planFraming } from '@social-resizer/engine/plan/framing';
import { PLATFORM_FORMATS, findFormat, findFormatByName, type PlatformFormat } from '../../shared/formats';
import { prng } from '../support/mutations';

type Size = { width: number; height: number };

/** Picture shapes people upload: portrait and landscape photos, a 3:1 banner, a 9:16 phone screen. */
const SHAPES = [3 / 4, 2 / 3, 4 / 3, 3 / 2, 3, 9 / 16, 1];

function randomPicture(next: () => number): Size {
  const aspect = SHAPES[Math.floor(next() * SHAPES.length)]!;
  const long = 600 + Math.floor(next() * 5400);
  return aspect >= 1
    ? { width: long, height: Math.max(1, Math.round(long / aspect)) }
    : { width: Math.max(1, Math.round(long * aspect)), height: long };
}

/**
 * Where a box of `size` starts on an axis of `length`: within the scene's span [from, to] (where
 * the people and the headline are), and now and then hugging the picture's edge.
 */
function along(next: () => number, length: number, size: number, [from, to]: [number, number]): number {
  const roll = next();
  if (roll < 0.05) return next() * 0.01 * length;
  if (roll < 0.1) return length - size - next() * 0.01 * length;
  return Math.min(length - size, from + next() * Math.max(0, to - from - size));
}

/** 1 to 6 boxes that must stay whole: heads around faces and lines of text with their margins. */
function randomMust(next: () => number, picture: Size): CropRect[] {
  const count = 1 + Math.floor(next() * 6);
  const short = Math.min(picture.width, picture.height);
  const span = (length: number): [number, number] => {
    const size = length * (0.2 + next() * 0.6);
    const from = next() * (length - size);
    return [from, from + size];
  };
  const [spanX, spanY] = [span(picture.width), span(picture.height)];
  return Array.from({ length: count }, () => {
    if (next() < 0.5) {
      const height = short * (0.03 + next() * 0.25);
      const width = height * 0.85;
      return headBox(
        { x: along(next, picture.width, width, spanX), y: along(next, picture.height, height, spanY), width, height },
        picture,
      );
    }
    const height = short * (0.02 + next() * 0.08);
    const width = Math.min(picture.width * 0.95, height * (3 + next() * 15));
    return lineBox(
      { x: along(next, picture.width, width, spanX), y: along(next, picture.height, height, spanY), width, height },
      picture,
    );
  });
}

function randomSoft(next: () => number, picture: Size): WeightedRect[] {
  return Array.from({ length: Math.floor(next() * 3) }, () => {
    const side = Math.min(picture.width, picture.height) * (0.05 + next() * 0.15);
    return {
      x: next() * (picture.width - side),
      y: next() * (picture.height - side),
      width: side,
      height: side,
      score: 0.3 + next() * 0.7,
    };
  });
}

/** Where a source box lands in the output of a crop. */
function inOutput(box: CropRect, crop: CropRect, target: Size): CropRect {
  const scale = target.width / crop.width;
  return {
    x: (box.x - crop.x) * scale,
    y: (box.y - crop.y) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

/** Whether the box lies whole inside `zone` (output pixels) of this crop's output, to within `tolerance` output pixels. */
function insideZone(box: CropRect, crop: CropRect, target: Size, zone: CropRect, tolerance = 0.5): boolean {
  const out = inOutput(box, crop, target);
  return (
    out.x >= zone.x - tolerance &&
    out.y >= zone.y - tolerance &&
    out.x + out.width <= zone.x + zone.width + tolerance &&
    out.y + out.height <= zone.y + zone.height + tolerance
  );
}
const frameOf = (target: Size): CropRect => ({ x: 0, y: 0, width: target.width, height: target.height });

/** The share of the crop that shows the picture. */
function coverage(picture: Size, crop: CropRect): number {
  const w = Math.max(0, Math.min(crop.x + crop.width, picture.width) - Math.max(crop.x, 0));
  const h = Math.max(0, Math.min(crop.y + crop.height, picture.height) - Math.max(crop.y, 0));
  return (w * h) / (crop.width * crop.height);
}

/** A platform's overlay (a catalogue rectangle or the profile circle). */
const overlaid = (format: PlatformFormat) => format.safeZone?.shape === 'rect' || format.safeZone?.shape === 'circle';

/**
 * Whether some framing keeps `must` inside the safe zone (the platform's, or the frame where there
 * is no overlay) and `whole` inside the frame: a crop inside the picture, on a grid of zooms from
 * the cover crop's to PLAN_ZOOM_MAX (`extend` false), or a canvas, on a grid of scales from the cover
 * crop's to the picture fitted whole along one axis (`extend` true). An independent search, not the
 * planner's arithmetic: at each scale each axis is searched on its own (the conditions on one axis
 * do not depend on the other), over starts that put a box's edge on the safe zone's or the frame's.
 */
function someFramingHolds(
  picture: Size,
  must: CropRect[],
  whole: CropRect[],
  target: PlatformFormat,
  extend: boolean,
): boolean {
  const safe = overlaid(target) ? safeRect(target) : frameOf(target);
  const cover = coverScale(picture, target);
  const contain = Math.min(target.width / picture.width, target.height / picture.height);
  const all = [...must, ...whole];
  const eps = 1e-6;
  // One axis at one scale: some start keeps the crop on the picture (a crop), the must spans in the
  // safe span and every span in the frame, to within a hair's breadth of rounding.
  const axisHolds = (
    scale: number,
    length: number,
    extent: number,
    [s0, s1]: [number, number],
    spanOf: (b: CropRect) => [number, number],
  ) => {
    const e = extent / scale;
    const starts = [
      ...Array.from({ length: 31 }, (_, k) => ((length - e) * k) / 30),
      ...all.flatMap((b) => {
        const [b0, b1] = spanOf(b);
        return [b0 - s0 / scale, b1 - s1 / scale, b0, b1 - e];
      }),
    ];
    return starts.some(
      (x) =>
        (extend || (x >= -eps && x + e <= length + eps)) &&
        must.every((b) => {
          const [b0, b1] = spanOf(b);
          return (b0 - x) * scale >= s0 - eps && (b1 - x) * scale <= s1 + eps;
        }) &&
        all.every((b) => {
          const [b0, b1] = spanOf(b);
          return b0 >= x - eps && b1 <= x + e + eps;
        }),
    );
  };
  for (let i = 0; i <= 60; i++) {
    const scale = extend ? cover * (contain / cover) ** (i / 60) : cover * PLAN_ZOOM_MAX ** (i / 60);
    if (
      axisHolds(scale, picture.width, target.width, [safe.x, safe.x + safe.width], (b) => [b.x, b.x + b.width]) &&
      axisHolds(scale, picture.height, target.height, [safe.y, safe.y + safe.height], (b) => [b.y, b.y + b.height])
    )
      return true;
  }
  return false;
}

const PICTURES = 60;

describe('planFraming: the primary subject in the safe zone, the rest in the frame, cropping before extending', () => {
  it('over every format and random pictures and boxes: the target’s shape, never a stamp, everything whole in the frame, the primary subject in the safe zone wherever a crop or a canvas can hold it there, and extended only where no crop can', () => {
    const next = prng(30);
    const failures: string[] = [];
    let cases = 0;
    let extended = 0;
    let gaveWay = 0;
    for (let n = 0; n < PICTURES; n++) {
      const picture = randomPicture(next);
      const boxes = randomMust(next, picture);
      const split = Math.max(1, Math.floor(next() * boxes.length));
      const must = boxes.slice(0, split);
      const whole = boxes.slice(split);
      const soft = randomSoft(next, picture);
      const name = `picture ${picture.width}x${picture.height}, boxes ${JSON.stringify(boxes.map((b) => [b.x, b.y, b.width, b.height].map(Math.round)))}, must ${split}`;
      for (const format of PLATFORM_FORMATS) {
        cases++;
        const plan = planFraming(picture, { must, whole, soft }, format);
        const { crop } = plan;
        if (Math.abs(crop.width / crop.height / (format.width / format.height) - 1) > 1e-9)
          failures.push(`${format.key} ${name}: not the target's shape`);
        if (crop.width > picture.width + 0.5 && crop.height > picture.height + 0.5)
          failures.push(`${format.key} ${name}: shrunk on all four sides`);
        if (!boxes.every((b) => insideZone(b, crop, format, frameOf(format))))
          failures.push(`${format.key} ${name}: a box cut by the frame`);
        const zone = overlaid(format) ? safeRect(format) : frameOf(format);
        if (!must.every((b) => insideZone(b, crop, format, zone))) {
          gaveWay++;
          // The safe zone gives way only where no canvas up to the picture fitted whole along one
          // axis holds the primary subject in it and the rest in the frame.
          if (someFramingHolds(picture, must, whole, format, true))
            failures.push(`${format.key} ${name}: the safe zone gave way though a canvas could hold them`);
        }
        if (plan.extended) {
          extended++;
          if (someFramingHolds(picture, must, whole, format, false))
            failures.push(`${format.key} ${name}: extended though a crop inside holds them`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(cases).toBe(PICTURES * PLATFORM_FORMATS.length);
    // Every case occurs: the boxes are not all easy.
    expect(extended).toBeGreaterThan(cases * 0.05);
    expect(extended).toBeLessThan(cases * 0.95);
    expect(gaveWay).toBeGreaterThan(0);
  }, 60_000);

  it('agrees with the benchmark’s floor: a crop is planned exactly where one holds the primary subject in the safe zone and the rest in the frame', () => {
    const next = prng(31);
    for (let n = 0; n < 40; n++) {
      const picture = randomPicture(next);
      const boxes = randomMust(next, picture);
      const keep = { must: boxes.slice(0, 1), whole: boxes.slice(1), soft: [] };
      for (const format of PLATFORM_FORMATS.filter((f) => f.kind === 'banner')) {
        const zone = overlaid(format) ? safeRect(format) : frameOf(format);
        if (cropHolds(picture, keep, format, zone)) expect(planFraming(picture, keep, format).extended).toBe(false);
      }
    }
  });

  it('takes the widest crop that holds the boxes: the cover crop whenever it can', () => {
    const picture = { width: 4000, height: 3000 };
    const post = findFormat(PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!.id)!;
    const face = headBox({ x: 2400, y: 900, width: 400, height: 480 }, picture);
    const plan = planFraming(picture, { must: [face], soft: [] }, post);
    expect(plan.extended).toBe(false);
    expect(plan.crop.height).toBeCloseTo(3000, 6);
    expect(plan.crop.x).toBeCloseTo(1000, 6); // as near centring the face as the picture allows
  });

  it('frames a 3:1 group photo with a headline and a subline for the 851×315 Facebook cover without shrinking it onto a backdrop on all four sides', () => {
    // Three people across the middle, the headline and the subline on the left (the case).
    const picture = { width: 1500, height: 500 };
    const faces = [300, 700, 1100].map((x) => headBox({ x, y: 120, width: 110, height: 140 }, picture));
    const headline = lineBox({ x: 60, y: 40, width: 560, height: 60 }, picture);
    const subline = lineBox({ x: 60, y: 400, width: 420, height: 34 }, picture);
    const cover = findFormatByName('facebook', 'cover photo')!;
    const plan = planFraming(picture, { must: [...faces, headline], whole: [subline], soft: [] }, cover);
    // The picture spans the frame's width or its height: backdrop on two sides at most.
    expect(plan.crop.width <= 1500.5 || plan.crop.height <= 500.5).toBe(true);
    for (const box of [...faces, headline, subline])
      expect(insideZone(box, plan.crop, cover, frameOf(cover))).toBe(true);
    // And no more backdrop than a third of the output.
    expect(coverage(picture, plan.crop)).toBeGreaterThan(0.66);
  });

  it('keeps the rest inside the frame without holding it to the safe zone: a subline far from the subject needs no canvas', () => {
    const picture = { width: 1584, height: 396 };
    const face = headBox({ x: 900, y: 120, width: 100, height: 130 }, picture);
    const headline = lineBox({ x: 700, y: 30, width: 420, height: 50 }, picture);
    const subline = lineBox({ x: 460, y: 330, width: 300, height: 26 }, picture);
    const twitter = findFormatByName('twitter', 'header')!;
    const planned = planFraming(picture, { must: [face, headline], whole: [subline], soft: [] }, twitter);
    expect(planned.extended).toBe(false);
    expect(insideZone(subline, planned.crop, twitter, frameOf(twitter))).toBe(true);
  });

  it('lets the safe zone give way rather than make a stamp of the picture (the YouTube banner’s centre strip)', () => {
    const picture = { width: 1584, height: 396 };
    const faces = [100, 700, 1300].map((x) => headBox({ x, y: 110, width: 120, height: 150 }, picture));
    const youtube = findFormatByName('youtube', 'banner')!;
    const plan = planFraming(picture, { must: faces, soft: [] }, youtube);
    expect(plan.extended).toBe(true);
    // The picture spans the width; the backdrop is above and below only.
    expect(plan.crop.width).toBeLessThanOrEqual(1584.5);
    for (const face of faces) expect(insideZone(face, plan.crop, youtube, frameOf(youtube))).toBe(true);
  });

  it('slides the crop to hold a logo too when the face leaves room, but never cuts the face for it', () => {
    const picture = { width: 4000, height: 2000 };
    const square = PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!;
    const face = headBox({ x: 1700, y: 700, width: 300, height: 360 }, picture);
    const logo = { x: 2900, y: 200, width: 200, height: 200, score: 0.9 };
    const plan = planFraming(picture, { must: [face], soft: [logo] }, square);
    expect(insideZone(face, plan.crop, square, safeRect(square))).toBe(true);
    expect(insideZone(logo, plan.crop, square, safeRect(square))).toBe(true);
    // Without the logo the face sits near the middle.
    const alone = planFraming(picture, { must: [face], soft: [] }, square);
    expect(alone.crop.x + alone.crop.width / 2).toBeCloseTo(1850, -1);
    // A logo too far to hold with the face: the face is kept whole, the logo lost.
    const far = { x: 3800, y: 200, width: 150, height: 150, score: 1 };
    const apart = planFraming(picture, { must: [face], soft: [far] }, square);
    expect(insideZone(face, apart.crop, square, safeRect(square))).toBe(true);
    expect(insideZone(far, apart.crop, square, safeRect(square))).toBe(false);
  });

  it('without faces or text, places the cover crop on the marks, else centres it', () => {
    const picture = { width: 3000, height: 1000 };
    const square = PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!;
    const mark = { x: 2500, y: 400, width: 300, height: 200, score: 0.8 };
    const placed = planFraming(picture, { must: [], soft: [mark] }, square);
    expect(placed.crop.height).toBeCloseTo(1000, 6);
    expect(placed.crop.y).toBe(0);
    expect(insideZone(mark, placed.crop, square, safeRect(square))).toBe(true);
    const centred = planFraming(picture, { must: [], soft: [] }, square).crop;
    expect(centred.x + centred.width / 2).toBeCloseTo(1500, 6);
  });
});

const face = (x: number, y: number, height: number, score = 0.9): DetectedFace => ({
  x,
  y,
  width: height * 0.8,
  height,
  score,
  landmarks: [],
});

describe('what matters in a detection (keepBoxes)', () => {
  it('keeps whole heads and lines with their margins, each with its core, the marks only where there is room', () => {
    const detection: Detection = {
      width: 2000,
      height: 1500,
      faces: [{ x: 900, y: 40, width: 200, height: 240, score: 0.9, landmarks: [] }],
      text: [{ x: 300, y: 1200, width: 800, height: 100, score: 0.8 }],
      marks: [{ x: 1600, y: 1200, width: 150, height: 150, score: 0.5 }],
      source: 'models',
    };
    const keep = keepBoxes(detection);
    expect(keep.must).toEqual([
      // 30 % up (clipped at the top), 10 % sides and below; the face box itself as its core.
      { x: 880, y: 0, width: 240, height: 304, core: { x: 900, y: 40, width: 200, height: 240 } },
      { x: 290, y: 1190, width: 820, height: 120, core: { x: 300, y: 1200, width: 800, height: 100 } },
    ]);
    expect(keep.whole).toEqual([]);
    expect(keep.soft).toEqual(detection.marks);
  });

  it('ranks the group’s faces and the headline first, the smaller faces and the subline next; the crowd, half faces at the edge and text in the scene not at all', () => {
    const detection: Detection = {
      width: 3000,
      height: 1000,
      faces: [
        face(400, 300, 200),
        face(900, 320, 180), // the group: 0.9 of the largest
        face(1400, 400, 110), // a smaller face behind: 0.55
        face(2000, 500, 40), // the crowd: 0.2
        face(2900, 300, 190), // a half face the picture's right edge cuts
      ],
      text: [
        { x: 100, y: 50, width: 900, height: 90, score: 0.9, designed: true },
        { x: 100, y: 160, width: 600, height: 50, score: 0.9, designed: true },
        { x: 2200, y: 700, width: 200, height: 30, score: 0.9, designed: false }, // a sign
      ],
      marks: [],
      panels: [{ x: 60, y: 40, width: 1000, height: 200 }], // a card behind the two lines
      source: 'models',
    };
    const keep = keepBoxes(detection);
    const cores = (boxes: readonly { core?: CropRect }[] | undefined) => (boxes ?? []).map((b) => b.core?.x ?? null);
    expect(cores(keep.must)).toEqual([400, 900, 100]);
    expect(cores(keep.whole)).toEqual([1400, 100, null]);
    expect(keep.whole?.at(-1)).toEqual({ x: 60, y: 40, width: 1000, height: 200 });
    // A band across the picture is kept to its edges inside the picture; its ends run off it.
    const band = { x: 0, y: 35, width: 3000, height: 200 };
    expect(panelKept(band, detection.text.slice(0, 2), detection)).toEqual({ x: 100, y: 35, width: 900, height: 200 });
    // The results count what is kept.
    expect(keptBoxes(detection).map((b) => b.kind)).toEqual(['face', 'face', 'face', 'text', 'text']);
    // A detection stored before text was told apart keeps every line, as it did.
    const sign = { x: 2200, y: 700, width: 200, height: 30, score: 0.9 };
    expect(keepBoxes({ ...detection, text: [sign] }).must).toHaveLength(3);
  });
});
