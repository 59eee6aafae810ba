import { Link } from '@tanstack/react-router';
import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { FAQ_TOPICS, searchFaq, type FaqItem } from './faq';

export const NO_RESULTS = 'No results found. Try a different search term.';

/** Search box, four topic tabs, and one open answer at a time. */
export function HelpCenter() {
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<string>('general');
  const searching = query.trim() !== '';
  const results = FAQ_TOPICS.map((t) => ({ ...t, matches: searchFaq(t.items, query) }));

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
          placeholder="Search for answers…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <Button type="button" variant="outline" onClick={() => setQuery('')} disabled={!searching}>
          Clear
        </Button>
      </form>

      <Tabs value={topic} onValueChange={setTopic} className="mt-6">
        <TabsList aria-label="Help topics">
          {results.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
              {searching ? <span className="ml-1 text-xs text-slate-500">({t.matches.length})</span> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {results.map((t) => (
          <TabsContent key={t.id} value={t.id}>
            {t.matches.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
                {NO_RESULTS}
              </p>
            ) : (
              <FaqList items={t.matches} />
            )}
          </TabsContent>
        ))}
      </Tabs>

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

function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
              {item.question}
              <span aria-hidden className="text-slate-400 transition-transform group-data-[state=open]:rotate-45">
                +
              </span>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-slate-600">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
