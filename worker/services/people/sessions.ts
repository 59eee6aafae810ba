/**
 * Sessions: a random 256-bit token, stored only as its SHA-256 in D1, ending after 30 days without
 * use. The cookie that carries it is middleware/session.ts's.
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';
import { DAY_MS } from '../../lib/clock';

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
  const row = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
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

/** A new session for the user: its row, and the token for the browser's cookie. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: await hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  });
  return token;
}

/** Ends the session behind a token (logout). */
export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (token && token.length <= 200) await db.delete(sessions).where(eq(sessions.tokenHash, await hashToken(token)));
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
