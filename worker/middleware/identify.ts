import type { MiddlewareHandler } from 'hono';
import { currentUser } from './session';
import type { AppEnv } from '../types';

/**
 * Who is asking, resolved once per API request into plain values the services take: the caller
 * (signed-in user and IP address, for limits and the pixel rule) and the owner of what the request
 * reads or creates (the user, and always this browser's visitor id).
 */
export const identify: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await currentUser(c);
  c.set('caller', { user, ip: c.req.header('CF-Connecting-IP') ?? null, visitorId: c.get('visitorId') });
  await next();
};
