/**
 * `npm run bench -- detection`: intelligent resizing measured on real photos of people and real
 * typeset text (bench/eval/README.md), beside the centred crop, smartcrop.js, the saliency analysis
 * and the planner before the fill-first order, all in the same run:
 *   banners: every banner made from the set (bench/eval/banners.ts) converted to every banner
 *     format of the other platforms; faces and the headline whole in the crop and in the target's
 *     safe zone, every line, cards and side panels kept, outputs extended, backdrop share of the
 *     output area; the floor (no crop can keep the primary subject in the safe zone and the rest in
 *     the frame) and the least backdrop any framing that keeps them can have;
 *   the Single Image tool's first framing of every format: centred at the default zoom before,
 *     planned now; every face and the headline whole;
 *   profile pictures: every portrait converted to every profile format; the face centre's distance
 *     from the output's centre in circle radii, and the face inside the circle;
 *   detection: time and peak memory per photo, faces found against the ground truth, designed
 *     lines and panels found on the banners.
 * Printed for the tuning photos, the held-out ones and all, with the goals of docs/product.md.
 */
import sharp from 'sharp';
import { BANNER_FORMATS, PLATFORM_FORMATS, PROFILE_FORMATS, type PlatformFormat } from '../shared/formats';
import { firstFraming } from '../shared/auto-framing';
import { centredCrop, unionOf } from '@social-resizer/engine/plan/crop';
import { CROWD_FACE, panelKept, PRIMARY_FACE } from '@social-resizer/engine/plan/detection';
import { cropHolds } from '@social-resizer/engine/plan/framing';
import { DEFAULT_ZOOM } from '../app/features/single-image/rules';
import { safeRect, type CropRect, type Picture } from '@social-resizer/engine';
import { makeBanners, type Banner } from './eval/banners';
import { detectionOf, METHODS } from './eval/methods';
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
 * engine/plan/crop.ts safeRect), else the whole frame (the planner's own 3 % margin is a preference).
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
  headlineCrop: number;
  headlineSafe: number;
  textCrop: number;
  withCard: number;
  cardKept: number;
  withBorderPanel: number;
  borderPanelKept: number;
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
  headlineCrop: 0,
  headlineSafe: 0,
  textCrop: 0,
  withCard: 0,
  cardKept: 0,
  withBorderPanel: 0,
  borderPanelKept: 0,
  extended: 0,
  backdrop: 0,
});
const profileTally = (): ProfileTally => ({ outputs: 0, errors: [], inside: 0, extended: 0 });

type Groups<T> = Record<Split | 'all', T>;
const groups = <T>(make: () => T): Groups<T> => ({ tuning: make(), 'held-out': make(), all: make() });

/**
 * The set's floor: outputs for which no crop of the target's shape inside the picture keeps the
 * primary subject (the faces at least PRIMARY_FACE of the largest, the headline) whole in the safe
 * zone and the rest (the other faces, the other line, the panel) whole in the frame: a planner that
 * never cuts them must extend at least these. And the least backdrop any framing can have that
 * keeps every face and the headline whole in the frame (no safe zone, no margins, the picture
 * fitted whole at most): what a planner that keeps them cannot go below. And the least a framing
 * that also keeps the primary subject in the safe zone can have, where the safe zone gives way
 * only past the picture fitted whole, as the planner's does (leastBackdrops).
 */
const floor = groups(() => ({ outputs: 0, mustExtend: 0, leastBackdrop: 0, leastSafe: 0 }));

/** Held-out banners per target: where the backdrop comes from (ours beside the least any framing keeping the faces and headline can have). */
const perTarget = new Map<
  string,
  { outputs: number; mustExtend: number; least: number; extended: number; backdrop: number }
>();
const targetRow = (target: PlatformFormat) => {
  const key = `${target.platform} ${target.format}`;
  let row = perTarget.get(key);
  if (!row) perTarget.set(key, (row = { outputs: 0, mustExtend: 0, least: 0, extended: 0, backdrop: 0 }));
  return row;
};

/** The ground truth ranked as the planner ranks what it finds (engine/plan/detection.ts). */
function primaryOf(banner: Banner) {
  const tallest = Math.max(0, ...banner.faces.map((f) => f.height));
  const [headline, ...others] = banner.lines;
  return {
    must: [...banner.faces.filter((f) => f.height >= PRIMARY_FACE * tallest), ...(headline ? [headline] : [])],
    whole: [
      ...banner.faces.filter((f) => f.height < PRIMARY_FACE * tallest && f.height >= CROWD_FACE * tallest),
      ...others,
      ...banner.panels.map((p) => panelKept(p, banner.lines, banner)),
    ],
    soft: [],
  };
}

/** A card lies inside the picture; the other panels run off it (the plain side of a split banner). */
const isCard = (panel: Box, banner: Banner) =>
  panel.x > 0.5 &&
  panel.y > 0.5 &&
  panel.x + panel.width < banner.width - 0.5 &&
  panel.y + panel.height < banner.height - 0.5;

/**
 * The least backdrop keeping every face and the headline whole in the frame (`inFrame`), and
 * keeping the primary subject in the target's safe zone as well (`inSafeZone`), up to the picture
 * fitted whole along one axis, past which the planner lets the safe zone give way
 * (docs/decisions/0021-fill-the-frame.md): ground truth, no margins, placed as kindly as the
 * picture allows, so no planner that keeps them (and rule 1 of filling the frame) can go below it.
 */
function leastBackdrops(banner: Banner, target: PlatformFormat): { inFrame: number; inSafeZone: number } {
  const boxes = [...banner.faces, ...banner.lines.slice(0, 1)];
  if (boxes.length === 0) return { inFrame: 0, inSafeZone: 0 };
  const all = unionOf(boxes);
  const inFrame = [all.width / target.width, all.height / target.height];
  const { must } = primaryOf(banner);
  const subject = unionOf(must);
  const safe = safeIn({ x: 0, y: 0, width: target.width, height: target.height }, target);
  const fitted = Math.max(banner.width / target.width, banner.height / target.height);
  const inSafeZone = Math.min(fitted, Math.max(subject.width / safe.width, subject.height / safe.height));
  return {
    inFrame: backdropAt(banner, target, ...inFrame),
    inSafeZone: backdropAt(banner, target, ...inFrame, inSafeZone),
  };
}

/**
 * The backdrop of the least canvas at a scale of at least each of `scales` (picture pixels a
 * target pixel), placed to show as much of the picture as it can: none while a crop of that scale
 * fits inside the picture.
 */
function backdropAt(banner: Banner, target: PlatformFormat, ...scales: number[]): number {
  const u = Math.max(Math.min(banner.width / target.width, banner.height / target.height), ...scales);
  const visible = Math.min(banner.width, target.width * u) * Math.min(banner.height, target.height * u);
  return 1 - visible / (target.width * target.height * u * u);
}

/**
 * The Single Image tool's first framing of every format of the catalogue but the profile circles
 * (framed on one face, measured apart): before, the centred crop at the default zoom; now, the
 * planned one (shared/auto-framing.ts firstFraming, as the app opens its cropper).
 */
interface SingleTally {
  outputs: number;
  withFaces: number;
  facesWhole: number;
  withHeadline: number;
  headlineWhole: number;
  extended: number;
  backdrop: number;
}
const singleTally = (): SingleTally => ({
  outputs: 0,
  withFaces: 0,
  facesWhole: 0,
  withHeadline: 0,
  headlineWhole: 0,
  extended: 0,
  backdrop: 0,
});
const single = { before: groups(singleTally), ours: groups(singleTally) };
const SINGLE_FORMATS = PLATFORM_FORMATS.filter((f) => !f.profile);

function benchSingle(picture: Picture, split: Split, faces: Box[], headline: Box | undefined) {
  const detection = detectionOf(picture);
  for (const format of SINGLE_FORMATS) {
    const framings = {
      before: centredCrop(picture, format, DEFAULT_ZOOM),
      ours: firstFraming(picture, detection, format),
    };
    for (const name of ['before', 'ours'] as const) {
      const crop = framings[name];
      const { extended, backdrop } = extendedBy(crop, picture);
      for (const t of [single[name][split], single[name].all]) {
        t.outputs += 1;
        if (faces.length > 0) {
          t.withFaces += 1;
          if (faces.every((f) => contains(crop, f))) t.facesWhole += 1;
        }
        if (headline) {
          t.withHeadline += 1;
          if (contains(crop, headline)) t.headlineWhole += 1;
        }
        if (extended) t.extended += 1;
        t.backdrop += backdrop;
      }
    }
  }
}

async function benchBanner(banner: Banner, banners: Map<string, Groups<BannerTally>>, found: FoundTally) {
  const picture = await pictureOf(banner.png);
  const targets = BANNER_FORMATS.filter((f) => f.platform !== banner.source.platform);
  const ranked = primaryOf(banner);
  for (const target of targets) {
    const zone = safeIn({ x: 0, y: 0, width: target.width, height: target.height }, target);
    const held = cropHolds(banner, ranked, target, zone);
    const { inFrame: least, inSafeZone: leastSafe } = leastBackdrops(banner, target);
    for (const t of [floor[banner.photo.split], floor.all]) {
      t.outputs += 1;
      if (!held) t.mustExtend += 1;
      t.leastBackdrop += least;
      t.leastSafe += leastSafe;
    }
    if (banner.photo.split === 'held-out') {
      const row = targetRow(target);
      row.outputs += 1;
      if (!held) row.mustExtend += 1;
      row.least += least;
    }
  }
  // Detected once, as an upload is; every method that reads it reads this one (methods.ts).
  const started = performance.now();
  const detection = detectionOf(picture);
  found.ms.push(performance.now() - started);
  const designed = detection.text.filter((l) => l.designed !== false);
  const lines = matches(banner.lines, designed, 0.5);
  found.truth += banner.lines.length;
  found.hit += lines.hit;
  found.falsePositives += lines.falsePositives;
  found.sceneText += detection.text.length - designed.length;
  const panels = matches(banner.panels, detection.panels ?? [], 0.8);
  found.panels += banner.panels.length;
  found.panelsHit += panels.hit;
  found.panelsFalse += panels.falsePositives;
  for (const { name, method } of METHODS) {
    const planned = await method(picture);
    const tally = banners.get(name) as Groups<BannerTally>;
    for (const target of targets) {
      const { crop } = await planned.banner(target);
      const safe = safeIn(crop, target);
      const { extended, backdrop } = extendedBy(crop, banner);
      const headline = banner.lines[0];
      for (const t of [tally[banner.photo.split], tally.all]) {
        t.outputs += 1;
        if (banner.faces.length > 0) {
          t.withFaces += 1;
          if (banner.faces.every((f) => contains(crop, f))) t.facesCrop += 1;
          if (banner.faces.every((f) => contains(safe, f))) t.facesSafe += 1;
        }
        if (headline) {
          t.withText += 1;
          if (contains(crop, headline)) t.headlineCrop += 1;
          if (contains(safe, headline)) t.headlineSafe += 1;
          if (banner.lines.every((l) => contains(crop, l))) t.textCrop += 1;
        }
        for (const panel of banner.panels)
          if (isCard(panel, banner)) {
            t.withCard += 1;
            if (contains(crop, panel)) t.cardKept += 1;
          } else {
            t.withBorderPanel += 1;
            if (contains(crop, panelKept(panel, banner.lines, banner))) t.borderPanelKept += 1;
          }
        if (extended) t.extended += 1;
        t.backdrop += backdrop;
      }
      if (name === 'ours' && banner.photo.split === 'held-out') {
        const row = targetRow(target);
        if (extended) row.extended += 1;
        row.backdrop += backdrop;
      }
    }
  }
  benchSingle(picture, banner.photo.split, banner.faces, banner.lines[0]);
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

type FoundTally = {
  truth: number;
  hit: number;
  falsePositives: number;
  sceneText: number;
  panels: number;
  panelsHit: number;
  panelsFalse: number;
  ms: number[];
};

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
    const detection = detectionOf(picture);
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
    benchSingle(picture, photo.split, photo.faces, undefined);
  }

  const banners = new Map(METHODS.map((m) => [m.name, groups(bannerTally)]));
  const found: FoundTally = {
    truth: 0,
    hit: 0,
    falsePositives: 0,
    sceneText: 0,
    panels: 0,
    panelsHit: 0,
    panelsFalse: 0,
    ms: [],
  };
  let made = 0;
  for (const [index, photo] of photos.entries()) {
    for (const banner of await makeBanners(photo, index)) {
      made += 1;
      await benchBanner(banner, banners, found);
    }
  }

  const outputs = (banners.get('ours') as Groups<BannerTally>).all.outputs;
  const splits = ['tuning', 'held-out', 'all'] as const;
  console.log(
    `\nBanners: ${made} banners (4 source shapes; tuning photos' text in DejaVu Sans, held-out photos' in DejaVu Serif, never tuned on) × the banner formats of the other platforms = ${outputs} outputs per method. Whole: in the crop / in the safe zone; card: all four corners of the card behind the text in the crop; side panel: the text with the panel's edge inside the picture`,
  );
  console.log(
    `  ${'method'.padEnd(13)} ${'group'.padEnd(8)} ${'outputs'.padStart(7)}  faces whole       headline whole    all text   card kept  side panel  extended   backdrop`,
  );
  for (const [name, tally] of banners)
    for (const split of splits) {
      const t = tally[split];
      console.log(
        `  ${name.padEnd(13)} ${split.padEnd(8)} ${String(t.outputs).padStart(7)}  ${pct(t.facesCrop, t.withFaces)} / ${pct(t.facesSafe, t.withFaces)}  ${pct(t.headlineCrop, t.withText)} / ${pct(t.headlineSafe, t.withText)}  ${pct(t.textCrop, t.withText)}  ${pct(t.cardKept, t.withCard)}   ${pct(t.borderPanelKept, t.withBorderPanel)}   ${pct(t.extended, t.outputs)}  ${pct(t.backdrop, t.outputs)}`,
      );
    }
  for (const split of splits)
    console.log(
      `  floor ${split.padEnd(8)}: no crop keeps the primary subject (faces, headline) in the safe zone and the rest in the frame: ${pct(floor[split].mustExtend, floor[split].outputs)} of outputs; least backdrop keeping every face and the headline whole in the frame: ${pct(floor[split].leastBackdrop, floor[split].outputs)}, and the primary subject in the safe zone too: ${pct(floor[split].leastSafe, floor[split].outputs)}`,
    );

  console.log(
    '\n  held-out by target (ours; floor and least backdrop as above), largest share of the mean backdrop first:',
  );
  const heldOut = floor['held-out'].outputs;
  for (const [key, r] of [...perTarget].sort(([, a], [, b]) => b.backdrop - a.backdrop))
    console.log(
      `    ${key.padEnd(32)} ${String(r.outputs).padStart(4)} outputs  extended ${pct(r.extended, r.outputs)} (floor ${pct(r.mustExtend, r.outputs)})  backdrop ${pct(r.backdrop, r.outputs)} (least ${pct(r.least, r.outputs)})  share of the mean ${pct(r.backdrop, heldOut)}`,
    );

  console.log(
    `\nSingle Image tool, first framing: every photo and banner × the ${SINGLE_FORMATS.length} formats that are not profile pictures; before: centred at zoom ${DEFAULT_ZOOM}, ours: planned (firstFraming)`,
  );
  console.log(
    `  ${'framing'.padEnd(13)} ${'group'.padEnd(8)} ${'outputs'.padStart(7)}  faces whole  headline whole  extended   backdrop`,
  );
  for (const name of ['before', 'ours'] as const)
    for (const split of splits) {
      const t = single[name][split];
      console.log(
        `  ${name.padEnd(13)} ${split.padEnd(8)} ${String(t.outputs).padStart(7)}  ${pct(t.facesWhole, t.withFaces)}      ${pct(t.headlineWhole, t.withHeadline)}        ${pct(t.extended, t.outputs)}  ${pct(t.backdrop, t.outputs)}`,
      );
    }

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
    `  designed text lines on banners: recall ${pct(found.hit, found.truth)} (${found.hit}/${found.truth}), false positives ${found.falsePositives}, lines judged scene text ${found.sceneText}; panels found at IoU >= 0.8: ${found.panelsHit}/${found.panels}, false ${found.panelsFalse}; time per banner mean ${mean(found.ms).toFixed(0)} ms, slowest ${Math.max(0, ...found.ms).toFixed(0)} ms`,
  );
  console.log(
    '\nGoals (docs/product.md, "Intelligent resizing"): faces whole >= 98 % and headline whole >= 99 % (single tool and banners); banners extended at most 5 points above the floor, backdrop <= 8 %; cards kept >= 87 %; profile error 0.08 r, inside 100 %',
  );
  console.log(`Bench time: ${((performance.now() - began) / 1000).toFixed(0)} s`);
}
