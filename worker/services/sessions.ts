/**
 * Sessions: a random 256-bit token in an HttpOnly, SameSite=Lax cookie (Secure but on plain-http
 * localhost), stored only as its SHA-256 in D1, ending after 30 days without use.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { PublicUser } from '../../shared/schemas';
import type { Db } from '../db/client';
import { sessions, users, type User } from '../db/schema';
import { clock, DAY_MS } from '../lib/clock';
import { isSecureRequest } from '../lib/visitor';
import type { AppEnv } from '../types';

export const SESSION_COOKIE = 'sr_session';
/** Sessions end after 30 days without use. */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** Sliding expiry is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = DAY_MS;
const TOKEN_BYTES = 32;

/** Hex SHA-256: sessions are stored hashed, so the table alone opens no account. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

type SessionLookup = { user: User; touched: boolean } | null;

/** The signed-in user for a session token, or null when the token is unknown or idle too long. */
export async function findSessionUser(db: Db, token: string | undefined, now: Date): Promise<SessionLookup> {
  if (!token || token.length > 200) return null;
  const tokenHash = await hashToken(token);
  const row = await db.select({ user: users, session: sessions }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, tokenHash)).get();
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return { user: row.user, touched: false };
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
    .where(eq(sessions.tokenHash, tokenHash));
  return { user: row.user, touched: true };
}

function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c), path: '/', maxAge: SESSION_IDLE_MS / 1000 });
}

/**
 * The user signed in on this request (its session cookie), or null. Looked up once per request;
 * when the session's expiry slides, the cookie's does too.
 */
export function currentUser(c: Context<AppEnv>): Promise<User | null> {
  let pending = c.get('currentUser');
  if (!pending) {
    const token = getCookie(c, SESSION_COOKIE);
    pending = findSessionUser(c.get('db'), token, clock.now()).then((found) => {
      if (found?.touched && token) setSessionCookie(c, token);
      return found?.user ?? null;
    });
    c.set('currentUser', pending);
  }
  return pending;
}

/** Signs the browser in as `user`: a new session row and its cookie. */
export async function startSession(c: Context<AppEnv>, user: User): Promise<void> {
  const token = newToken();
  const now = clock.now();
  await c
    .get('db')
    .insert(sessions)
    .values({ tokenHash: await hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) });
  setSessionCookie(c, token);
  c.set('currentUser', Promise.resolve(user));
}

/** Ends this browser's session (the row and the cookie). */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token && token.length <= 200)
    await c
      .get('db')
      .delete(sessions)
      .where(eq(sessions.tokenHash, await hashToken(token)));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(c) });
  c.set('currentUser', Promise.resolve(null));
}

/** Ends every session of the user, everywhere (password change, account deletion). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    hasUnlimitedAccess: user.hasUnlimitedAccess,
    createdAt: user.createdAt.toISOString(),
  };
}
