/**
 * Word search, one way for the Help Center and the format pickers (docs/product.md, "Site pages" and
 * "Format picker"): each word of the query (its plural folded, common little words left out) must
 * begin a word of the entry, in any order; a word naming the entry's platform weighs most, then its
 * title, then its text. So "x header" finds X's header first, and no other platform's header at all.
 */
import type { PlatformFormat } from '../../shared/formats';
import { platformName, PLATFORMS } from '../../shared/platforms';

/** Words a question is made of that say nothing about what is asked. */
const STOPWORDS = new Set(
  'a an and are as at be by can could do does for from get has have how i if in is it its me my of on or should the this to was what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** One word's plural folded into its singular: stories → story, boxes → box, sizes → size. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower-cased words and numbers ("1080x1920" stays whole), each stemmed. */
export function tokenize(text: string): string[] {
  return (text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);
}

/** Every word that names a platform ("x" and "twitter" for X): a one-letter name still counts as a word. */
const PLATFORM_WORDS = new Set(PLATFORMS.flatMap((platform) => tokenize(`${platformName(platform)} ${platform}`)));

/** The query's words that carry meaning: without the little words, unless nothing else is left. */
export function queryWords(query: string): string[] {
  const words = tokenize(query).filter((word) => word.length > 1 || /\d/.test(word) || PLATFORM_WORDS.has(word));
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return [...new Set(meaningful.length > 0 ? meaningful : words)];
}

/** A searchable entry: the platform it belongs to, its title and its text, as words. */
export interface SearchDoc {
  platform?: string[];
  title: string[];
  text: string[];
}

/**
 * How well one query word matches the entry: a whole word beats the start of one ("refund" in
 * "refundable"); the platform beats the title, which beats the text; 0 when it is nowhere.
 */
function wordScore(word: string, doc: SearchDoc): number {
  const match = (words: string[] | undefined) =>
    !words ? 0 : words.includes(word) ? 1 : word.length >= 3 && words.some((w) => w.startsWith(word)) ? 0.6 : 0;
  return Math.max(4 * match(doc.platform), 3 * match(doc.title), match(doc.text));
}

/** The entry's score: the sum over the query's words, or 0 when any word is missing. */
export function score(words: string[], doc: SearchDoc): number {
  let total = 0;
  for (const word of words) {
    const s = wordScore(word, doc);
    if (s === 0) return 0;
    total += s;
  }
  return total;
}

/** A format as search reads it: its platform, its name, and its description, kind, size and ratio. */
export function formatDoc(format: PlatformFormat, kindLabel = ''): SearchDoc {
  return {
    platform: tokenize(`${platformName(format.platform)} ${format.platform}`),
    title: tokenize(format.format),
    text: tokenize(
      `${format.description} ${format.kind} ${kindLabel} ${format.width}x${format.height} ${format.width} ${format.height} ${format.aspectRatio}`,
    ),
  };
}

/** The formats matching every word of `query`, best first (ties keep the catalogue's order); all of them for no words. */
export function rankFormats(
  formats: readonly PlatformFormat[],
  query: string,
  kindLabel?: (f: PlatformFormat) => string,
) {
  const words = queryWords(query);
  if (words.length === 0) return [...formats];
  return formats
    .map((format) => ({ format, score: score(words, formatDoc(format, kindLabel?.(format))) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((hit) => hit.format);
}
