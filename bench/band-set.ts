/**
 * The band test's photos (bench/band.ts): real photographs from Debian wallpaper packages, fetched
 * with `apt-get download` into bench/.cache when the bench runs (bench/photos.ts), never committed.
 * Tuning photos were looked at while the extension was tuned; held-out ones were only measured.
 * Licences: lomiri-wallpapers-16.04 (CC-BY-4.0, CC-BY-SA-4.0 and CC0-1.0, each photo's author in
 * its file name), lomiri-wallpapers-20.04 (Kleiber by Lukas Baubkus), mate-backgrounds and
 * plasma-workspace-wallpapers (GPL-2+; authors in the packages' copyright files).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { unpack } from './photos';

export type BandSplit = 'tuning' | 'held-out';

export interface BandPhoto {
  name: string;
  path: string;
  split: BandSplit;
}

const LOMIRI = { pkg: 'lomiri-wallpapers-16.04', dir: 'usr/share/backgrounds' };
const LOMIRI_20 = { pkg: 'lomiri-wallpapers-20.04', dir: 'usr/share/backgrounds' };
const MATE = { pkg: 'mate-backgrounds', dir: 'usr/share/backgrounds/mate/nature' };
const PLASMA = { pkg: 'plasma-workspace-wallpapers', dir: 'usr/share/wallpapers' };

const plasma = (name: string, size: string) => ({ ...PLASMA, file: `${name}/contents/images/${size}.jpg`, name });

const ENTRIES: Array<{ pkg: string; dir: string; file: string; name?: string; split: BandSplit }> = [
  // Tuning: looked at while the extension was tuned.
  { ...LOMIRI, file: 'Bridge_by_Sander_Klootwijk.jpg', split: 'tuning' },
  { ...LOMIRI, file: 'Dragonfly_by_Bolly.jpg', split: 'tuning' },
  { ...LOMIRI, file: 'aitzgorri_by_Aitzol_Berasategi.jpg', split: 'tuning' },
  { ...LOMIRI, file: 'life_by_Aitzol_Berasategi.jpg', split: 'tuning' },
  { ...MATE, file: 'Dune.jpg', split: 'tuning' },
  { ...MATE, file: 'GreenMeadow.jpg', split: 'tuning' },
  { ...plasma('Path', '2560x1600'), split: 'tuning' },
  { ...plasma('EveningGlow', '2560x1600'), split: 'tuning' },
  // Held out: only measured.
  { ...LOMIRI, file: 'Picture_0B_by_freespace.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'Picture_1A_by_freespace.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'Wine_by_Jakkub_Mede.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'free_by_Peter_Nerlich.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'friends_by_Aitzol_Berasategi.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'picosdeeuropa_by_Aitzol_Berasategi.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'seeding_by_Clements_Engelhardt.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'sunset_by_Aitzol_Berasategi.jpg', split: 'held-out' },
  { ...LOMIRI, file: 'analogpattern_by_Peter_Nerlich.jpg', split: 'held-out' },
  { ...LOMIRI_20, file: 'Kleiber_by_Lukas_Baubkus.jpg', split: 'held-out' },
  { ...MATE, file: 'Aqua.jpg', split: 'held-out' },
  { ...MATE, file: 'Blinds.jpg', split: 'held-out' },
  { ...MATE, file: 'Garden.jpg', split: 'held-out' },
  { ...MATE, file: 'LadyBird.jpg', split: 'held-out' },
  { ...MATE, file: 'RainDrops.jpg', split: 'held-out' },
  { ...MATE, file: 'Storm.jpg', split: 'held-out' },
  { ...MATE, file: 'TwoWings.jpg', split: 'held-out' },
  { ...MATE, file: 'Wood.jpg', split: 'held-out' },
  { ...MATE, file: 'YellowFlower.jpg', split: 'held-out' },
  { ...plasma('ColdRipple', '2560x1600'), split: 'held-out' },
  { ...plasma('DarkestHour', '2560x1600'), split: 'held-out' },
  { ...plasma('FallenLeaf', '2560x1600'), split: 'held-out' },
  { ...plasma('Grey', '2560x1600'), split: 'held-out' },
  { ...plasma('Kite', '2560x1600'), split: 'held-out' },
  { ...plasma('OneStandsOut', '2560x1600'), split: 'held-out' },
  { ...plasma('summer_1am', '2560x1600'), split: 'held-out' },
  { ...plasma('ColorfulCups', '2560x1600'), split: 'held-out' },
];

/** Every photo that could be had (a package apt-get cannot fetch is reported and skipped). */
export function bandPhotos(): BandPhoto[] {
  const photos: BandPhoto[] = [];
  for (const entry of ENTRIES) {
    let dir: string;
    try {
      dir = unpack(entry.pkg);
    } catch (error) {
      console.warn(`skipping ${entry.file}: ${(error as Error).message}`);
      continue;
    }
    const path = join(dir, entry.dir, entry.file);
    if (!existsSync(path)) {
      console.warn(`skipping ${entry.file}: not in ${entry.pkg}`);
      continue;
    }
    const name = (entry.name ?? entry.file).replace(/\.jpg$/, '').replace(/_by_.*/, '');
    photos.push({ name, path, split: entry.split });
  }
  return photos;
}
