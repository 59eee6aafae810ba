import { Hono } from 'hono';
import { loginSchema, registerSchema } from '../../shared/schemas';
import { clock } from '../lib/clock';
import { validate } from '../lib/validate';
import { newVisitor } from '../middleware/visitor';
import { claimVisitorWork, logIn, register } from '../services/accounts';
import { takeRegistration } from '../services/rate-limits';
import { endSession, startSession } from '../middleware/session';
import { toPublicUser } from '../services/sessions';
import type { AppEnv } from '../types';

/** Register, log in and log out. Signing in claims what this browser did anonymously. */
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
  .post('/logout', async (c) => {
    await endSession(c);
    // A fresh anonymous identity: the next person at this browser sees nothing of the last one's.
    newVisitor(c);
    return c.json({ message: 'Logged out' });
  });
