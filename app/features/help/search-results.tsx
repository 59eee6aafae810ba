import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { FaqList } from './faq-list';
import { searchHelp, type HelpHit } from './search';

export const NO_RESULTS = 'No results found. Try a different search term.';

/** Sizes listed at once; more than that asks for a narrower search rather than a long list. */
const SIZES_SHOWN = 8;

/**
 * Every answer (whatever its topic) and every size matching the query, best first: sizes link to
 * the Single Image tool with that format, answers open in place under their topic's name.
 */
export function SearchResults({ query }: { query: string }) {
  const hits = useMemo(() => searchHelp(query), [query]);
  const sizes = hits.filter((hit): hit is Extract<HelpHit, { kind: 'format' }> => hit.kind === 'format');
  const answers = hits.filter((hit): hit is Extract<HelpHit, { kind: 'answer' }> => hit.kind === 'answer');
  // The group with the best match comes first.
  const sizesFirst = sizes.length > 0 && (answers.length === 0 || sizes[0]!.score > answers[0]!.score);
  const topics = [...new Set(answers.map((hit) => hit.topic))];

  const sizeList =
    sizes.length > 0 ? (
      <section key="sizes" aria-labelledby="help-sizes" className="space-y-3">
        <h3 id="help-sizes" className="font-semibold text-slate-900">
          Sizes
        </h3>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {sizes.slice(0, SIZES_SHOWN).map(({ format, label }) => (
            <li key={format.id} className="px-4 py-3">
              <Link
                to="/"
                search={{ tab: 'singleImage', format: format.id }}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {label}
              </Link>
              <p className="text-sm text-slate-600">
                {format.description}, aspect ratio {format.aspectRatio}
              </p>
            </li>
          ))}
        </ul>
        {sizes.length > SIZES_SHOWN ? (
          <p className="text-sm text-slate-600">
            {sizes.length - SIZES_SHOWN} more sizes match: add a platform or a format’s name to narrow the search.
          </p>
        ) : null}
      </section>
    ) : null;
  const answerList =
    answers.length > 0 ? (
      <section key="answers" aria-labelledby="help-answers" className="space-y-3">
        <h3 id="help-answers" className="font-semibold text-slate-900">
          Answers
        </h3>
        {topics.map((t) => (
          <div key={t.id} className="space-y-2">
            <p className="text-sm font-medium text-slate-600">{t.label}</p>
            <FaqList items={answers.filter((hit) => hit.topic === t).map((hit) => hit.item)} headingLevel={4} />
          </div>
        ))}
      </section>
    ) : null;

  return (
    <section aria-labelledby="help-results" className="mt-6 space-y-6">
      <div>
        <h2 id="help-results" className="text-lg font-semibold text-slate-900">
          Search results
        </h2>
        <p role="status" className="mt-1 text-slate-600">
          {hits.length === 0 ? NO_RESULTS : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'} for “${query}”`}
        </p>
      </div>
      {sizesFirst ? [sizeList, answerList] : [answerList, sizeList]}
    </section>
  );
}
