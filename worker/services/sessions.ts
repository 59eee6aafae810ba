import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { PublicUser } from '../../shared/schemas';
import type { Db } from '../db/client';
import { sessions, users, type User } from '../db/schema';
import { clock, DAY_MS } from '../lib/clock';
import type { AppEnv } from '../types';

export const SESSION_COOKIE = 'sr_session';
/** Sessions end after 30 days without use. */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** Sliding expiry is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = DAY_MS;

/** Hex SHA-256: sessions are stored hashed, so the table alone opens no account. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The signed-in user for a session token, or null when the token is unknown or idle too long. */
export async function findSessionUser(db: Db, token: string | undefined, now: Date): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = await hashToken(token);
  const row = await db.select({ user: users, session: sessions }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, tokenHash)).get();
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

/** The user signed in on this request (its session cookie), or null. */
export function currentUser(c: Context<AppEnv>): Promise<User | null> {
  return findSessionUser(c.get('db'), getCookie(c, SESSION_COOKIE), clock.now());
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
