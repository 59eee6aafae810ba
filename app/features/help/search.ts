/**
 * The Help Center's search (docs/product.md, "Site pages"): one ranked list over every topic's
 * answers and the format catalogue, so a question finds its answer wherever it is filed and a size
 * question finds the size. Words are matched, not the query as a whole: each word of the query
 * (its plural folded, common little words left out) must begin a word of the entry, in any order.
 */
import { PLATFORM_FORMATS, type PlatformFormat } from '../../../shared/formats';
import { platformName, titleCase } from '../../../shared/platforms';
import { FAQ_TOPICS, type FaqItem, type FaqTopic } from './faq';

export type HelpHit =
  | { kind: 'answer'; topic: FaqTopic; item: FaqItem; score: number }
  | { kind: 'format'; format: PlatformFormat; label: string; score: number };

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

/** The query's words that carry meaning: without the little words, unless nothing else is left. */
function queryWords(query: string): string[] {
  const words = tokenize(query).filter((word) => word.length > 1 || /\d/.test(word));
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return [...new Set(meaningful.length > 0 ? meaningful : words)];
}

/** A searchable entry: its title's words weigh more than its text's. */
interface Doc {
  title: string[];
  text: string[];
}

/**
 * How well one query word matches the entry: a whole word beats the start of one ("refund" in
 * "refundable"), a title beats the text; 0 when it is nowhere.
 */
function wordScore(word: string, doc: Doc): number {
  const match = (words: string[]) =>
    words.includes(word) ? 1 : word.length >= 3 && words.some((w) => w.startsWith(word)) ? 0.6 : 0;
  return Math.max(3 * match(doc.title), match(doc.text));
}

/** The entry's score: the sum over the query's words, or 0 when any word is missing. */
function score(words: string[], doc: Doc): number {
  let total = 0;
  for (const word of words) {
    const s = wordScore(word, doc);
    if (s === 0) return 0;
    total += s;
  }
  return total;
}

/** "Instagram Story: 1080 × 1920": how a size shows in the results. */
export function formatHitLabel(format: PlatformFormat): string {
  return `${platformName(format.platform)} ${titleCase(format.format)}: ${format.width} × ${format.height}`;
}

const answerDocs = FAQ_TOPICS.flatMap((topic) =>
  topic.items.map((item) => ({ topic, item, doc: { title: tokenize(item.question), text: tokenize(item.answer) } })),
);

const formatDocs = PLATFORM_FORMATS.map((format) => ({
  format,
  label: formatHitLabel(format),
  doc: {
    title: tokenize(`${platformName(format.platform)} ${format.platform} ${format.format}`),
    // A format entry answers "what size": those words find it too.
    text: tokenize(
      `${format.description} ${format.kind} ${format.width}x${format.height} ${format.width} ${format.height} ${format.aspectRatio} size dimension pixel px resolution`,
    ),
  },
}));

/** Every answer and format matching all of the query's words, best first (ties keep the page's order). */
export function searchHelp(query: string): HelpHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hits: HelpHit[] = [
    ...answerDocs.map(({ topic, item, doc }) => ({ kind: 'answer' as const, topic, item, score: score(words, doc) })),
    ...formatDocs.map(({ format, label, doc }) => ({
      kind: 'format' as const,
      format,
      label,
      score: score(words, doc),
    })),
  ];
  return hits.filter((hit) => hit.score > 0).sort((a, b) => b.score - a.score);
}
