import type { Context } from 'hono';
import type { AppEnv } from '../types';
import type { Owner } from './owner';
import { currentUser } from './sessions';

/** The owner of what this request creates or reads: the signed-in user, and always this browser. */
export async function ownerOf(c: Context<AppEnv>): Promise<Owner> {
  const user = await currentUser(c);
  return { userId: user?.id ?? null, visitorId: c.get('visitorId') };
}
