import { Hono } from 'hono';
import { memoryReport, resetPeak } from '@social-resizer/engine';
import { ApiError } from '../lib/errors';
import { readUsage, resetUsage } from '../lib/usage';
import type { AppEnv } from '../types';

/**
 * What the local server measures for the benchmarks, development only (a deployed worker answers
 * 404, as for any path it does not serve): the isolate's memory ledger (engine/memory.ts: what it
 * holds now and its peak) for `npm run bench -- isolate`, and the billable work counted
 * (lib/usage.ts) for `npm run bench -- costs`. DELETE starts either again.
 */
export const devRoutes = new Hono<AppEnv>()
  .use('/dev/*', async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, `Not found: ${c.req.method} ${c.req.path}`);
    await next();
  })
  .get('/dev/memory', (c) => c.json(memoryReport()))
  .delete('/dev/memory', (c) => {
    resetPeak();
    return c.body(null, 204);
  })
  .get('/dev/usage', (c) => c.json(readUsage()))
  .delete('/dev/usage', (c) => {
    resetUsage();
    return c.body(null, 204);
  });
