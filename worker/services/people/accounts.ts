/**
 * Accounts: registration, login, password change and deletion. The routes only translate HTTP;
 * every rule lives here.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerSchema } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { imageRequests, passwordResets, payments, uploads, users, type User } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { deletePrefix } from '../uploads/cleanup';
import { assertNotThrottled, clearUserFailures, recordFailure, throttleKeys } from './login-throttle';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './passwords';
import { uploadPrefix } from '../uploads/storage-keys';

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken. Please choose another.';
export const EMAIL_TAKEN_MESSAGE = 'An account with that email address already exists. Please log in instead.';
export const WRONG_PASSWORD_MESSAGE = 'That password is not correct';

function findByUsername(db: Db, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .get();
}

function findByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .get();
}

/** 409 naming what is taken: the username first, then the e-mail address. */
async function assertAvailable(db: Db, username: string, email: string): Promise<void> {
  if (await findByUsername(db, username)) throw new ApiError(409, USERNAME_TAKEN_MESSAGE);
  if (await findByEmail(db, email)) throw new ApiError(409, EMAIL_TAKEN_MESSAGE);
}

export async function register(db: Db, input: z.output<typeof registerSchema>): Promise<User> {
  await assertAvailable(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ username: input.username, email: input.email.trim(), name: input.name, passwordHash })
      .returning();
    if (!user) throw new Error('user row was not written');
    return user;
  } catch (error) {
    // Two registrations raced past the check: the unique indexes decide, and the answer says which.
    if (error instanceof Error && /UNIQUE/i.test(String(error.cause ?? error.message))) {
      await assertAvailable(db, input.username, input.email);
    }
    throw error;
  }
}

/** The user for a username and password, or the one 401 for both a wrong password and an unknown name. */
export async function logIn(
  db: Db,
  input: { username: string; password: string },
  ip: string | undefined,
  now: Date,
): Promise<User> {
  const keys = throttleKeys(input.username, ip);
  await assertNotThrottled(db, keys, now);
  const user = await findByUsername(db, input.username);
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!user || !ok) {
    await recordFailure(db, keys, now);
    throw new ApiError(401, INVALID_LOGIN_MESSAGE);
  }
  await clearUserFailures(db, keys);
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return user;
}

/**
 * Re-checks a signed-in user's password before a change that cannot be undone. Wrong answers count
 * towards the login throttle, so a stolen session cannot be used to guess the password.
 */
export async function confirmPassword(
  db: Db,
  user: User,
  password: string,
  ip: string | undefined,
  now: Date,
): Promise<void> {
  const keys = throttleKeys(user.username, ip);
  await assertNotThrottled(db, keys, now);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(db, keys, now);
    throw new ApiError(403, WRONG_PASSWORD_MESSAGE);
  }
}

/** A new password; any password reset link still out stops working. */
export async function changePassword(db: Db, user: User, newPassword: string): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, user.id)),
    db.delete(passwordResets).where(eq(passwordResets.userId, user.id)),
  ]);
}

/**
 * What this browser did before signing in (uploads, image requests, a single-image purchase)
 * becomes the account's, so it shows in the purchase history and follows the user anywhere.
 */
export async function claimVisitorWork(db: Db, userId: string, visitorId: string): Promise<void> {
  await db.batch([
    db
      .update(uploads)
      .set({ userId })
      .where(and(isNull(uploads.userId), eq(uploads.visitorId, visitorId))),
    db
      .update(imageRequests)
      .set({ userId })
      .where(and(isNull(imageRequests.userId), eq(imageRequests.visitorId, visitorId))),
    db
      .update(payments)
      .set({ userId })
      .where(and(isNull(payments.userId), eq(payments.visitorId, visitorId))),
  ]);
}

/**
 * Deletes the account: first its pictures in R2 (so no file outlives its row unseen by the 7-day
 * cleanup), then the user, whose sessions, uploads, requests and conversions go with it. Payment
 * records stay for accounting, with nothing left that points to a person.
 */
export async function deleteAccount(db: Db, bucket: R2Bucket, user: User): Promise<void> {
  const owned = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, user.id));
  for (const { id } of owned) await deletePrefix(bucket, uploadPrefix(id));
  const requestIds = db.select({ id: imageRequests.id }).from(imageRequests).where(eq(imageRequests.userId, user.id));
  await db.batch([
    db
      .update(payments)
      .set({ userId: null, visitorId: null, imageRequestId: null })
      .where(eq(payments.userId, user.id)),
    db
      .update(payments)
      .set({ visitorId: null, imageRequestId: null })
      .where(inArray(payments.imageRequestId, requestIds)),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
}
