import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/api';
import { routeTree } from './routeTree.gen';

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
/**
 * A page drawn ahead of time (scripts/prerender.ts) brought its title and description; the app's
 * first render replaces the drawn page in #root, and once it is on screen (with the router's own
 * head tags) the drawn ones go. Removed before, the page would have no title for a moment.
 */
function DropDrawnHead() {
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
  }, []);
  return null;
}

// The first render as a transition, which React does in slices that let the browser in between
// (docs/decisions/0015-first-paint.md): one long task would hold up a tap on a slow phone.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <DropDrawnHead />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
