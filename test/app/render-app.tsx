import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../app/lib/api';
import { routeTree } from '../../app/routeTree.gen';

/** The whole app (routes, header, footer, toasts) at a path, with a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Replaces fetch with a handler keyed by "METHOD /path". Unlisted calls answer 404 JSON. */
export function mockApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: Request[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://localhost'),
      init,
    );
    calls.push(request);
    const handler = routes[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler() : new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}

export const json =
  (data: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
