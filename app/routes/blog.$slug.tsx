import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { findArticle } from '../features/blog/articles';
import { NotFound } from '../components/layout/not-found';
import { ArticlePage } from '../features/blog/article-page';

export const Route = createFileRoute('/blog/$slug')({
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
