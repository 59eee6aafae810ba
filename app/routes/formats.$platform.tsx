import { createFileRoute, notFound } from '@tanstack/react-router';
import { platformOfSlug } from '../../shared/platform-slugs';
import { NotFound } from '../components/layout/not-found';
import { pageHead } from '../components/layout/page';
import { platformHead } from '../features/formats-guide/guide-head';
import { PlatformFormatsPage } from '../features/formats-guide/platform-formats-page';

export const Route = createFileRoute('/formats/$platform')({
  loader: ({ params }) => {
    const platform = platformOfSlug(params.platform);
    if (!platform) throw notFound();
    return { platform };
  },
  head: ({ loaderData }) =>
    loaderData ? platformHead(loaderData.platform) : pageHead('Page not found', 'This page does not exist.'),
  notFoundComponent: NotFound,
  component: function PlatformFormatsRoute() {
    return <PlatformFormatsPage platform={Route.useLoaderData().platform} />;
  },
});
