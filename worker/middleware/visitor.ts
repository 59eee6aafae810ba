import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../types';

export const VISITOR_COOKIE = 'sr_visitor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Cookies are Secure when the site is https (always in production; not on plain-http localhost in
 * development and tests). Decided by PUBLIC_ORIGIN, never by the address the request arrived on.
 */
export function secureCookies(c: Context<AppEnv>): boolean {
  return c.env.PUBLIC_ORIGIN.startsWith('https:');
}

/**
 * Every browser gets a random visitor id (an HttpOnly cookie), so what it does before signing in
 * (uploads, requests, a purchase) is its own and can be claimed by the account later.
 *
 * The cookie is given by the first request that can create something (not GET or HEAD). A new
 * page sends several reads at once; if each of them minted an id, the last cookie to arrive would
 * win and an upload made meanwhile would belong to an id the browser no longer has ("Upload not
 * found" on the next step). A read without the cookie gets a fresh id that owns nothing.
 */
export const visitor: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = getCookie(c, VISITOR_COOKIE);
  if (id && UUID.test(id)) c.set('visitorId', id);
  else if (c.req.method === 'GET' || c.req.method === 'HEAD') c.set('visitorId', crypto.randomUUID());
  else newVisitor(c);
  await next();
};

/** Gives the browser a new anonymous identity (first visit, and after logging out). */
export function newVisitor(c: Context<AppEnv>): void {
  const id = crypto.randomUUID();
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c),
    path: '/',
    maxAge: 60 * 60 * 24 * 365,
  });
  c.set('visitorId', id);
}
