/**
 * The Help Center's search (docs/product.md, "Site pages"): one ranked list over every topic's
 * answers and the format catalogue, so a question finds its answer wherever it is filed and a size
 * question finds the size. Words are matched as every search matches them (app/lib/word-search.ts):
 * a format whose platform the query names comes first.
 */
import { PLATFORM_FORMATS, type PlatformFormat } from '../../../shared/formats';
import { platformName, titleCase } from '../../../shared/platforms';
import { formatDoc, queryWords, score, tokenize } from '../../lib/word-search';
import { FAQ_TOPICS, type FaqItem, type FaqTopic } from './faq';

export { stem, tokenize } from '../../lib/word-search';

export type HelpHit =
  | { kind: 'answer'; topic: FaqTopic; item: FaqItem; score: number }
  | { kind: 'format'; format: PlatformFormat; label: string; score: number };

/** "Instagram Story: 1080 × 1920": how a size shows in the results. */
export function formatHitLabel(format: PlatformFormat): string {
  return `${platformName(format.platform)} ${titleCase(format.format)}: ${format.width} × ${format.height}`;
}

const answerDocs = FAQ_TOPICS.flatMap((topic) =>
  topic.items.map((item) => ({ topic, item, doc: { title: tokenize(item.question), text: tokenize(item.answer) } })),
);

const formatDocs = PLATFORM_FORMATS.map((format) => {
  const doc = formatDoc(format);
  // A format entry answers "what size": those words find it too.
  return {
    format,
    label: formatHitLabel(format),
    doc: { ...doc, text: [...doc.text, ...tokenize('size dimension pixel px resolution')] },
  };
});

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
