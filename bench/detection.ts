/**
 * `npm run bench -- detection`: intelligent resizing measured on real photos of people and real
 * typeset text (bench/eval/README.md), beside the centred crop and smartcrop.js.
 *   banners: every banner made from the set (bench/eval/banners.ts) converted to every banner
 *     format of the other platforms; faces and text lines kept whole in the crop and in the
 *     target's safe zone, outputs extended, backdrop share of the output area;
 *   profile pictures: every portrait converted to every profile format; the face centre's distance
 *     from the output's centre in circle radii, and the face inside the circle;
 *   detection: time and peak memory per photo, faces found against the ground truth, text lines
 *     found on the banners.
 * Printed for the tuning photos, the held-out ones and all, with the targets of docs/product.md.
 */
import sharp from 'sharp';
import { BANNER_FORMATS, PROFILE_FORMATS, type PlatformFormat } from '../shared/formats';
import { holdingRange, unionOf } from '../shared/crop';
import { safeRect, type CropRect, type Picture } from '../worker/imaging';
import { makeBanners, type Banner } from './eval/banners';
import { METHODS, ours } from './eval/methods';
import { evalPhotos, type Box, type EvalPhoto, type Split } from './eval/set';
import { PeakMemory } from './memory';

const TOLERANCE = 0.5;

const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x - TOLERANCE &&
  inner.y >= outer.y - TOLERANCE &&
  inner.x + inner.width <= outer.x + outer.width + TOLERANCE &&
  inner.y + inner.height <= outer.y + outer.height + TOLERANCE;

/**
 * The target's safe zone in picture pixels for this crop: the catalogue's (a platform's overlay:
 * shared/crop.ts safeRect), else the whole frame (the planner's own 3 % margin is a preference).
 */
function safeIn(crop: CropRect, target: PlatformFormat): Box {
  const scale = crop.width / target.width;
  const overlay = target.safeZone?.shape === 'rect' || target.safeZone?.shape === 'circle';
  const safe = overlay ? safeRect(target) : { x: 0, y: 0, width: target.width, height: target.height };
  return {
    x: crop.x + safe.x * scale,
    y: crop.y + safe.y * scale,
    width: safe.width * scale,
    height: safe.height * scale,
  };
}

function extendedBy(crop: CropRect, picture: { width: number; height: number }) {
  const x0 = Math.max(0, crop.x);
  const y0 = Math.max(0, crop.y);
  const x1 = Math.min(picture.width, crop.x + crop.width);
  const y1 = Math.min(picture.height, crop.y + crop.height);
  const visible = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return {
    extended:
      crop.x < -TOLERANCE ||
      crop.y < -TOLERANCE ||
      crop.x + crop.width > picture.width + TOLERANCE ||
      crop.y + crop.height > picture.height + TOLERANCE,
    backdrop: Math.max(0, 1 - visible / (crop.width * crop.height)),
  };
}

/** The GT face box's inscribed ellipse wholly inside the output's inscribed circle (72 points on it). */
function ellipseInCircle(face: Box, crop: CropRect): boolean {
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  const r = Math.min(crop.width, crop.height) / 2;
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * 2 * Math.PI;
    const x = face.x + face.width / 2 + (Math.cos(a) * face.width) / 2;
    const y = face.y + face.height / 2 + (Math.sin(a) * face.height) / 2;
    if (Math.hypot(x - cx, y - cy) > r + TOLERANCE) return false;
  }
  return true;
}

const iou = (a: Box, b: Box) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  return inter / (a.width * a.height + b.width * b.height - inter);
};

/** Greedy one-to-one matches of found boxes to ground truth at IoU >= `at`. */
function matches(truth: Box[], found: Box[], at: number) {
  const used = new Set<number>();
  let hit = 0;
  for (const t of truth) {
    let best = -1;
    let bestIou = at;
    found.forEach((f, i) => {
      const v = iou(t, f);
      if (!used.has(i) && v >= bestIou) [best, bestIou] = [i, v];
    });
    if (best >= 0) {
      used.add(best);
      hit += 1;
    }
  }
  return { hit, falsePositives: found.length - used.size };
}

async function pictureOf(input: string | Buffer): Promise<Picture> {
  const { data, info } = await sharp(input).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: 3,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

interface BannerTally {
  outputs: number;
  withFaces: number;
  facesCrop: number;
  facesSafe: number;
  withText: number;
  textCrop: number;
  textSafe: number;
  extended: number;
  backdrop: number;
}
interface ProfileTally {
  outputs: number;
  errors: number[];
  inside: number;
  extended: number;
}
const bannerTally = (): BannerTally => ({
  outputs: 0,
  withFaces: 0,
  facesCrop: 0,
  facesSafe: 0,
  withText: 0,
  textCrop: 0,
  textSafe: 0,
  extended: 0,
  backdrop: 0,
});
const profileTally = (): ProfileTally => ({ outputs: 0, errors: [], inside: 0, extended: 0 });

type Groups<T> = Record<Split | 'all', T>;
const groups = <T>(make: () => T): Groups<T> => ({ tuning: make(), 'held-out': make(), all: make() });

/**
 * The set's floor: outputs for which no crop of the target's shape inside the picture holds every
 * ground-truth face and line whole in the safe zone, which any planner that never cuts them must extend.
 */
const floor = groups(() => ({ outputs: 0, mustExtend: 0 }));

async function benchBanner(banner: Banner, banners: Map<string, Groups<BannerTally>>, textFound: TextTally) {
  const picture = await pictureOf(banner.png);
  const targets = BANNER_FORMATS.filter((f) => f.platform !== banner.source.platform);
  const truth = [...banner.faces, ...banner.lines];
  for (const target of targets) {
    const zone = safeIn({ x: 0, y: 0, width: target.width, height: target.height }, target);
    const held = truth.length === 0 || holdingRange(banner, unionOf(truth), target, zone) !== null;
    for (const t of [floor[banner.photo.split], floor.all]) {
      t.outputs += 1;
      if (!held) t.mustExtend += 1;
    }
  }
  for (const { name, method } of METHODS) {
    const started = performance.now();
    const planned = await method(picture);
    if (planned.detection) {
      textFound.ms.push(performance.now() - started);
      const m = matches(banner.lines, planned.detection.text, 0.5);
      textFound.truth += banner.lines.length;
      textFound.hit += m.hit;
      textFound.falsePositives += m.falsePositives;
    }
    const tally = banners.get(name) as Groups<BannerTally>;
    for (const target of targets) {
      const { crop } = await planned.banner(target);
      const safe = safeIn(crop, target);
      const { extended, backdrop } = extendedBy(crop, banner);
      for (const t of [tally[banner.photo.split], tally.all]) {
        t.outputs += 1;
        if (banner.faces.length > 0) {
          t.withFaces += 1;
          if (banner.faces.every((f) => contains(crop, f))) t.facesCrop += 1;
          if (banner.faces.every((f) => contains(safe, f))) t.facesSafe += 1;
        }
        if (banner.lines.length > 0) {
          t.withText += 1;
          if (banner.lines.every((l) => contains(crop, l))) t.textCrop += 1;
          if (banner.lines.every((l) => contains(safe, l))) t.textSafe += 1;
        }
        if (extended) t.extended += 1;
        t.backdrop += backdrop;
      }
    }
  }
}

async function benchProfile(photo: EvalPhoto, picture: Picture, profiles: Map<string, Groups<ProfileTally>>) {
  const face = photo.faces[0] as Box;
  for (const { name, method } of METHODS) {
    const planned = await method(picture);
    for (const target of PROFILE_FORMATS) {
      const { crop, extended } = await planned.profile(target);
      const r = Math.min(crop.width, crop.height) / 2;
      const error =
        Math.hypot(
          face.x + face.width / 2 - (crop.x + crop.width / 2),
          face.y + face.height / 2 - (crop.y + crop.height / 2),
        ) / r;
      const inside = target.safeZone?.shape === 'circle' ? ellipseInCircle(face, crop) : contains(crop, face);
      const tally = profiles.get(name) as Groups<ProfileTally>;
      for (const t of [tally[photo.split], tally.all]) {
        t.outputs += 1;
        t.errors.push(error);
        if (inside) t.inside += 1;
        if (extended) t.extended += 1;
      }
    }
  }
}

type TextTally = { truth: number; hit: number; falsePositives: number; ms: number[] };

const pct = (n: number, d: number) => (d === 0 ? '   -   ' : `${((n / d) * 100).toFixed(1).padStart(5)} %`);
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);

export async function benchDetection(): Promise<void> {
  const began = performance.now();
  const photos = evalPhotos().filter(
    (p) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').some((n) => p.name.includes(n)),
  );
  const people = photos.filter((p) => p.faces.length > 0);
  console.log(
    `Intelligent resizing on real photos: ${photos.length} photos (${photos.filter((p) => p.kind === 'group').length} group, ${photos.filter((p) => p.kind === 'portrait').length} portraits, ${photos.filter((p) => p.kind === 'none').length} without people; ${photos.filter((p) => p.split === 'tuning').length} tuning), ${people.reduce((n, p) => n + p.faces.length, 0)} faces checked by eye`,
  );

  // Detection per photo: time, peak memory, faces found.
  console.log(
    '\nDetection per photo (ours): time, peak memory (JS heap + array buffers + WASM), faces found / ground truth, false positives',
  );
  const faceFound = groups(() => ({ truth: 0, hit: 0, falsePositives: 0 }));
  const profiles = new Map(METHODS.map((m) => [m.name, groups(profileTally)]));
  for (const photo of photos) {
    const picture = await pictureOf(photo.path);
    const memory = new PeakMemory();
    await memory.start();
    const started = performance.now();
    const { detection } = await ours(picture);
    const ms = performance.now() - started;
    const peak = memory.stop();
    const m = matches(photo.faces, detection?.faces ?? [], 0.3);
    for (const t of [faceFound[photo.split], faceFound.all]) {
      t.truth += photo.faces.length;
      t.hit += m.hit;
      t.falsePositives += m.falsePositives;
    }
    console.log(
      `  ${photo.name.padEnd(26)} ${photo.split.padEnd(8)} ${`${picture.width}×${picture.height}`.padEnd(10)} ${ms.toFixed(0).padStart(5)} ms ${peak.toFixed(1).padStart(6)} MB  faces ${m.hit}/${photo.faces.length}, false ${m.falsePositives}`,
    );
    if (photo.kind === 'portrait') await benchProfile(photo, picture, profiles);
  }

  const banners = new Map(METHODS.map((m) => [m.name, groups(bannerTally)]));
  const textFound: TextTally = { truth: 0, hit: 0, falsePositives: 0, ms: [] };
  let made = 0;
  for (const [index, photo] of photos.entries()) {
    for (const banner of await makeBanners(photo, index)) {
      made += 1;
      await benchBanner(banner, banners, textFound);
    }
  }

  const outputs = (banners.get('ours') as Groups<BannerTally>).all.outputs;
  console.log(
    `\nBanners: ${made} banners (4 source shapes, text in DejaVu Sans) × the banner formats of the other platforms = ${outputs} outputs per method`,
  );
  console.log(
    `  ${'method'.padEnd(13)} ${'group'.padEnd(8)} ${'outputs'.padStart(7)}  faces whole: crop / safe zone   text whole: crop / safe zone   extended   backdrop`,
  );
  for (const [name, tally] of banners)
    for (const split of ['tuning', 'held-out', 'all'] as const) {
      const t = tally[split];
      console.log(
        `  ${name.padEnd(13)} ${split.padEnd(8)} ${String(t.outputs).padStart(7)}  ${pct(t.facesCrop, t.withFaces)} / ${pct(t.facesSafe, t.withFaces)}          ${pct(t.textCrop, t.withText)} / ${pct(t.textSafe, t.withText)}        ${pct(t.extended, t.outputs)}  ${pct(t.backdrop, t.outputs)}`,
      );
    }

  console.log(
    `  floor: no crop inside the picture holds every face and line whole in the safe zone, so a planner that never cuts them extends at least: tuning ${pct(floor.tuning.mustExtend, floor.tuning.outputs)}, held-out ${pct(floor['held-out'].mustExtend, floor['held-out'].outputs)}, all ${pct(floor.all.mustExtend, floor.all.outputs)}`,
  );

  const circles = PROFILE_FORMATS.filter((f) => f.safeZone?.shape === 'circle').length;
  console.log(
    `\nProfile pictures: the portraits × ${PROFILE_FORMATS.length} profile formats (${circles} circles, ${PROFILE_FORMATS.length - circles} square); error = distance of the face centre from the output centre / radius; inside = the face box's inscribed ellipse inside the circle (square formats: the face box inside the output)`,
  );
  for (const [name, tally] of profiles)
    for (const split of ['tuning', 'held-out', 'all'] as const) {
      const t = tally[split];
      console.log(
        `  ${name.padEnd(13)} ${split.padEnd(8)} ${String(t.outputs).padStart(4)} outputs  error mean ${mean(t.errors).toFixed(2)} r, p95 ${p95(t.errors).toFixed(2)} r   inside ${pct(t.inside, t.outputs)}   extended ${pct(t.extended, t.outputs)}`,
      );
    }

  console.log('\nDetection found (ours): faces matched at IoU >= 0.3, text lines at IoU >= 0.5');
  for (const split of ['tuning', 'held-out', 'all'] as const) {
    const f = faceFound[split];
    console.log(
      `  faces ${split.padEnd(8)} recall ${pct(f.hit, f.truth)} (${f.hit}/${f.truth}), false positives ${f.falsePositives}`,
    );
  }
  console.log(
    `  text lines on banners: recall ${pct(textFound.hit, textFound.truth)} (${textFound.hit}/${textFound.truth}), false positives ${textFound.falsePositives}; time per banner mean ${mean(textFound.ms).toFixed(0)} ms, slowest ${Math.max(0, ...textFound.ms).toFixed(0)} ms`,
  );
  console.log(
    '\nTargets (docs/product.md): faces whole >= 98 %, text whole >= 99 %, extended <= 15 % of outputs, backdrop <= 5 % of all output area, profile error <= 0.20 r, inside >= 95 %',
  );
  console.log(`Bench time: ${((performance.now() - began) / 1000).toFixed(0)} s`);
}
