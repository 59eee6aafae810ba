/**
 * Content-aware resizing, measured: banners made from real photos with a headline and a logo drawn
 * at known positions (test/support/marked-banner.ts), converted to every banner format, and the
 * share of the marked region that stays visible in each output, content-aware versus the standard
 * centred crop. Target: at least 98 % kept in content-aware mode on every output. Printed apart:
 * targets wider than 3:1, targets as tall as 9:16 or taller (stories, from all formats), and the
 * headlines cut (partly shown), the worst result there is.
 */

/** Formats as tall as 9:16 or taller, from the whole catalogue (no banner is). */
const TALL_FORMATS = PLATFORM_FORMATS.filter((f) => f.width / f.height <= 9 / 16 + 1e-9);
const isWide = (f: PlatformFormat) => f.width / f.height > 3;

type Tally = { kept: number[]; cut: number; extended: number; outputs: number };
const tally = (): Tally => ({ kept: [], cut: 0, extended: 0, outputs: 0 });
import sharp from 'sharp';
import { BANNER_FORMATS, PLATFORM_FORMATS, type PlatformFormat } from '../shared/formats';
import { analysePicture, fitCrop, planKeeping, type CropRect } from '@social-resizer/engine';
import { LAYOUTS_1500x500, makeMarkedBanner, safeZoneShare, visibleShare } from '../test/support/marked-banner';
import type { Photo } from './photos';

/** Share of the output that is backdrop (the crop outside the picture). */
function backdropShare(crop: CropRect, picture: { width: number; height: number }): number {
  return (
    1 - visibleShare({ x: 0, y: 0, ...picture }, crop) * ((picture.width * picture.height) / (crop.width * crop.height))
  );
}

export async function benchContentAware(photos: Photo[]): Promise<void> {
  console.log(
    `\nContent-aware banners: ${photos.length} photos × ${LAYOUTS_1500x500.length} layouts (1500×500, headline + logo) × ${BANNER_FORMATS.length} banner formats`,
  );
  const all = {
    ai: [] as number[],
    aiSafe: [] as number[],
    centre: [] as number[],
    backdrop: [] as number[],
    extended: 0,
    outputs: 0,
    analyseMs: [] as number[],
    wide: tally(),
    tall: tally(),
    cutLines: { ai: 0, centre: 0, headlines: 0 },
  };
  for (const photo of photos) {
    const perPhoto = { ai: 1, centre: 1, centreSum: 0, n: 0 };
    for (const layout of LAYOUTS_1500x500) {
      const banner = await makeMarkedBanner(photo.path, 1500, 500, layout);
      const { data, info } = await sharp(banner.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const started = performance.now();
      const analysis = analysePicture(
        {
          width: info.width,
          height: info.height,
          channels: 3,
          data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
        },
        1,
      );
      all.analyseMs.push(performance.now() - started);
      for (const target of [...BANNER_FORMATS, ...TALL_FORMATS]) {
        const plan = planKeeping(banner, [analysis.region, analysis.core], target);
        const group = isWide(target) ? all.wide : TALL_FORMATS.includes(target) ? all.tall : null;
        if (group) {
          group.outputs += 1;
          if (plan.extended) group.extended += 1;
          for (const mark of banner.marks) group.kept.push(visibleShare(mark, plan.crop));
          const headline = visibleShare(banner.marks[0]!, plan.crop);
          if (headline > 0 && headline < 0.999) group.cut += 1;
        }
        // The headline is the first mark: cut means partly shown.
        {
          const centreCrop = fitCrop(
            { x: 0, y: 0, width: banner.width, height: banner.height, zoom: 1 },
            banner,
            target,
          );
          const a = visibleShare(banner.marks[0]!, plan.crop);
          const c = visibleShare(banner.marks[0]!, centreCrop);
          all.cutLines.headlines += 1;
          if (a > 0 && a < 0.999) all.cutLines.ai += 1;
          if (c > 0 && c < 0.999) all.cutLines.centre += 1;
        }
        if (TALL_FORMATS.includes(target) && !BANNER_FORMATS.includes(target)) continue;
        const centre = fitCrop({ x: 0, y: 0, width: banner.width, height: banner.height, zoom: 1 }, banner, target);
        for (const mark of banner.marks) {
          const ai = visibleShare(mark, plan.crop);
          const c = visibleShare(mark, centre);
          all.ai.push(ai);
          all.aiSafe.push(safeZoneShare(mark, plan.crop, target));
          all.centre.push(c);
          perPhoto.ai = Math.min(perPhoto.ai, ai);
          perPhoto.centre = Math.min(perPhoto.centre, c);
          perPhoto.centreSum += c;
          perPhoto.n += 1;
        }
        all.outputs += 1;
        if (plan.extended) all.extended += 1;
        all.backdrop.push(backdropShare(plan.crop, banner));
      }
    }
    console.log(
      `  ${photo.name}: kept worst ${(perPhoto.ai * 100).toFixed(1)} % content-aware, worst ${(perPhoto.centre * 100).toFixed(1)} % / mean ${((perPhoto.centreSum / perPhoto.n) * 100).toFixed(1)} % centre crop`,
    );
  }
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  console.log(
    [
      `  marks kept (visible in the output), content-aware: worst ${pct(Math.min(...all.ai))}, mean ${pct(mean(all.ai))}; inside the safe zone: worst ${pct(Math.min(...all.aiSafe))}`,
      `  marks kept, centred crop:                          worst ${pct(Math.min(...all.centre))}, mean ${pct(mean(all.centre))}`,
      `  outputs with an extended canvas: ${all.extended} of ${all.outputs}; backdrop share of the output: mean ${pct(mean(all.backdrop))}, largest ${pct(Math.max(...all.backdrop))}`,
      `  targets wider than 3:1 (${all.wide.outputs} outputs): kept worst ${pct(Math.min(...all.wide.kept))}, mean ${pct(mean(all.wide.kept))}; headlines cut ${all.wide.cut}; extended ${all.wide.extended}`,
      `  targets 9:16 or taller (${all.tall.outputs} outputs): kept worst ${pct(Math.min(...all.tall.kept))}, mean ${pct(mean(all.tall.kept))}; headlines cut ${all.tall.cut}; extended ${all.tall.extended}`,
      `  headlines cut (partly shown) of ${all.cutLines.headlines}: content-aware ${all.cutLines.ai}, centred crop ${all.cutLines.centre}`,
      `  analysis time per banner: mean ${mean(all.analyseMs).toFixed(0)} ms, slowest ${Math.max(...all.analyseMs).toFixed(0)} ms`,
      `  target: >= 98 % kept on every output — ${Math.min(...all.ai) >= 0.98 ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
}
