import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { log } from './log';

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

/** The app's onError: known errors keep their status; anything else is a logged 500 with no details. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) return errorResponse(c, err.status, err.message, err.headers, err.details);
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
