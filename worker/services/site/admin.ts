/**
 * The admin area, checked by the server: the password is the ADMIN_PASSWORD secret, compared in
 * constant time (both sides hashed to equal-length digests); a correct one starts an admin session
 * (random token, stored hashed, 8 hours; its cookie is routes/admin.ts's). Failures count
 * against the caller's address with the login throttle (10 in 15 minutes, then 429); the admin
 * password is never sent to the browser, whose session-storage flag only routes.
 *
 * Without ADMIN_PASSWORD, development uses LOCAL_ADMIN_PASSWORD (documented in the README, like
 * the local payment mode); production refuses the whole admin area with 503 until the secret is
 * set (docs/decisions/0011-fail-closed-when-deployed.md).
 */
import { desc, eq, lte } from 'drizzle-orm';
import type { AdminContactMessage, AdminPayment, PublicUser } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { adminSessions, contactMessages, payments, users } from '../../db/schema';
import { clock } from '../../lib/clock';
import { ApiError, NOT_SET_UP_RETRY_AFTER } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';
import { ipKey } from '../caller';
import { assertNotThrottled, recordFailure } from '../people/login-throttle';
import { constantTimeEqual } from '../people/passwords';
import { hashToken, newToken, toPublicUser } from '../people/sessions';

export const LOCAL_ADMIN_PASSWORD = 'local-admin';
export const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;
export const INVALID_ADMIN_PASSWORD = 'Invalid administrator password';
export const ADMIN_UNAVAILABLE = 'The admin area is not configured yet.';

/** 503, logged, in production without ADMIN_PASSWORD: the local password never opens a deployed admin area. */
export function assertAdminAvailable(env: Env): void {
  if (env.ADMIN_PASSWORD || env.ENVIRONMENT !== 'production') return;
  log('error', 'admin area refused: ADMIN_PASSWORD is not set in production, and the local password never works there');
  throw new ApiError(503, ADMIN_UNAVAILABLE, NOT_SET_UP_RETRY_AFTER);
}

function adminPassword(env: Env): string {
  assertAdminAvailable(env);
  return env.ADMIN_PASSWORD || LOCAL_ADMIN_PASSWORD;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Checks the password (throttled per address) and starts an admin session; 401 when wrong. Answers the token. */
export async function adminLogin(db: Db, env: Env, ip: string | null, password: string): Promise<string> {
  const now = clock.now();
  // Counted by address only: a shared key would let anyone lock the admin out.
  const key = `admin:${ipKey(ip)}`;
  const keys = { user: key, ip: key };
  await assertNotThrottled(db, keys, now);
  const ok = constantTimeEqual(await digest(password), await digest(adminPassword(env)));
  if (!ok) {
    await recordFailure(db, keys, now);
    throw new ApiError(401, INVALID_ADMIN_PASSWORD);
  }
  const token = newToken();
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, now));
  await db.insert(adminSessions).values({
    tokenHash: await hashToken(token),
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_MS),
    createdAt: now,
  });
  return token;
}

/** Whether a token is a live admin session (a user's session is not one). */
export async function isAdminSession(db: Db, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .select()
    .from(adminSessions)
    .where(eq(adminSessions.tokenHash, await hashToken(token)))
    .get();
  return row !== undefined && row.expiresAt.getTime() > clock.now().getTime();
}

export async function endAdminSession(db: Db, token: string | undefined): Promise<void> {
  if (token && token.length <= 200)
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, await hashToken(token)));
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt));
  return rows.map(toPublicUser);
}

export async function listPayments(db: Db): Promise<AdminPayment[]> {
  const rows = await db
    .select({ payment: payments, username: users.username })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .orderBy(desc(payments.createdAt))
    .limit(500);
  return rows.map(({ payment: p, username }) => ({
    id: p.id,
    planId: p.planId,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    username,
    createdAt: p.createdAt.toISOString(),
    grantedAt: p.grantedAt?.toISOString() ?? null,
  }));
}

export async function listContactMessages(db: Db): Promise<AdminContactMessage[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(500);
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
