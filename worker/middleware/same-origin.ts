import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * Whether an Origin header names the site: PUBLIC_ORIGIN, never the request's own Host (anyone
 * can send any Host). In development only, a loopback PUBLIC_ORIGIN also accepts its aliases on
 * the same scheme and port, so http://127.0.0.1:8787 works where http://localhost:8787 is
 * configured (docs/decisions/0011-fail-closed-when-deployed.md).
 */
export function isSiteOrigin(env: Pick<Env, 'ENVIRONMENT' | 'PUBLIC_ORIGIN'>, origin: string): boolean {
  if (origin === env.PUBLIC_ORIGIN) return true;
  if (env.ENVIRONMENT === 'production' || !URL.canParse(origin)) return false;
  const site = new URL(env.PUBLIC_ORIGIN);
  const other = new URL(origin);
  return (
    other.origin === origin &&
    LOOPBACK_HOSTS.has(site.hostname) &&
    LOOPBACK_HOSTS.has(other.hostname) &&
    other.protocol === site.protocol &&
    other.port === site.port
  );
}

/**
 * CSRF defence: a request that changes state must come from the site itself. Browsers send
 * `Origin` on every POST, PUT, PATCH and DELETE (and `Sec-Fetch-Site` on all requests); either one
 * naming another site is refused with 403. A request with neither comes from no browser (curl, a
 * server), which carries no ambient cookies to abuse. `exempt` lists paths whose callers are other
 * servers that prove themselves another way (the Stripe webhook signs its body).
 */
export function sameOrigin({ exempt = [] }: { exempt?: string[] } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined) {
      if (!isSiteOrigin(c.env, origin)) throw new ApiError(403, CROSS_SITE_MESSAGE);
    } else {
      const site = c.req.header('Sec-Fetch-Site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ApiError(403, CROSS_SITE_MESSAGE);
    }
    return next();
  };
}
