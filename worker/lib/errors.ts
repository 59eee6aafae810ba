import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MemoryBusy } from '@social-resizer/engine/memory';
import { log } from '@social-resizer/engine/log';

/**
 * A failure the caller can act on. Every API failure answers the same shape: `{ "message": "..." }`,
 * plus, for some, facts a page shows beside it (`details`: an hourly limit's `limit`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  return c.json({ ...details, message }, status, headers);
}

/**
 * When a 503 says to try again unless its thrower knows better: every 503 carries Retry-After and
 * means a retry can work (a thing that is gone is a 410).
 */
export const RETRY_AFTER_S = 30;
/** A 503 for what the deployer has not set up (a secret): a retry works once they have. */
export const NOT_SET_UP_RETRY_AFTER = { 'Retry-After': '3600' };

/** The app's onError: known errors keep their status; anything else is a logged 500 with no details. */
export function handleError(err: Error, c: Context) {
  // No room in the isolate's memory within the wait (engine/memory.ts): ask again soon.
  if (err instanceof MemoryBusy)
    return errorResponse(c, 503, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
  if (err instanceof ApiError) {
    const headers =
      err.status === 503 && !err.headers?.['Retry-After']
        ? { ...err.headers, 'Retry-After': String(RETRY_AFTER_S) }
        : err.headers;
    return errorResponse(c, err.status, err.message, headers, err.details);
  }
  if (err instanceof HTTPException) {
    // Hono's own 4xx (for example a malformed JSON body) keep their status with our shape.
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 400 && /json/i.test(err.message) ? 'Request body must be valid JSON' : err.message || 'Request failed';
    return errorResponse(c, status, message);
  }
  log('error', 'unhandled error', {
    requestId: c.get('requestId'),
    route: c.req.routePath,
    error: err.name,
    detail: err.message,
  });
  return errorResponse(c, 500, 'Something went wrong on our side. Please try again.');
}

export function handleNotFound(c: Context) {
  return errorResponse(c, 404, `Not found: ${c.req.method} ${new URL(c.req.url).pathname}`);
}
