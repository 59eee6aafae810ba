import { Hono } from 'hono';
import { loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema } from '../../shared/schemas';
import { clock } from '../lib/clock';
import { validate } from '../lib/validate';
import { newVisitor } from '../middleware/visitor';
import { claimVisitorWork, logIn, register } from '../services/people/accounts';
import { assertMailAvailable, readOutbox, sendMail, usesOutbox } from '../services/people/mail';
import { requestPasswordReset, RESET_REQUESTED_MESSAGE, resetPassword } from '../services/people/password-reset';
import { takePasswordReset, takeRegistration } from '../services/access/rate-limits';
import { handleNotFound } from '../lib/errors';
import { log } from '@social-resizer/engine/log';
import { endSession, startSession } from '../middleware/session';
import { toPublicUser } from '../services/people/sessions';
import type { AppEnv } from '../types';

/**
 * Register, log in, log out and reset a forgotten password. Signing in claims what this browser did
 * anonymously.
 */
export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const db = c.get('db');
    const grant = await takeRegistration(c.env.DOWNLOAD_COUNTER, c.get('caller'));
    // Only accounts actually created count: a taken username costs nothing.
    const user = await register(db, c.req.valid('json')).catch(async (error: unknown) => {
      await grant.release();
      throw error;
    });
    await startSession(c, user);
    await claimVisitorWork(db, user.id, c.get('visitorId'));
    return c.json(toPublicUser(user), 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const db = c.get('db');
    const user = await logIn(db, c.req.valid('json'), c.req.header('CF-Connecting-IP'), clock.now());
    await startSession(c, user);
    await claimVisitorWork(db, user.id, c.get('visitorId'));
    return c.json(toPublicUser(user));
  })
  /**
   * The same answer whether or not an account uses the address; the e-mail is sent after answering.
   * The link names PUBLIC_ORIGIN, never the request's Host, which the asker chooses.
   */
  .post('/password-reset', validate('json', passwordResetRequestSchema), async (c) => {
    assertMailAvailable(c.env);
    await takePasswordReset(c.env.DOWNLOAD_COUNTER, c.get('caller'));
    const db = c.get('db');
    const mail = await requestPasswordReset(db, c.req.valid('json').email, c.env.PUBLIC_ORIGIN, clock.now());
    if (mail) {
      c.executionCtx.waitUntil(
        sendMail(c.env, db, mail).catch((error: unknown) =>
          log('error', 'password reset mail failed', { error: String(error) }),
        ),
      );
    }
    return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
  })
  /** A new password from a reset link: every other session ends, and this browser is signed in. */
  .post('/password-reset/confirm', validate('json', passwordResetSchema), async (c) => {
    const db = c.get('db');
    const { token, password } = c.req.valid('json');
    const user = await resetPassword(db, token, password, clock.now());
    await startSession(c, user);
    await claimVisitorWork(db, user.id, c.get('visitorId'));
    return c.json(toPublicUser(user));
  })
  /** Development without a mail provider: the messages the app would have e-mailed. */
  .get('/outbox', async (c) => {
    if (!usesOutbox(c.env)) return handleNotFound(c);
    const messages = await readOutbox(c.get('db'));
    return c.json(messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })));
  })
  .post('/logout', async (c) => {
    await endSession(c);
    // A fresh anonymous identity: the next person at this browser sees nothing of the last one's.
    newVisitor(c);
    return c.json({ message: 'Logged out' });
  });
