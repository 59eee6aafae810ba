import { Link } from '@tanstack/react-router';
import { Accordion } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { FAQ_TOPICS, type FaqItem } from './faq';
import { searchHelp, type HelpHit } from './search';

export const NO_RESULTS = 'No results found. Try a different search term.';

/** Sizes listed at once; more than that asks for a narrower search rather than a long list. */
const SIZES_SHOWN = 8;

/** Search box, then the four topic tabs (one open answer at a time), or while searching every match. */
export function HelpCenter() {
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<string>('general');
  const searching = query.trim() !== '';

  return (
    <div>
      <form role="search" className="flex gap-2" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="help-search" className="sr-only">
          Search help articles
        </label>
        <input
          id="help-search"
          type="search"
          className={inputClass}
          placeholder="Search answers and sizes…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <Button type="button" variant="outline" onClick={() => setQuery('')} disabled={!searching}>
          Clear
        </Button>
      </form>

      {searching ? (
        <SearchResults query={query.trim()} />
      ) : (
        <Tabs value={topic} onValueChange={setTopic} className="mt-6">
          <TabsList aria-label="Help topics">
            {FAQ_TOPICS.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {FAQ_TOPICS.map((t) => (
            <TabsContent key={t.id} value={t.id}>
              <h2 className="sr-only">{t.label}</h2>
              <FaqList items={t.items} />
            </TabsContent>
          ))}
        </Tabs>
      )}

      <section className="mt-10 rounded-xl bg-slate-50 p-6 text-center">
        <h2 className="font-semibold text-slate-900">Still need help?</h2>
        <p className="mt-1 text-sm text-slate-600">We reply within 24 hours on business days.</p>
        <Button asChild className="mt-4">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </section>
    </div>
  );
}

/**
 * Every answer (whatever its topic) and every size matching the query, best first: sizes link to
 * the Single Image tool with that format, answers open in place under their topic's name.
 */
function SearchResults({ query }: { query: string }) {
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

/** Questions that open to their answer, one at a time; each question is a heading of `headingLevel`. */
function FaqList({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Header asChild>
            <Heading>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
                {item.question}
                <span aria-hidden className="text-slate-500 transition-transform group-data-[state=open]:rotate-45">
                  +
                </span>
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-slate-600">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
