import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * CSRF defence: a request that changes state must come from the site itself. Browsers send
 * `Origin` on every POST, PUT, PATCH and DELETE (and `Sec-Fetch-Site` on all requests); either one
 * naming another site is refused with 403. A request with neither comes from no browser (curl, a
 * server), which carries no ambient cookies to abuse. `exempt` lists paths whose callers are other
 * servers that prove themselves another way (the Stripe webhook signs its body).
 */
export function sameOrigin({ exempt = [] }: { exempt?: string[] } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined) {
      if (origin !== new URL(c.req.url).origin) throw new ApiError(403, CROSS_SITE_MESSAGE);
    } else {
      const site = c.req.header('Sec-Fetch-Site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ApiError(403, CROSS_SITE_MESSAGE);
    }
    return next();
  };
}
