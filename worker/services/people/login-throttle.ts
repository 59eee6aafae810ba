/**
 * Slows password guessing: after 10 failed logins for one username, or from one IP address
 * (IPv6 by its /64), within 15 minutes, further logins for that key answer 429 until the window
 * has room again — even with the right password, so a locked account tells nothing.
 * A successful login clears the username's failures (not the IP's).
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ipKey } from '../caller';

export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function throttleKeys(username: string, ip: string | undefined | null): { user: string; ip: string } {
  return { user: `user:${username.trim().toLowerCase()}`, ip: ipKey(ip) };
}

/** Answers 429 with the minutes to wait when either key has used up its failures. */
export async function assertNotThrottled(db: Db, keys: { user: string; ip: string }, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  let freeAt = 0;
  for (const key of new Set([keys.user, keys.ip])) {
    const times = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
      .orderBy(asc(loginFailures.at));
    if (times.length < MAX_LOGIN_FAILURES) continue;
    // The key is free again once all but MAX - 1 of its failures have left the window.
    const blocking = times[times.length - MAX_LOGIN_FAILURES];
    if (blocking) freeAt = Math.max(freeAt, blocking.at.getTime() + LOGIN_FAILURE_WINDOW_MS);
  }
  if (freeAt > now.getTime()) {
    const seconds = Math.ceil((freeAt - now.getTime()) / 1000);
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError(
      429,
      `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      { 'Retry-After': String(seconds) },
    );
  }
}

/** Drops failures older than the window (the daily cron; logins only read inside the window). */
export async function forgetOldFailures(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lte(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)));
}

export async function recordFailure(db: Db, keys: { user: string; ip: string }, now: Date): Promise<void> {
  await db.insert(loginFailures).values([...new Set([keys.user, keys.ip])].map((key) => ({ key, at: now })));
}

export async function clearUserFailures(db: Db, keys: { user: string }): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.user));
}
