import { describe, expect, it } from 'vitest';
import { BANNER_FORMATS, findFormat } from '../../shared/formats';
import sharp from 'sharp';
import { analysePicture, planKeeping, planRegionCrop, planSubjectCrop, safeRect } from '..';
import { LAYOUTS_1500x500, makeMarkedBanner, safeZoneShare } from '../../test/support/marked-banner';
import { rawOf, syntheticPhoto, toSharp } from './images';
import type { CropRect } from '../plan/crop';

const iou = (a: CropRect, b: CropRect) => {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
};

/** A badge drawn onto a picture: a white rounded box with a red disc and dark letter-like bars. */
const BADGE = { x: 1150, y: 90, width: 240, height: 100 };
const badgeSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000"><rect x="1150" y="90" width="240" height="100" rx="18" fill="#ffffff"/><circle cx="1200" cy="140" r="32" fill="#e11d48"/><rect x="1245" y="115" width="12" height="50" fill="#111827"/><rect x="1265" y="115" width="30" height="12" fill="#111827"/><rect x="1265" y="134" width="24" height="12" fill="#111827"/><rect x="1303" y="115" width="12" height="50" fill="#111827"/><rect x="1323" y="115" width="12" height="50" fill="#111827"/><rect x="1323" y="153" width="40" height="12" fill="#111827"/></svg>`;
const wallpaper = () =>
  sharp('test/fixtures/corpus/wallpaper-3840x2400-progressive-444.jpg').resize(1500, 1000, { fit: 'cover' });

const background = await toSharp(syntheticPhoto(1500, 500)).png().toBuffer();

/** The whole frame as a safe zone. */
const FRAME = (target: { width: number; height: number }) =>
  ({ shape: 'rect', x: 0, y: 0, width: target.width, height: target.height, note: '' }) as const;

describe('content-aware crops', () => {
  it.each(LAYOUTS_1500x500.map((layout) => [layout.name, layout] as const))(
    'keeps the headline and logo of %s whole, inside every banner target’s safe zone where the picture need not be shrunk on all four sides for it, else in the frame',
    async (_name, layout) => {
      const banner = await makeMarkedBanner(background, 1500, 500, layout);
      const analysis = analysePicture(await rawOf(banner.png), 1);
      const region = analysis.region;
      expect(region).not.toBeNull();
      if (!region) return;
      for (const target of BANNER_FORMATS) {
        const { crop } = planRegionCrop(banner, region, target);
        expect(crop.width / crop.height).toBeCloseTo(target.width / target.height, 6);
        expect(crop.width <= 1500.5 || crop.height <= 500.5, `${target.key}: a stamp`).toBe(true);
        // A platform's overlay keeps its safe zone; elsewhere the 3 % margin may give way to the frame.
        const overlay = target.safeZone?.shape === 'rect' || target.safeZone?.shape === 'circle';
        const zone = overlay ? target : { ...target, safeZone: FRAME(target) };
        // The overlay gives way only where the region is larger than it even with the picture fitted whole.
        const safe = safeRect(zone);
        const fitted = Math.max(1500 / target.width, 500 / target.height);
        const givesWay = region.width > safe.width * fitted || region.height > safe.height * fitted;
        const held = givesWay ? { ...target, safeZone: FRAME(target) } : zone;
        for (const mark of banner.marks)
          expect(safeZoneShare(mark, crop, held), `${layout.name} → ${target.key}`).toBeGreaterThanOrEqual(0.98);
      }
    },
  );

  it('keeps a headline box on busy coloured ribbons with a plain crop, not panels, when a crop can hold it', async () => {
    // A 16:9 banner: hard-edged diagonal ribbons everywhere, the headline in a white box at the upper right.
    const [W, H] = [1920, 1080];
    const colours = ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#ec4899'];
    const ribbons = Array.from({ length: 14 }, (_, i) => {
      const x = -600 + i * 210;
      return `<polygon points="${x},${H} ${x + 120},${H} ${x + 900},0 ${x + 780},0" fill="${colours[i % 6]}"/>`;
    }).join('');
    const box = { x: 1180, y: 90, width: 680, height: 230 };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#1e293b"/>${ribbons}<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#fff"/></svg>`;
    const banner = await makeMarkedBanner(await sharp(Buffer.from(svg)).png().toBuffer(), W, H, {
      name: 'headline-box-on-ribbons',
      text: 'SUMMER SALE',
      textAt: { x: 1230, y: 170, dot: 8 },
      logo: { cx: 1790, cy: 250, r: 40 },
    });
    const analysis = analysePicture(await rawOf(banner.png), 1);
    const header = findFormat(29)!;
    const plan = planKeeping(banner, [analysis.region, analysis.core], header);
    expect(plan.extended).toBe(false);
    expect(safeZoneShare(box, plan.crop, header)).toBeGreaterThanOrEqual(0.99);
    for (const mark of banner.marks) expect(safeZoneShare(mark, plan.crop, header)).toBe(1);
    // The generous region alone touches the picture's edge: the header has no overlay, so its 3 %
    // margin gives way rather than extend the canvas.
    expect(planRegionCrop(banner, analysis.region, header).extended).toBe(false);
  });

  it('crops without extending the canvas when the important part fits the target’s shape', () => {
    const picture = { width: 1500, height: 500 };
    const linkedin = findFormat(20)!;
    const plan = planRegionCrop(picture, { x: 100, y: 150, width: 500, height: 180 }, linkedin);
    expect(plan.extended).toBe(false);
    expect(plan.crop.x).toBeGreaterThanOrEqual(0);
    expect(plan.crop.x + plan.crop.width).toBeLessThanOrEqual(1500.001);
    // The cover crop at the target's shape: full width, 375 of 500 rows.
    expect(plan.crop.width).toBeCloseTo(1500, 3);
    expect(plan.crop.height).toBeCloseTo(375, 3);
    expect(plan.crop.y).toBeLessThanOrEqual(150);
    expect(plan.crop.y + plan.crop.height).toBeGreaterThanOrEqual(330);
  });

  it('extends the canvas, centred on the content, when the important part is wider than the target allows, never making a stamp of the picture', () => {
    const youtube = findFormat(36)!;
    const plan = planRegionCrop({ width: 1500, height: 500 }, { x: 50, y: 40, width: 1400, height: 300 }, youtube);
    expect(plan.extended).toBe(true);
    // The centre strip cannot take 1400 of 1500 columns unless the picture shrinks on all four
    // sides: it gives way, the picture spans the width, and the box sits in the frame, centred.
    expect(plan.crop.width).toBeLessThanOrEqual(1500.5);
    const scale = youtube.width / plan.crop.width;
    expect((50 - plan.crop.x) * scale).toBeGreaterThanOrEqual(-0.01);
    expect((1450 - plan.crop.x) * scale).toBeLessThanOrEqual(youtube.width + 0.01);
    expect(plan.crop.x + plan.crop.width / 2).toBeCloseTo(750, 0);
  });

  it('finds a face and centres a square crop on it, staying inside the picture', () => {
    const width = 900;
    const height = 600;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const face = ((x - 640) / 80) ** 2 + ((y - 260) / 100) ** 2 <= 1;
        data.set(face ? [224, 172, 140, 255] : [60, 90 + (y * 60) / height, 130, 255], (y * width + x) * 4);
      }
    }
    const analysis = analysePicture({ width, height, channels: 4, data }, 1);
    expect(analysis.face).not.toBeNull();
    expect(analysis.subject.x).toBeGreaterThan(600);
    expect(analysis.subject.x).toBeLessThan(680);
    const crop = planSubjectCrop({ width, height }, analysis.subject, { width: 400, height: 400 });
    expect(crop).toMatchObject({ width: 600, height: 600, y: 0 });
    expect(crop.x).toBeCloseTo(300, 0);
  });

  describe('marks', () => {
    it.each([
      ['the wallpaper', async () => wallpaper().png().toBuffer()],
      ['a photo-like picture', async () => toSharp(syntheticPhoto(1500, 1000)).png().toBuffer()],
    ] as const)('finds a badge drawn on %s as its strongest mark', async (_name, base) => {
      const marked = await sharp(await base())
        .composite([{ input: Buffer.from(badgeSvg) }])
        .png()
        .toBuffer();
      const { marks } = analysePicture(await rawOf(marked), 1);
      expect(marks?.[0], JSON.stringify(marks)).toBeDefined();
      expect(iou(marks![0]!, BADGE)).toBeGreaterThanOrEqual(0.5);
      expect(marks!.length).toBeLessThanOrEqual(8);
      for (const mark of marks!) expect(mark.score).toBeGreaterThan(0);
      expect(marks!.map((m) => m.score)).toEqual([...marks!.map((m) => m.score)].sort((a, b) => b - a));
    });

    it('finds few marks on a picture without any, and none as large as a quarter of it', async () => {
      for (const base of [
        await wallpaper().png().toBuffer(),
        await toSharp(syntheticPhoto(1500, 1000)).png().toBuffer(),
      ]) {
        const { marks, width, height } = analysePicture(await rawOf(base), 1);
        expect(marks!.length, JSON.stringify(marks)).toBeLessThanOrEqual(2);
        for (const mark of marks!) expect(mark.width * mark.height).toBeLessThanOrEqual(0.25 * width * height);
      }
    });

    it('finds the headline and the logo of a banner among its marks', async () => {
      const layout = LAYOUTS_1500x500[0]!;
      const banner = await makeMarkedBanner(background, 1500, 500, layout);
      const { marks } = analysePicture(await rawOf(banner.png), 1);
      for (const box of banner.marks)
        expect(
          Math.max(...marks!.map((m) => iou(m, box))),
          `${JSON.stringify(box)} in ${JSON.stringify(marks)}`,
        ).toBeGreaterThan(0.3);
    });
  });
});
