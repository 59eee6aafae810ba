import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { FAQ_TOPICS } from './faq';
import { FaqList } from './faq-list';
import { SearchResults } from './search-results';

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
