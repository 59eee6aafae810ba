import { Hono } from 'hono';
import { isAppPage } from '../../shared/pages';
import { handleNotFound } from '../lib/errors';
import type { AppEnv } from '../types';

/**
 * Every path that is neither a built file nor the API reaches the worker (wrangler.toml
 * `run_worker_first`): the app's page (index.html from the assets binding) answers it, with 200
 * for a page the app has and 404 for any other path, whose page then shows "Page not found".
 */
export const pageRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '*', async (c) => {
  const { pathname } = new URL(c.req.url);
  if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) return handleNotFound(c);
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const isPage = asset.headers.get('Content-Type')?.startsWith('text/html') ?? false;
  if (isPage) c.set('page', true);
  const status = isPage && !isAppPage(pathname) ? 404 : asset.status;
  // A fresh response: the binding's headers may be immutable, and the security middleware sets its own.
  return new Response(asset.body, { status, headers: asset.headers });
});
