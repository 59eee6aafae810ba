import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from '../lib/errors';
import { clock } from '../lib/clock';
import { findSessionUser, SESSION_COOKIE, toPublicUser } from '../services/sessions';
import type { AppEnv } from '../types';

/** The current user; 401 means nobody is signed in. */
export const userRoutes = new Hono<AppEnv>().get('/user', async (c) => {
  const user = await findSessionUser(c.get('db'), getCookie(c, SESSION_COOKIE), clock.now());
  if (!user) throw new ApiError(401, 'Not signed in');
  return c.json(toPublicUser(user));
});
