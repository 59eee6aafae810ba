import { createMiddleware } from 'hono/factory';
import type { ImageRequest, Upload } from '../db/schema';
import { parseId } from '../routes/params';
import { getLiveRequest } from '../services/uploads/image-requests';
import { endInterruptedConversions } from '../services/conversions/rows';
import type { AppEnv } from '../types';

/** The image request a route's `:id` names, with its upload: the caller's, and not expired. */
export type LiveRequest = { request: ImageRequest; upload: Upload };
/** A route's environment after `liveRequest`. */
export type LiveEnv = AppEnv & { Variables: { live: LiveRequest } };

/**
 * Loads the request the path names once, for the route after it (`c.get('live')`): 404 when it is
 * not the caller's, 410 once its picture was deleted. Its renders cut off with their isolate end
 * here, before any of its rows are read (services/conversions/rows.ts, the lease).
 */
export const liveRequest = createMiddleware<LiveEnv>(async (c, next) => {
  const live = await getLiveRequest(c.get('db'), parseId(c.req.param()).id, c.get('caller'));
  await endInterruptedConversions(c.get('deps'), live.request.id);
  c.set('live', live);
  await next();
});
