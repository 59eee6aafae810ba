import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, PLATFORM_MAX_BODY, WEBHOOK_BODY_LIMIT } from '../../worker/middleware/body-limits';
import { MAX_UPLOAD_BODY } from '../../worker/services/uploads/upload-body';
import { body, Browser, countStored } from './helpers';

/**
 * Bodies over a route's cap, sent as a client sends them: with a declared length or streamed
 * without one. The answer is 413 with the route's message every time, and the worker reads the
 * body to its end first (up to Cloudflare's 100 MB), because an answer given while the client is
 * still sending reached it as a reset connection or a 500 in 74 of 114 tries on the local server
 * (docs/security.md).
 */

const MB = 1024 * 1024;
const UPLOAD_CAP = MAX_UPLOAD_BODY;
const MULTIPART_HEAD = new TextEncoder().encode(
  '--b\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
);

/** A body of `size` bytes made as the worker reads it; `read()` is how much of it the worker has read. */
function producedBody(size: number, declared: boolean) {
  let made = 0;
  let read = 0;
  const nextChunk = () => {
    const chunk = new Uint8Array(Math.min(64 * 1024, size - made));
    if (made === 0) chunk.set(MULTIPART_HEAD.subarray(0, chunk.length));
    made += chunk.length;
    return chunk;
  };
  if (!declared) {
    // No read ahead: a chunk is made only when the worker asks for it.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = made;
          if (made >= size) controller.close();
          else controller.enqueue(nextChunk());
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, read: () => read };
  }
  // A stream of a known length, so the request declares it in Content-Length. A write resolves
  // when the worker has read it.
  const { readable, writable } = new FixedLengthStream(size);
  const writer = writable.getWriter();
  void (async () => {
    while (made < size) {
      const chunk = nextChunk();
      await writer.write(chunk);
      read += chunk.length;
    }
    await writer.close();
  })().catch(() => undefined); // the worker stopped reading: the test sees it in read()
  return { stream: readable, read: () => read };
}

function send(path: string, size: number, declared: boolean, headers: Record<string, string> = {}) {
  const produced = producedBody(size, declared);
  const type = path === '/api/upload' ? 'multipart/form-data; boundary=b' : 'application/json';
  const response = new Browser().call(path, {
    method: 'POST',
    body: produced.stream,
    headers: { 'Content-Type': type, ...headers },
    duplex: 'half',
  } as RequestInit);
  return { response, read: produced.read };
}

const routes = [
  { path: '/api/upload', message: 'Maximum file size is 50MB', sizes: [UPLOAD_CAP + 1, 60 * MB] },
  {
    path: '/api/contact',
    message: 'The request body is too large.',
    sizes: [JSON_BODY_LIMIT + 1, 60 * MB],
  },
  {
    path: '/api/stripe/webhook',
    message: 'The request body is too large.',
    sizes: [WEBHOOK_BODY_LIMIT + 1],
  },
];

describe('request bodies over their cap', () => {
  const cases = routes.flatMap(({ path, message, sizes }) =>
    [...sizes, PLATFORM_MAX_BODY].flatMap((size) =>
      [true, false].map((declared) => ({ path, message, size, declared })),
    ),
  );

  it.each(cases)(
    '$path, $size bytes, declared: $declared: 413 with the message, after the body is read to its end',
    async ({ path, message, size, declared }) => {
      const before = await countStored();
      const { response, read } = send(path, size, declared);
      const res = await response;
      expect(res.status).toBe(413);
      expect(await body(res)).toEqual({ message });
      expect(read()).toBe(size);
      expect(await countStored()).toEqual(before);
    },
    30_000,
  );

  it('reads no more than the platform maximum of a longer body, and still answers 413', async () => {
    const { response, read } = send('/api/upload', PLATFORM_MAX_BODY + 20 * MB, false);
    const res = await response;
    expect(res.status).toBe(413);
    expect(await body(res)).toEqual({ message: 'Maximum file size is 50MB' });
    expect(read()).toBeLessThan(PLATFORM_MAX_BODY + MB);
  }, 30_000);
});

describe('early refusals of bodies under the cap', () => {
  it('read the body to its end before answering 403 (cross-site) or 404 (no such route)', async () => {
    const crossSite = send('/api/upload', 5 * MB, false, { Origin: 'https://elsewhere.example' });
    expect((await crossSite.response).status).toBe(403);
    expect(crossSite.read()).toBe(5 * MB);

    const unknown = send('/api/no-such-route', JSON_BODY_LIMIT, true);
    expect((await unknown.response).status).toBe(404);
    expect(unknown.read()).toBe(JSON_BODY_LIMIT);
  });
});
