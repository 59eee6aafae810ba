import { describe, expect, it } from 'vitest';
import {
  coverScale,
  planFraming,
  PLAN_ZOOM_MAX,
  safeRect,
  unionOf,
  type CropRect,
  type WeightedRect,
} from '../../shared/crop';
import { headBox, keepBoxes, lineBox, type Detection } from '../../shared/detection';
import { PLATFORM_FORMATS, findFormat, type PlatformFormat } from '../../shared/formats';
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

/**
 * Whether the box lies whole inside the safe zone; `flush`: inside the frame (a target without a
 * platform overlay whose 3 % margin gave way because no crop inside the picture holds the box in it).
 */
function insideSafe(box: CropRect, crop: CropRect, target: PlatformFormat, flush = false): boolean {
  const out = inOutput(box, crop, target);
  const safe = flush ? { x: 0, y: 0, width: target.width, height: target.height } : safeRect(target);
  return (
    out.x >= safe.x - 0.5 &&
    out.y >= safe.y - 0.5 &&
    out.x + out.width <= safe.x + safe.width + 0.5 &&
    out.y + out.height <= safe.y + safe.height + 0.5
  );
}

/**
 * The scales, on a grid from the cover crop's to the tightest, at which some crop of the target's
 * shape inside the picture holds the box inside the safe zone, trying a handful of crop starts per
 * axis: a grid across the picture and the starts that put the box's edges on the safe zone's edges.
 */
function scalesHolding(picture: Size, box: CropRect, target: PlatformFormat): number[] {
  const safe = safeRect(target);
  const cover = coverScale(picture, target);
  const tightest = Math.min(safe.width / box.width, safe.height / box.height, cover * PLAN_ZOOM_MAX);
  const axisHolds = (length: number, extent: number, b0: number, b1: number, s0: number, s1: number, scale: number) => {
    const room = length - extent;
    if (room < -1e-9) return false;
    const starts = [...Array.from({ length: 41 }, (_, i) => (room * i) / 40), b0 - s0 / scale, b1 - s1 / scale];
    return starts.some(
      (x) => x >= -1e-6 && x <= room + 1e-6 && (b0 - x) * scale >= s0 - 1e-6 && (b1 - x) * scale <= s1 + 1e-6,
    );
  };
  const holding: number[] = [];
  for (let i = 0; i <= 120; i++) {
    const scale = cover * (tightest / cover) ** (i / 120);
    if (scale < cover * (1 - 1e-9)) continue;
    const ok =
      axisHolds(picture.width, target.width / scale, box.x, box.x + box.width, safe.x, safe.x + safe.width, scale) &&
      axisHolds(picture.height, target.height / scale, box.y, box.y + box.height, safe.y, safe.y + safe.height, scale);
    if (ok) holding.push(scale);
  }
  return holding;
}

/** The share of the crop that shows the picture. */
function coverage(picture: Size, crop: CropRect): number {
  const w = Math.max(0, Math.min(crop.x + crop.width, picture.width) - Math.max(crop.x, 0));
  const h = Math.max(0, Math.min(crop.y + crop.height, picture.height) - Math.max(crop.y, 0));
  return (w * h) / (crop.width * crop.height);
}

const PICTURES = 150;

/** A platform's overlay (a catalogue rectangle or the profile circle): its safe zone never gives way. */
const overlaid = (format: PlatformFormat) => format.safeZone?.shape === 'rect' || format.safeZone?.shape === 'circle';

describe('planFraming: faces and lines of text kept whole, cropping before extending', () => {
  it('over every format and random pictures and boxes: whole in the safe zone, the target’s shape, extended only when no crop inside the picture can hold them, and then no more than needed', () => {
    const next = prng(30);
    const failures: string[] = [];
    let cases = 0;
    let extended = 0;
    for (let n = 0; n < PICTURES; n++) {
      const picture = randomPicture(next);
      const must = randomMust(next, picture);
      const soft = randomSoft(next, picture);
      const union = unionOf(must);
      const name = `picture ${picture.width}x${picture.height}, must ${JSON.stringify(must.map((b) => [b.x, b.y, b.width, b.height].map(Math.round)))}`;
      for (const format of PLATFORM_FORMATS) {
        cases++;
        const plan = planFraming(picture, { must, soft }, format);
        const { crop } = plan;
        if (Math.abs(crop.width / crop.height / (format.width / format.height) - 1) > 1e-9)
          failures.push(`${format.key} ${name}: not the target's shape`);
        const holding = scalesHolding(picture, union, format);
        const flush = holding.length === 0 && !plan.extended && !overlaid(format);
        if (!must.every((box) => insideSafe(box, crop, format, flush)))
          failures.push(`${format.key} ${name}: a box cut`);
        const scale = format.width / crop.width;
        if (holding.length > 0 && plan.extended)
          failures.push(`${format.key} ${name}: extended though a crop inside holds them`);
        if (!plan.extended) {
          if (flush) continue;
          // The widest crop that holds them: none found wider.
          if (holding.some((s) => s < scale * (1 - 1e-9)))
            failures.push(`${format.key} ${name}: a wider crop holds them`);
          continue;
        }
        extended++;
        // No tighter crop, up to the cover crop, could hold them: at any larger scale they overflow the safe zone.
        const cover = coverScale(picture, format);
        const safe = safeRect(format);
        for (let i = 1; i <= 20; i++) {
          const tighter = scale + ((cover - scale) * i) / 20;
          if (tighter <= scale * (1 + 1e-6)) continue;
          if (union.width * tighter <= safe.width - 0.5 && union.height * tighter <= safe.height - 0.5)
            failures.push(`${format.key} ${name}: extended at ${scale} though ${tighter} holds them`);
        }
        // And no other start at this scale that holds them shows more of the picture.
        const starts = (b0: number, b1: number, s0: number, s1: number) =>
          Array.from({ length: 21 }, (_, i) => b1 - s1 / scale + ((b0 - s0 / scale - (b1 - s1 / scale)) * i) / 20);
        const shown = coverage(picture, crop);
        for (const x of starts(union.x, union.x + union.width, safe.x, safe.x + safe.width))
          for (const y of starts(union.y, union.y + union.height, safe.y, safe.y + safe.height))
            if (coverage(picture, { ...crop, x, y }) > shown + 1e-6)
              failures.push(`${format.key} ${name}: another start shows more picture`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(cases).toBe(PICTURES * PLATFORM_FORMATS.length);
    // Both cases occur: the boxes are not all easy.
    expect(extended).toBeGreaterThan(cases * 0.05);
    expect(extended).toBeLessThan(cases * 0.95);
  }, 60_000);

  it('takes the widest crop that holds the boxes: the cover crop whenever it can', () => {
    const picture = { width: 4000, height: 3000 };
    const post = findFormat(PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!.id)!;
    const face = headBox({ x: 2400, y: 900, width: 400, height: 480 }, picture);
    const plan = planFraming(picture, { must: [face], soft: [] }, post);
    expect(plan.extended).toBe(false);
    expect(plan.crop.height).toBeCloseTo(3000, 6);
    expect(plan.crop.x).toBeCloseTo(1000, 6); // as near centring the face as the picture allows
  });

  it('slides the crop to hold a logo too when the face leaves room, but never cuts the face for it', () => {
    const picture = { width: 4000, height: 2000 };
    const square = PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!;
    const face = headBox({ x: 1700, y: 700, width: 300, height: 360 }, picture);
    const logo = { x: 2900, y: 200, width: 200, height: 200, score: 0.9 };
    const plan = planFraming(picture, { must: [face], soft: [logo] }, square);
    expect(insideSafe(face, plan.crop, square)).toBe(true);
    expect(insideSafe(logo, plan.crop, square)).toBe(true);
    // Without the logo the face sits near the middle.
    const alone = planFraming(picture, { must: [face], soft: [] }, square);
    expect(alone.crop.x + alone.crop.width / 2).toBeCloseTo(1850, -1);
    // A logo too far to hold with the face: the face is kept whole, the logo lost.
    const far = { x: 3800, y: 200, width: 150, height: 150, score: 1 };
    const apart = planFraming(picture, { must: [face], soft: [far] }, square);
    expect(insideSafe(face, apart.crop, square)).toBe(true);
    expect(insideSafe(far, apart.crop, square)).toBe(false);
  });

  it('without faces or text, places the cover crop on the marks, else centres it', () => {
    const picture = { width: 3000, height: 1000 };
    const square = PLATFORM_FORMATS.find((f) => f.width === f.height && f.safeZone === null)!;
    const mark = { x: 2500, y: 400, width: 300, height: 200, score: 0.8 };
    const placed = planFraming(picture, { must: [], soft: [mark] }, square);
    expect(placed.crop.height).toBeCloseTo(1000, 6);
    expect(placed.crop.y).toBe(0);
    expect(insideSafe(mark, placed.crop, square)).toBe(true);
    const centred = planFraming(picture, { must: [], soft: [] }, square).crop;
    expect(centred.x + centred.width / 2).toBeCloseTo(1500, 6);
  });

  it('keeps whole heads and lines from a detection, the marks only where there is room', () => {
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
      // 30 % up (clipped at the top), 10 % sides and below.
      { x: 880, y: 0, width: 240, height: 304 },
      { x: 290, y: 1190, width: 820, height: 120 },
    ]);
    expect(keep.soft).toEqual(detection.marks);
  });
});
