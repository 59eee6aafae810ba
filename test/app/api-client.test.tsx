import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiAnswerError, apiRequest, ApiRequestError, apiWatch, errorMessage, watchInterval } from '../../app/lib/api';

const anything = z.unknown();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function stubFetch(response: Response) {
  // A fresh copy each call: the client reads every answer's body.
  const spy = vi.fn<typeof fetch>(async () => response.clone());
  globalThis.fetch = spy;
  return spy;
}

describe('apiRequest', () => {
  it('sends credentials and a JSON content type only when there is a body', async () => {
    const spy = stubFetch(new Response('{}'));
    await apiRequest('POST', '/api/contact', anything, { a: 1 });
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
    await apiRequest('POST', '/api/logout', anything);
    expect(spy).toHaveBeenCalledWith(
      '/api/logout',
      expect.objectContaining({ credentials: 'include', body: undefined, headers: {} }),
    );
  });

  it('asks again when a busy server says to (503, Retry-After within 10 s), and shows a long wait', async () => {
    vi.useFakeTimers();
    try {
      const answers = [
        new Response('{"message":"busy"}', { status: 503, headers: { 'Retry-After': '2' } }),
        new Response('{"ok":true}'),
      ];
      const spy = vi.fn<typeof fetch>(async () => answers.shift()!);
      globalThis.fetch = spy;
      const answer = apiRequest('POST', '/api/process-image/x', anything, { formats: [] });
      await vi.advanceTimersByTimeAsync(1999);
      expect(spy).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({ ok: true });
      expect(spy).toHaveBeenCalledTimes(2);
      // A service not set up says an hour: that is shown at once, not waited for.
      stubFetch(new Response('{"message":"not set up"}', { status: 503, headers: { 'Retry-After': '3600' } }));
      await expect(apiRequest('GET', '/api/x', anything)).rejects.toMatchObject({ status: 503 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a non-OK answer into "{status}: {body}"', async () => {
    stubFetch(
      new Response('{"message":"Maximum file size is 50MB"}', { status: 413, statusText: 'Payload Too Large' }),
    );
    const error = await apiRequest('POST', '/api/upload', anything, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe('413: {"message":"Maximum file size is 50MB"}');
    expect(errorMessage(error, 'fallback')).toBe('Maximum file size is 50MB');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('GET', '/api/x', anything)).rejects.toThrow('502: Bad Gateway');
  });
});

describe('answers', () => {
  const user = z.object({ id: z.string(), username: z.string() });

  it('are parsed by the schema the call names', async () => {
    stubFetch(new Response('{"id":"u1","username":"ada","extra":true}'));
    expect(await apiRequest('GET', '/api/user', user)).toEqual({ id: 'u1', username: 'ada' });
  });

  it('of another shape, or not JSON, fail with a message for the person, not a crash later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const text of ['{"id":7}', '<!doctype html>', '']) {
      stubFetch(new Response(text));
      const error = await apiRequest('GET', '/api/user', user).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiAnswerError);
      expect(errorMessage(error, 'fallback')).toBe(
        'The server sent an answer this page cannot read. Please reload the page and try again.',
      );
    }
  });
});

describe('a 401', () => {
  it('is an error', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/user', anything)).rejects.toThrow('401: {"message":"Not signed in"}');
  });
});

describe('apiWatch', () => {
  it('names the answer it has and asks the server to wait; an unchanged answer (304) is that same object', async () => {
    const schema = z.object({ results: z.record(z.string(), z.string()) });
    let spy = stubFetch(new Response('{"results":{"1":"processing"}}', { headers: { ETag: '"a1"' } }));
    const first = await apiWatch('/api/conversions/r', schema, undefined);
    expect(first).toEqual({ results: { '1': 'processing' } });
    expect(spy).toHaveBeenCalledWith('/api/conversions/r', expect.objectContaining({ headers: {} }));

    spy = stubFetch(new Response(null, { status: 304, headers: { ETag: '"a1"' } }));
    expect(await apiWatch('/api/conversions/r', schema, first)).toBe(first);
    expect(spy).toHaveBeenCalledWith(
      '/api/conversions/r',
      expect.objectContaining({ headers: { 'If-None-Match': '"a1"', Prefer: 'wait=8' }, cache: 'no-store' }),
    );

    stubFetch(new Response('{"results":{"1":"complete"}}', { headers: { ETag: '"b2"' } }));
    expect(await apiWatch('/api/conversions/r', schema, first)).toEqual({ results: { '1': 'complete' } });
    const query = (data: unknown) => ({ state: { status: 'success', data } });
    // Held by the server: the next call goes at once. Not held (the visitor holds their limit):
    // the next waits as long as the server says.
    stubFetch(new Response(null, { status: 304, headers: { ETag: '"a1"', 'Preference-Applied': 'wait=8' } }));
    expect(watchInterval(query(await apiWatch('/api/conversions/r', schema, first)), false)).toBe(50);
    stubFetch(new Response(null, { status: 304, headers: { ETag: '"a1"', 'Retry-After': '1' } }));
    expect(watchInterval(query(await apiWatch('/api/conversions/r', schema, first)), false)).toBe(1000);
    expect(watchInterval(query(first), true)).toBe(false);
    stubFetch(new Response('{"message":"Image request not found"}', { status: 404 }));
    await expect(apiWatch('/api/conversions/r', schema, first)).rejects.toThrow('404: {"message"');
  });
});
