import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../types';

export const VISITOR_COOKIE = 'sr_visitor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Cookies are Secure everywhere but plain-http localhost (local development and tests). */
export function isSecureRequest(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * Every browser gets a random visitor id (an HttpOnly cookie), so what it does before signing in
 * (uploads, requests, a purchase) is its own and can be claimed by the account later.
 */
export const visitor: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = getCookie(c, VISITOR_COOKIE);
  if (id && UUID.test(id)) c.set('visitorId', id);
  else newVisitor(c);
  await next();
};

/** Gives the browser a new anonymous identity (first visit, and after logging out). */
export function newVisitor(c: Context<AppEnv>): void {
  const id = crypto.randomUUID();
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    path: '/',
    maxAge: 60 * 60 * 24 * 365,
  });
  c.set('visitorId', id);
}
