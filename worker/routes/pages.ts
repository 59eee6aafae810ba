import { Hono } from 'hono';
import {
  APP_SCRIPTS_META,
  EVERY_PAGE,
  isAppPage,
  NOT_FOUND_ASSET,
  prerenderedAsset,
  ROUTE_PRELOADS_PATH,
  routeFileOf,
} from '../../shared/pages';
import { handleNotFound } from '../lib/errors';
import type { AppEnv } from '../types';

/**
 * Every path that is neither a built file nor the API reaches the worker (wrangler.toml
 * `run_worker_first`): the app's page (index.html from the assets binding) answers it, with 200
 * for a page the app has and 404 for any other path, whose page then shows "Page not found".
 * A page the build drew ahead of time (PRERENDERED_PAGES), and "Page not found", are answered drawn. Every page names its
 * route's scripts (routePreloads): a page the app has to draw as `modulepreload` links, fetched beside
 * the entry; a drawn page in `<meta name="app-scripts">`, which app/boot.ts preloads once the page
 * has painted, so on a slow line they do not hold up the text (docs/decisions/0015-first-paint.md).
 */
export const pageRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '*', async (c) => {
  const { pathname } = new URL(c.req.url);
  if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) return handleNotFound(c);
  const fetchAsset = (path: string | null) =>
    c.env.ASSETS.fetch(path ? new Request(new URL(path, c.req.url), c.req.raw) : c.req.raw);
  const html = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
  let drawn = prerenderedAsset(pathname);
  let asset = await fetchAsset(drawn);
  // An address that is neither a file nor a page of the app: "Page not found", drawn by the build.
  if (!drawn && html(asset) && !isAppPage(pathname)) {
    drawn = NOT_FOUND_ASSET;
    asset = await fetchAsset(drawn);
  }
  const isPage = html(asset);
  if (isPage) c.set('page', true);
  const status = isPage && !isAppPage(pathname) ? 404 : asset.status;
  // A fresh response: the binding's headers may be immutable, and the security middleware sets its own.
  const page = new Response(asset.body, { status, headers: asset.headers });
  const route = isPage ? routeFileOf(pathname) : null;
  const preloads = isPage && asset.status < 300 ? await routePreloads(c.env.ASSETS, c.req.url) : {};
  const scripts = [...(preloads[EVERY_PAGE] ?? []), ...((route && preloads[route]) || [])];
  if (!isPage) return page;
  page.headers.delete('Content-Length');
  const links = !scripts.length
    ? ''
    : drawn
      ? `<meta name="${APP_SCRIPTS_META}" content="${scripts.map((file) => `/${file}`).join(' ')}">`
      : scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return new HTMLRewriter()
    .on('head', { element: (head) => void (links && head.append(links, { html: true })) })
    .on('link[rel="canonical"]', absolute('href', c.env.PUBLIC_ORIGIN))
    .on('meta[property="og:url"]', absolute('content', c.env.PUBLIC_ORIGIN))
    .transform(page);
});

/**
 * A drawn page's canonical and og:url name its path only (the build does not know the site's
 * address); a crawler wants the whole address, which PUBLIC_ORIGIN gives.
 */
function absolute(attribute: string, origin: string): HTMLRewriterElementContentHandlers {
  return {
    element: (element) => {
      const path = element.getAttribute(attribute);
      if (path?.startsWith('/')) element.setAttribute(attribute, new URL(path, origin).href);
    },
  };
}

type RouteScripts = Record<string, string[]>;
let routeScripts: Promise<RouteScripts> | undefined;

/**
 * The build's route file → scripts map (scripts/route-preloads.ts; docs/decisions/0015-first-paint.md),
 * read once per isolate. Without it (`vite dev` has none) pages simply name no extra scripts.
 */
function routePreloads(assets: Fetcher, url: string): Promise<RouteScripts> {
  routeScripts ??= assets
    .fetch(new URL(ROUTE_PRELOADS_PATH, url))
    .then((res) => (res.ok ? (res.json() as Promise<RouteScripts>) : {}))
    .catch(() => ({}));
  return routeScripts;
}
