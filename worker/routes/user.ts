import { Hono, type Context } from 'hono';
import { changePasswordSchema, deleteAccountSchema, type SessionAnswer } from '../../shared/schemas';
import type { User } from '../db/schema';
import { clock } from '../lib/clock';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { newVisitor } from '../middleware/visitor';
import { changePassword, confirmPassword, deleteAccount } from '../services/people/accounts';
import { listPurchases } from '../services/access/purchases';
import { listReceipts } from '../services/access/receipts';
import { currentUser, endSession, startSession } from '../middleware/session';
import { endAllSessions, toPublicUser } from '../services/people/sessions';
import type { AppEnv } from '../types';

/** The signed-in user, or 401. */
async function requireUser(c: Context<AppEnv>): Promise<User> {
  const user = await currentUser(c);
  if (!user) throw new ApiError(401, 'Not signed in');
  return user;
}

export const userRoutes = new Hono<AppEnv>()
  /**
   * Who is signed in, for every page: a visitor is an answer (`{ user: null }`), not a 401, so a
   * visitor's pages log no error. `GET /api/user` stays the signed-in user's own resource (401 otherwise).
   */
  .get('/session', async (c) => {
    const user = await currentUser(c);
    const answer: SessionAnswer = { user: user ? toPublicUser(user) : null };
    return c.json(answer);
  })
  .get('/user', async (c) => c.json(toPublicUser(await requireUser(c))))
  .get('/user/purchases', async (c) => c.json(await listPurchases(c.get('db'), (await requireUser(c)).id)))
  .get('/user/payments', async (c) => c.json(await listReceipts(c.get('db'), (await requireUser(c)).id)))
  /** A new password ends every session of the user; this browser gets a new one. */
  .post('/user/password', validate('json', changePasswordSchema), async (c) => {
    const user = await requireUser(c);
    const db = c.get('db');
    const { currentPassword, newPassword } = c.req.valid('json');
    await confirmPassword(db, user, currentPassword, c.req.header('CF-Connecting-IP'), clock.now());
    await changePassword(db, user, newPassword);
    await endAllSessions(db, user.id);
    await startSession(c, user);
    return c.json({ message: 'Password changed' });
  })
  /** Deletes the account, its sessions and its pictures, with the password re-entered. */
  .delete('/user', validate('json', deleteAccountSchema), async (c) => {
    const user = await requireUser(c);
    const db = c.get('db');
    await confirmPassword(db, user, c.req.valid('json').password, c.req.header('CF-Connecting-IP'), clock.now());
    await deleteAccount(db, c.env.BUCKET, user);
    await endSession(c);
    newVisitor(c);
    return c.json({ message: 'Account deleted' });
  });
