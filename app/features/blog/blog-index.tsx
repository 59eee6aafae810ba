import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger, tabValue } from '../../components/ui/tabs';
import { articlesIn, BLOG_CATEGORIES, featuredArticles, formatArticleDate, type Article } from './articles';
import { NewsletterForm } from './newsletter-form';

/** Featured articles, the category tabs filtering the list live, and the newsletter box. */
export function BlogIndex() {
  const [category, setCategory] = useState<string>('All Posts');
  const articles = articlesIn(category);
  return (
    <div className="space-y-12">
      <section aria-labelledby="featured">
        <h2 id="featured" className="text-xl font-semibold text-slate-900">
          Featured
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {featuredArticles().map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="all-articles">
        <h2 id="all-articles" className="text-xl font-semibold text-slate-900">
          Articles
        </h2>
        <Tabs
          value={tabValue(category)}
          onValueChange={(value) =>
            setCategory(BLOG_CATEGORIES.find((name) => tabValue(name) === value) ?? 'All Posts')
          }
          className="mt-4"
        >
          <TabsList aria-label="Categories">
            {BLOG_CATEGORIES.map((name) => (
              <TabsTrigger key={name} value={tabValue(name)}>
                {name}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={tabValue(category)} className="mt-0">
            {articles.length === 0 ? (
              <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
                No articles in this category yet.
              </p>
            ) : (
              <ul className="mt-6 grid gap-6 sm:grid-cols-2" aria-label={`${category} articles`}>
                {articles.map((article) => (
                  <li key={article.slug}>
                    <ArticleCard article={article} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </section>

      <NewsletterForm />
    </div>
  );
}

export function ArticleMeta({ article }: { article: Article }) {
  return (
    <p className="text-sm text-slate-500">
      {article.author.name} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time> ·{' '}
      {article.readMinutes} min read
    </p>
  );
}

function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{article.category}</p>
      <h3 className="mt-2 text-lg font-semibold text-slate-900">
        <Link to="/blog/$slug" params={{ slug: article.slug }} className="hover:underline focus-visible:underline">
          {article.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{article.excerpt}</p>
      <div className="mt-4">
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}
