import { Hono } from 'hono';
import { ApiError } from '../lib/errors';
import { currentUser, toPublicUser } from '../services/sessions';
import type { AppEnv } from '../types';

/** The current user; 401 means nobody is signed in. */
export const userRoutes = new Hono<AppEnv>().get('/user', async (c) => {
  const user = await currentUser(c);
  if (!user) throw new ApiError(401, 'Not signed in');
  return c.json(toPublicUser(user));
});
