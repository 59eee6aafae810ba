import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError, errorMessage, getQueryFn } from '../../app/lib/api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function stubFetch(response: Response) {
  const spy = vi.fn<typeof fetch>(async () => response);
  globalThis.fetch = spy;
  return spy;
}

describe('apiRequest', () => {
  it('sends credentials and a JSON content type only when there is a body', async () => {
    const spy = stubFetch(new Response('{}'));
    await apiRequest('POST', '/api/contact', { a: 1 });
    expect(spy).toHaveBeenCalledWith(
      '/api/contact',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"a":1}',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    spy.mockClear();
    await apiRequest('POST', '/api/logout');
    expect(spy).toHaveBeenCalledWith(
      '/api/logout',
      expect.objectContaining({ credentials: 'include', body: undefined, headers: {} }),
    );
  });

  it('turns a non-OK answer into "{status}: {body}"', async () => {
    stubFetch(
      new Response('{"message":"Maximum file size is 50MB"}', { status: 413, statusText: 'Payload Too Large' }),
    );
    const error = await apiRequest('POST', '/api/upload', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe('413: {"message":"Maximum file size is 50MB"}');
    expect(errorMessage(error, 'fallback')).toBe('Maximum file size is 50MB');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  const context = (key: string) => ({
    queryKey: [key],
    signal: new AbortController().signal,
    meta: undefined,
    client: undefined as never,
    direction: 'forward' as const,
    pageParam: undefined,
  });

  it('yields null on 401 when asked to', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    expect(await getQueryFn({ on401: 'returnNull' })(context('/api/user'))).toBeNull();
  });

  it('fails on 401 by default', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/user'))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });
});
