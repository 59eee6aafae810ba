import { Hono } from 'hono';
import { checkAllowance } from '../services/access/allowance';
import type { AppEnv } from '../types';

/**
 * The caller's free downloads: headers X-RateLimit-Limit, -Remaining and -Reset (seconds since the
 * epoch when the oldest counted download leaves the 24-hour window), and the same as JSON.
 * Unlimited users get `unlimited: true` and no Remaining header (nothing is counted for them).
 */
export const allowanceRoutes = new Hono<AppEnv>().get('/check-rate-limits', async (c) => {
  const status = await checkAllowance(c.env.DOWNLOAD_COUNTER, c.get('caller'));
  c.header('Cache-Control', 'no-store');
  if (status.unlimited) return c.json({ unlimited: true });
  c.header('X-RateLimit-Limit', String(status.limit));
  c.header('X-RateLimit-Remaining', String(status.remaining));
  if (status.resetAt !== null) c.header('X-RateLimit-Reset', String(Math.ceil(status.resetAt / 1000)));
  return c.json(status);
});
