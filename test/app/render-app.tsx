import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { PlatformFormat } from '../../shared/formats';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
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

/** A request as POST /api/image-requests records it: `upload` framed by `cropDetails` for `format`, nothing made yet. */
export function recordedRequest(
  id: string,
  upload: UploadResponse,
  format: PlatformFormat,
  cropDetails: ImageRequestResponse['cropDetails'],
): ImageRequestResponse {
  return {
    id,
    originalFilename: upload.originalFilename,
    originalPath: upload.path,
    upload,
    formatId: format.id,
    platform: format.platform,
    format: format.format,
    width: format.width,
    height: format.height,
    purpose: 'single',
    cropDetails,
    status: 'pending',
    error: null,
    output: { type: 'auto', quality: 82 },
    fill: { kind: 'blur' },
    file: null,
    previewPath: null,
    paymentId: null,
    hasUnlimitedAccess: false,
    acquired: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    outputs: [],
  };
}
