/**
 * The admin area, checked by the server: the password is the ADMIN_PASSWORD secret, compared in
 * constant time (both sides hashed to equal-length digests); a correct one starts an admin session
 * (random token, stored hashed, 8 hours, HttpOnly cookie scoped to /api/admin). Failures count
 * against the caller's address with the login throttle (10 in 15 minutes, then 429); the admin
 * password is never sent to the browser, whose session-storage flag only routes.
 *
 * Without ADMIN_PASSWORD, development uses LOCAL_ADMIN_PASSWORD (documented in the README, like
 * the local payment mode); production refuses with 503 until the secret is set.
 */
import { eq, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { adminSessions } from '../db/schema';
import { clock } from '../lib/clock';
import { ApiError } from '../lib/errors';
import { isSecureRequest } from '../lib/visitor';
import type { AppEnv } from '../types';
import { ipKey } from './allowance';
import { assertNotThrottled, recordFailure } from './login-throttle';
import { constantTimeEqual } from './passwords';
import { hashToken, newToken } from './sessions';

export const ADMIN_COOKIE = 'sr_admin';
export const LOCAL_ADMIN_PASSWORD = 'local-admin';
export const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;
export const INVALID_ADMIN_PASSWORD = 'Invalid administrator password';
const COOKIE_PATH = '/api/admin';

function adminPassword(env: Env): string {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (env.ENVIRONMENT === 'production') throw new ApiError(503, 'The admin area is not configured yet.');
  return LOCAL_ADMIN_PASSWORD;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Checks the password (throttled per address) and starts an admin session; 401 when wrong. */
export async function adminLogin(c: Context<AppEnv>, password: string): Promise<void> {
  const db = c.get('db');
  const now = clock.now();
  // Counted by address only: a shared key would let anyone lock the admin out.
  const key = `admin:${ipKey(c.req.header('CF-Connecting-IP'))}`;
  const keys = { user: key, ip: key };
  await assertNotThrottled(db, keys, now);
  const ok = constantTimeEqual(await digest(password), await digest(adminPassword(c.env)));
  if (!ok) {
    await recordFailure(db, keys, now);
    throw new ApiError(401, INVALID_ADMIN_PASSWORD);
  }
  const token = newToken();
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, now));
  await db.insert(adminSessions).values({ tokenHash: await hashToken(token), expiresAt: new Date(now.getTime() + ADMIN_SESSION_MS), createdAt: now });
  setCookie(c, ADMIN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure: isSecureRequest(c), path: COOKIE_PATH, maxAge: ADMIN_SESSION_MS / 1000 });
}

/** 401 unless the request carries a live admin session (a user's session is not one). */
export async function requireAdmin(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, ADMIN_COOKIE);
  if (token && token.length <= 200) {
    const row = await c
      .get('db')
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, await hashToken(token)))
      .get();
    if (row && row.expiresAt.getTime() > clock.now().getTime()) return;
  }
  throw new ApiError(401, 'Please log in to the admin area.');
}

export async function adminLogout(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, ADMIN_COOKIE);
  if (token && token.length <= 200)
    await c
      .get('db')
      .delete(adminSessions)
      .where(eq(adminSessions.tokenHash, await hashToken(token)));
  deleteCookie(c, ADMIN_COOKIE, { path: COOKIE_PATH, secure: isSecureRequest(c) });
}
