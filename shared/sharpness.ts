/**
 * When an output enlarges the picture past what looks sharp (docs/product.md, "Low resolution"):
 * a 548×342 photo made into an 800×800 profile picture is stretched 2.3 times and looks soft. The
 * tools say so before the download and beside each result.
 */

/** Output pixels per picture pixel above which the file looks soft (each picture pixel a 1.5 px blur). */
export const SHARP_ENLARGEMENT = 1.5;

type Size = { width: number; height: number };

/** How much a crop of the picture (in its pixels) is enlarged to fill the target. */
export function enlargement(crop: Size, target: Size): number {
  return Math.max(target.width / crop.width, target.height / crop.height);
}

/** The least any framing of the target enlarges the picture: its largest crop of the target's shape. */
export function leastEnlargement(picture: Size, target: Size): number {
  return Math.max(target.width / picture.width, target.height / picture.height);
}

const times = (factor: number) => `${(Math.floor(factor * 10) / 10).toFixed(1)}×`;

/**
 * "Enlarged 2.3× from your picture: it may look soft.", or null where the output looks sharp;
 * `brief` for a result's small card ("Enlarged 2.3×: may look soft").
 */
export function softnessText(factor: number, brief = false): string | null {
  if (!(factor > SHARP_ENLARGEMENT)) return null;
  if (brief) return `Enlarged ${times(factor)}: may look soft`;
  return `Enlarged ${times(factor)} from your picture: it may look soft. A larger original gives a sharper file.`;
}

/**
 * Before many files are made (the adjusters, the batch): how many will enlarge their picture past
 * sharp, at the least any framing enlarges it; null when none will.
 */
export function softFilesText(files: readonly { picture: Size; target: Size }[]): string | null {
  const soft = files.map((f) => leastEnlargement(f.picture, f.target)).filter((f) => f > SHARP_ENLARGEMENT);
  if (soft.length === 0) return null;
  const all = files.length === 1 ? 'The file' : `${soft.length} of the ${files.length} files`;
  return `${all} will enlarge the picture up to ${times(Math.max(...soft))}: ${soft.length === 1 ? 'it' : 'they'} may look soft. A larger original gives sharper files.`;
}
