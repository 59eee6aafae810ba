import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '../../shared/schemas';
import { TOO_LARGE_MESSAGE } from '../services/uploads';
import type { AppEnv } from '../types';
import { errorResponse } from '../lib/errors';

/** Room for the multipart boundaries and headers around a 50 MB file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** Every JSON body we accept is a few hundred bytes; 64 KB leaves room and stops memory abuse. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe's events carry whole objects; 1 MB is far above any we receive. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Caps every request body while it streams in, whether or not it declares its length (a chunked
 * body is counted as it arrives), so no request can make the isolate buffer more than its route
 * allows. Over the cap answers 413.
 */
export function bodyLimits(paths: { upload: string; webhook: string }): MiddlewareHandler<AppEnv> {
  const upload = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
    onError: (c) => errorResponse(c, 413, TOO_LARGE_MESSAGE),
  });
  const webhook = bodyLimit({
    maxSize: WEBHOOK_BODY_LIMIT,
    onError: (c) => errorResponse(c, 413, 'The request body is too large.'),
  });
  const json = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => errorResponse(c, 413, 'The request body is too large.'),
  });
  return (c, next) => {
    const path = c.req.path;
    if (path === paths.upload) return upload(c, next);
    if (path === paths.webhook) return webhook(c, next);
    return json(c, next);
  };
}
