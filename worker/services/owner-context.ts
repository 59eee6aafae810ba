import type { Context } from 'hono';
import type { AppEnv } from '../types';
import type { Owner } from './owner';

/** The owner of what this request creates or reads. */
export function ownerOf(c: Context<AppEnv>): Owner {
  return { userId: null, visitorId: c.get('visitorId') };
}
