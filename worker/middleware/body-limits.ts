import type { MiddlewareHandler } from 'hono';
import { MAX_UPLOAD_BODY } from '../services/uploads/upload-body';
import { TOO_LARGE_MESSAGE } from '../services/uploads/uploads';
import type { AppEnv } from '../types';
import { errorResponse } from '../lib/errors';
import { freeNow } from '@social-resizer/engine';

/** Every JSON body we accept is a few hundred bytes; 64 KB leaves room and stops memory abuse. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe's events carry whole objects; 1 MB is far above any we receive. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/**
 * The largest request body Cloudflare passes to a worker on the Free and Pro plans (it answers a
 * larger one itself): the most of a body the worker reads before it answers (docs/security.md).
 */
export const PLATFORM_MAX_BODY = 100 * 1024 * 1024;

const TOO_LARGE = 'The request body is too large.';
/**
 * Bodies are read in chunks of at least this size (the last may be shorter). The runtime's own
 * reads hand over about 4 KB each: reading 100 MB that way took four times the CPU (docs/security.md).
 */
const CHUNK = 64 * 1024;

/**
 * Caps every request body and reads every body to its end before the answer goes out.
 *
 * The cap: a body that declares a length over its route's cap is refused without running the
 * route; one that does not is counted as the route reads it, and the read fails past the cap. Either
 * way the answer is 413 with the route's message. Nothing is buffered here: the route reads the
 * chunks as they arrive.
 *
 * The reading to the end: whatever the route left unread (all of a body refused early, with 413,
 * 403, 401 or 404; the rest of one cut off at the cap) is read and dropped, up to
 * PLATFORM_MAX_BODY, before the answer is returned. Answered while the client was still sending,
 * the refusal reached the client from the server `npm start` runs in 40 of 114 tries; the others
 * saw a reset connection or a 500 'Network connection lost' (docs/security.md).
 */
export function bodyLimits(paths: { upload: string; webhook: string }): MiddlewareHandler<AppEnv> {
  const capOf = (path: string) => {
    if (path === paths.upload) return { limit: MAX_UPLOAD_BODY, message: TOO_LARGE_MESSAGE };
    if (path === paths.webhook) return { limit: WEBHOOK_BODY_LIMIT, message: TOO_LARGE };
    return { limit: JSON_BODY_LIMIT, message: TOO_LARGE };
  };
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const { limit, message } = capOf(c.req.path);
    const reader = body.getReader({ mode: 'byob' });
    let received = 0;
    /**
     * The next chunk, read into `into` (a new buffer if none), or undefined at the end (a client
     * that goes away ends its body too); the buffer of an empty read is freed now (engine/memory.ts
     * freeNow), not left to V8: every request with a body ends with one.
     */
    const nextChunk = async (into = new Uint8Array(CHUNK)) => {
      const { value } = await reader.readAtLeast(CHUNK, into).catch(() => ({ value: undefined }));
      received += value?.byteLength ?? 0;
      if (value?.byteLength) return value;
      if (value) freeNow(new Uint8Array(value.buffer));
      return undefined;
    };

    const declaredOver = Number(c.req.header('content-length')) > limit;
    if (!declaredOver) {
      // No read ahead (highWaterMark 0): a chunk read for nobody would race the reading to the end below.
      const counted = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const chunk = await nextChunk();
            if (!chunk) controller.close();
            else if (received > limit) controller.error(new Error(message));
            else controller.enqueue(chunk);
          },
        },
        { highWaterMark: 0 },
      );
      c.req.raw = new Request(c.req.raw, { body: counted });
      await next();
    }
    // The rest, read and dropped into one buffer, read into again: a chunk each time left a refused
    // 51 MB body's chunks for V8 to collect (10.7 MiB still there at the next forced collection).
    let chunk: Uint8Array | undefined;
    const again = () => chunk && new Uint8Array(chunk.buffer as ArrayBuffer);
    while (received <= PLATFORM_MAX_BODY && (chunk = await nextChunk(again())));
    freeNow(again());
    await reader.cancel().catch(() => undefined); // past PLATFORM_MAX_BODY: the client is not waiting for us
    if (!declaredOver && received <= limit) return;
    c.res = undefined; // none of the route's headers (its type, its length) belong to this answer
    c.res = errorResponse(c, 413, message);
  };
}
