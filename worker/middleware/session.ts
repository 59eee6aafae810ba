/**
 * The session cookie: a random token in an HttpOnly, SameSite=Lax cookie (Secure but on plain-http
 * localhost). The sessions themselves are services/people/sessions.ts's.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { User } from '../db/schema';
import { clock } from '../lib/clock';
import { createSession, deleteSession, findSessionUser, SESSION_IDLE_MS } from '../services/people/sessions';
import type { AppEnv } from '../types';
import { secureCookies } from './visitor';

export const SESSION_COOKIE = 'sr_session';

function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c),
    path: '/',
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

/**
 * The user signed in on this request (its session cookie), or null. Looked up once per request;
 * when the session's expiry slides, the cookie's does too.
 */
export function currentUser(c: Context<AppEnv>): Promise<User | null> {
  let pending = c.get('currentUser') as Promise<User | null> | undefined;
  if (pending === undefined) {
    const token = getCookie(c, SESSION_COOKIE);
    pending = findSessionUser(c.get('db'), token, clock.now()).then((found) => {
      if (found?.touched && token) setSessionCookie(c, token);
      return found?.user ?? null;
    });
    c.set('currentUser', pending);
  }
  return pending;
}

/** Signs the browser in as `user`: a new session and its cookie. */
export async function startSession(c: Context<AppEnv>, user: User): Promise<void> {
  setSessionCookie(c, await createSession(c.get('db'), user.id, clock.now()));
  c.set('currentUser', Promise.resolve(user));
}

/** Ends this browser's session (the row and the cookie). */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  await deleteSession(c.get('db'), getCookie(c, SESSION_COOKIE));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookies(c) });
  c.set('currentUser', Promise.resolve(null));
}
