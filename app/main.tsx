import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
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
 * first render replaces the drawn page in #root, and the drawn head tags go once the router has put
 * its own title in the head (it may do so a while after the first render, once the route's code has
 * loaded). Removed sooner, the page would have no title for that while.
 */
function dropDrawnHeadWhenReplaced() {
  const drawn = Array.from(document.head.querySelectorAll('[data-prerendered]'));
  if (drawn.length === 0) return;
  const replaced = () =>
    Array.from(document.head.querySelectorAll('title')).some((title) => !title.hasAttribute('data-prerendered'));
  const observer = new MutationObserver(() => {
    if (!replaced()) return;
    observer.disconnect();
    for (const tag of drawn) tag.remove();
  });
  observer.observe(document.head, { childList: true });
}
dropDrawnHeadWhenReplaced();

/**
 * The first render, once the route's code is in, so that it is the page itself: the router's
 * update when the code arrived would render the whole page again in one task (a route that fails
 * to load shows its error). A transition, which React does in slices that let the browser in
 * between (docs/decisions/0015-first-paint.md): one long task would hold up a tap on a slow phone.
 * Not a top-level await, which would split the first script's helpers into scripts of their own.
 */
async function render(container: HTMLElement) {
  await router.load();
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
void render(root);
