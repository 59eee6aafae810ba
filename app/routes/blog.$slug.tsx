import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { findArticle } from '../features/blog/articles';
import { NotFound } from '../components/layout/not-found';
import { ArticlePage } from '../features/blog/article-page';

export const Route = createFileRoute('/blog/$slug')({
  // The loader and the page load together, apart from the first script: the articles' text is only
  // needed on an article (docs/decisions/0015-first-paint.md).
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ params }) => {
    const article = findArticle(params.slug);
    if (!article) throw notFound();
    return article;
  },
  head: ({ loaderData }) =>
    loaderData
      ? pageHead(loaderData.title, loaderData.excerpt)
      : pageHead('Article not found', 'This article does not exist.'),
  notFoundComponent: NotFound,
  component: ArticlePage,
});
