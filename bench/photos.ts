/**
 * Real photos for the benchmark, none made here: wallpapers and sample images from Debian packages,
 * fetched with `apt-get download` and unpacked with `dpkg-deb -x` into bench/.cache.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { admitImage, ImageError, inspectImage, largestAdmitted } from '@social-resizer/engine';

export const CACHE = new URL('./.cache/', import.meta.url).pathname;

export interface Photo {
  name: string;
  path: string;
  note: string;
}

const WANTED: Array<{ pkg: string; file: string; note: string }> = [
  { pkg: 'ukui-wallpapers', file: 'usr/share/backgrounds/2004default.jpg', note: 'JPEG baseline 4:4:4, 3840×2400' },
  { pkg: 'ukui-wallpapers', file: 'usr/share/backgrounds/rhythm.jpg', note: 'JPEG progressive 4:4:4, 3840×2400' },
  {
    pkg: 'lomiri-wallpapers-20.04',
    file: 'usr/share/backgrounds/Fossa_by_Jasper_Roks.jpg',
    note: 'JPEG baseline 4:4:4, 4096×2304',
  },
  { pkg: 'ukui-wallpapers', file: 'usr/share/backgrounds/calla.png', note: 'PNG RGB, 3700×2400' },
  {
    pkg: 'python3-skimage',
    file: 'usr/lib/python3/dist-packages/skimage/data/astronaut.png',
    note: 'PNG RGB, 512×512',
  },
  { pkg: 'python3-skimage', file: 'usr/lib/python3/dist-packages/skimage/data/logo.png', note: 'PNG with alpha' },
  { pkg: 'gnome-backgrounds', file: 'usr/share/backgrounds/gnome/adwaita-l.webp', note: 'WebP, 4096×4096' },
  {
    pkg: 'lomiri-wallpapers-20.04',
    file: 'usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg',
    note: 'JPEG baseline 4:2:2, 6028×3391',
  },
];

/** A Debian package unpacked into the cache (downloaded with apt-get the first time); its directory. */
export function unpack(pkg: string): string {
  const dir = join(CACHE, pkg);
  if (existsSync(dir)) return dir;
  mkdirSync(CACHE, { recursive: true });
  const before = new Set(readdirSync(CACHE));
  execFileSync('apt-get', ['download', pkg], { cwd: CACHE, stdio: 'ignore' });
  const deb = readdirSync(CACHE).find((f) => f.endsWith('.deb') && !before.has(f) && f.startsWith(pkg));
  if (!deb) throw new Error(`apt-get download ${pkg} gave no .deb (run 'apt-get update' first?)`);
  execFileSync('dpkg-deb', ['-x', join(CACHE, deb), dir]);
  return dir;
}

/** One photo of the list, fetched if need be; null when apt-get cannot get its package. */
export function fetchPhoto(name: string): Photo | null {
  const wanted = WANTED.find((w) => w.file.endsWith(`/${name}`));
  if (!wanted) throw new Error(`no photo ${name} in the list`);
  try {
    unpack(wanted.pkg);
  } catch {
    return null;
  }
  const path = join(CACHE, wanted.pkg, wanted.file);
  return existsSync(path) ? { name, path, note: wanted.note } : null;
}

export function fetchPhotos(): Photo[] {
  const photos: Photo[] = [];
  for (const wanted of WANTED) {
    try {
      unpack(wanted.pkg);
    } catch (error) {
      console.warn(`skipping ${wanted.file}: ${(error as Error).message}`);
      continue;
    }
    const path = join(CACHE, wanted.pkg, wanted.file);
    if (existsSync(path)) photos.push({ name: wanted.file.split('/').pop() ?? wanted.file, path, note: wanted.note });
  }
  return photos;
}

/**
 * `source` cut to `width` × `height` as a phone stores a photo (baseline 4:2:0 at quality 92, sideways
 * with EXIF orientation 6), made once into the cache under `name`; its path.
 */
async function asPhoneStoresIt(source: Photo, width: number, height: number, name: string): Promise<string> {
  const path = join(CACHE, name);
  if (!existsSync(path))
    writeFileSync(
      path,
      await sharp(source.path)
        .resize(width, height, { fit: 'cover' })
        .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
  return path;
}

/**
 * A 12 MP phone photo as a phone stores it, made from Kleiber: 4032×3024 baseline 4:2:0 at quality
 * 92 (about 2 MB), EXIF orientation 6 (upright 3024×4032).
 */
export async function phonePhoto(photos: Photo[]): Promise<Photo[]> {
  const source = photos.find((p) => p.name.startsWith('Kleiber'));
  if (!source) return [];
  const name = 'phone-12mp-4032x3024-orientation6.jpg';
  const path = await asPhoneStoresIt(source, 4032, 3024, name);
  return [{ name, path, note: 'JPEG baseline 4:2:0, 12.2 MP phone photo (orientation 6), from Kleiber' }];
}

/**
 * The largest images the API accepts, made from the biggest real photo (Kleiber, 6028×3391) by
 * scaling it to the admission limit of its kind: a baseline 4:2:0 JPEG (what phones write) and a
 * progressive 4:2:0 JPEG (whose decode keeps every coefficient); a 24 MP PNG; and a 48 MP phone
 * photo as a phone stores it: 8064×6048 baseline 4:2:0, EXIF orientation 6 (upright 6048×8064).
 */
export async function largestAccepted(photos: Photo[]): Promise<Photo[]> {
  const source = photos.find((p) => p.name.startsWith('Kleiber'));
  if (!source) return [];
  const made: Photo[] = [];
  for (const progressive of [false, true]) {
    const options = { quality: 90, progressive, chromaSubsampling: '4:2:0' } as const;
    const kind = progressive ? 'progressive' : 'baseline';
    let limit = largestAdmitted(inspectImage(await sharp(source.path).resize(64).jpeg(options).toBuffer()));
    // The budget counts the file beside its decode, so a small file's limit can be past what the
    // full-size file is admitted at: the limit is narrowed on the file made until it is admitted.
    for (let tries = 0; tries < 4; tries++) {
      const name = `kleiber-largest-${kind}-${limit.width}x${limit.height}.jpg`;
      const path = join(CACHE, name);
      if (!existsSync(path))
        writeFileSync(
          path,
          await sharp(source.path).resize(limit.width, limit.height, { fit: 'fill' }).jpeg(options).toBuffer(),
        );
      const info = inspectImage(new Uint8Array(readFileSync(path)));
      try {
        admitImage(info);
      } catch (error) {
        if (!(error instanceof ImageError)) throw error; // only a refusal narrows the limit
        limit = largestAdmitted(info);
        continue;
      }
      const note = `largest accepted ${kind} 4:2:0 JPEG, ${limit.width}×${limit.height}, scaled from Kleiber`;
      made.push({ name, path, note });
      break;
    }
  }
  const phone = await asPhoneStoresIt(source, 8064, 6048, 'phone-48mp-8064x6048-orientation6.jpg');
  const png = join(CACHE, 'kleiber-24mp-6000x4000.png');
  if (!existsSync(png))
    writeFileSync(png, await sharp(source.path).resize(6000, 4000, { fit: 'cover' }).png().toBuffer());
  made.push({ name: 'kleiber-24mp-6000x4000.png', path: png, note: '24 MP PNG RGB, 6000×4000, from Kleiber' });
  const adam7 = join(CACHE, 'kleiber-24mp-6000x4000-interlaced.png');
  if (!existsSync(adam7))
    writeFileSync(
      adam7,
      await sharp(source.path).resize(6000, 4000, { fit: 'cover' }).png({ progressive: true }).toBuffer(),
    );
  made.push({
    name: 'kleiber-24mp-6000x4000-interlaced.png',
    path: adam7,
    note: '24 MP interlaced (Adam7) PNG RGB, 6000×4000, from Kleiber',
  });
  // A WebP photo as large as phones take them (libwebp crops and scales as it decodes).
  for (const [width, height] of [[6000, 4000]] as const) {
    const mp = Math.round((width * height) / 1e6);
    const name = `webp-${mp}mp-${width}x${height}.webp`;
    const path = join(CACHE, name);
    if (!existsSync(path))
      writeFileSync(
        path,
        await sharp(source.path).resize(width, height, { fit: 'cover' }).webp({ quality: 85 }).toBuffer(),
      );
    made.push({ name, path, note: `${mp} MP lossy WebP, ${width}×${height}, from Kleiber` });
  }
  made.push({
    name: 'phone-48mp-8064x6048-orientation6.jpg',
    path: phone,
    note: '48 MP phone photo, baseline 4:2:0, 8064×6048 stored with EXIF orientation 6',
  });
  return made;
}

/** A 12 MP group photo (4000×3000 JPEG at quality 90), made from bench/eval's pair of portraits; its path. */
export async function groupPhoto(): Promise<string> {
  const path = join(CACHE, 'group-12mp-4000x3000.jpg');
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(
      path,
      await sharp(join(import.meta.dirname, 'eval/photos/obama-biden-pair.jpg'))
        .resize(4000, 3000, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return path;
}
