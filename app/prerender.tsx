/**
 * A page drawn ahead of time (scripts/prerender.ts; docs/decisions/0015-first-paint.md): the app at
 * `path` as a visitor nobody knows yet first sees it, as HTML. Queries stay pending (the header
 * shows neither Sign In nor an avatar) and lazy parts show their placeholders; the browser's app
 * renders the page anew over it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from './lib/api';
import { routeTree } from './routeTree.gen';

export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  });
  await router.load();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
