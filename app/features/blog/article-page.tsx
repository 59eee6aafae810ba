import { getRouteApi, Link } from '@tanstack/react-router';
import { ArticleMeta } from './blog-index';
import type { Block } from './articles';

const route = getRouteApi('/blog/$slug');

export function ArticlePage() {
  const article = route.useLoaderData();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
        ← All articles
      </Link>
      <p className="mt-6 text-xs font-semibold tracking-wide text-brand-700 uppercase">{article.category}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{article.title}</h1>
      <div className="mt-3">
        <ArticleMeta article={article} />
        <p className="text-sm text-slate-500">{article.author.role}</p>
      </div>
      <p className="mt-6 text-lg text-slate-600">{article.excerpt}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-slate-700">
        {article.body.map((block, index) => (
          <ArticleBlock key={index} block={block} />
        ))}
      </div>
      <p className="mt-12 rounded-xl bg-slate-50 p-6 text-slate-700">
        Ready to try it?{' '}
        <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
          Resize an image now
        </Link>
        .
      </p>
    </main>
  );
}

function ArticleBlock({ block }: { block: Block }) {
  if (block.type === 'h2') return <h2 className="pt-4 text-xl font-semibold text-slate-900">{block.text}</h2>;
  if (block.type === 'ul')
    return (
      <ul className="list-disc space-y-1 pl-6">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return <p>{block.text}</p>;
}
