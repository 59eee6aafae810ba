/**
 * Self-service password reset. Asking answers the same whether or not an account uses the address;
 * the link carries a random 256-bit token stored only as its SHA-256, works once, within an hour,
 * and using it ends every session of the account. At most three links an hour go to one account.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { PASSWORD_RESETS_PER_HOUR } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { passwordResets, users, type User } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { changePassword } from './accounts';
import { clearUserFailures, throttleKeys } from './login-throttle';
import type { Mail } from './mail';
import { endAllSessions, hashToken, newToken } from './sessions';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that address, we have sent it a link to choose a new password. The link works once, within an hour.';
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link has expired or has already been used. Ask for a new one below.';

/**
 * Writes a reset link for the account that uses `email`, if any, and returns the mail to send
 * (the route sends it after answering, so the answer takes as long either way); null otherwise.
 */
export async function requestPasswordReset(db: Db, email: string, origin: string, now: Date): Promise<Mail | null> {
  const user = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .get();
  if (!user) return null;
  const since = new Date(now.getTime() - RESET_LINK_TTL_MS);
  const recent = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, since)))
    .get();
  if ((recent?.n ?? 0) >= PASSWORD_RESETS_PER_HOUR.account) return null;
  const token = newToken();
  await db.insert(passwordResets).values({
    tokenHash: await hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
  });
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: 'Reset your Social Resizer password',
    text: [
      `Hello ${user.name ?? user.username},`,
      '',
      'Someone (we hope you) asked to reset the password of your Social Resizer account. Choose a new one here:',
      '',
      link,
      '',
      'The link works once, within an hour. If you did not ask, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Sets a new password with a reset token: the token is taken (deleted) first, so it works once even
 * when two requests race; the password change ends every other link, and every session of the account ends.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<User> {
  const taken = await db
    .delete(passwordResets)
    .where(eq(passwordResets.tokenHash, await hashToken(token)))
    .returning()
    .get();
  if (!taken || taken.expiresAt.getTime() <= now.getTime()) throw new ApiError(400, RESET_LINK_INVALID_MESSAGE);
  const user = await db.select().from(users).where(eq(users.id, taken.userId)).get();
  if (!user) throw new ApiError(400, RESET_LINK_INVALID_MESSAGE);
  await changePassword(db, user, password);
  await endAllSessions(db, user.id);
  // The owner proved they hold the address: failed guesses at the old password no longer lock them out.
  await clearUserFailures(db, throttleKeys(user.username, undefined));
  return user;
}
