import { PLATFORM_SLUGS } from './platform-slugs';

/**
 * The paths the React app answers, so the worker can give an unknown path a 404 status while the
 * app still renders its "Page not found" screen. test/app/routes.test.tsx keeps this list equal to
 * the router's, and the blog's slugs equal to its articles.
 */
export const APP_PAGES = [
  '/',
  '/about',
  '/account',
  '/admin',
  '/admin-login',
  '/auth',
  '/batch',
  '/blog',
  '/careers',
  '/checkout',
  '/contact',
  '/cookies',
  '/forgot-password',
  '/formats',
  '/help',
  '/outbox',
  '/pricing',
  '/privacy',
  '/reset-password',
  '/terms',
  '/unlimited-access',
] as const;

export const ARTICLE_SLUGS = [
  'social-media-image-sizes-guide',
  'linkedin-banner-not-cut-off',
  'youtube-channel-art-every-screen',
  'one-picture-every-platform-launch',
  'profile-pictures-blurry-mistakes',
  'how-content-aware-resizing-works',
  'platform-image-size-changes',
  'app-store-listing-from-one-design',
] as const;

const PAGES = new Set<string>(APP_PAGES);
const SLUGS = new Set<string>(ARTICLE_SLUGS);

/** Whether the app has a page at this path (a trailing slash is the same page). */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PAGES.has(path)) return true;
  const [, section, id, ...rest] = path.split('/');
  if (rest.length > 0 || !id) return false;
  if (section === 'blog') return SLUGS.has(id);
  if (section === 'formats') return PLATFORM_SLUGS.includes(id);
  // Checkout pages for an image request: the page itself says when the id is not the caller's.
  return section === 'checkout';
}

/**
 * The pages the build draws ahead of time (scripts/prerender.ts), the same for every visitor: what
 * they show does not depend on the address's query, and where it depends on who is signed in
 * (pricing, sign in, unlimited access, batch) the drawn page is what shows before the session is
 * known: the offer and the forms, never an upsell or a Sign In to a customer. The worker answers them
 * with the drawn page, so a phone shows the text before the app's script has arrived
 * (docs/decisions/0015-first-paint.md); the app then takes the page over.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/help',
  '/blog',
  ...ARTICLE_SLUGS.map((slug) => `/blog/${slug}`),
  '/formats',
  ...PLATFORM_SLUGS.map((slug) => `/formats/${slug}`),
  '/careers',
  '/contact',
  '/about',
  '/privacy',
  '/terms',
  '/cookies',
  '/forgot-password',
  '/pricing',
  '/auth',
  '/unlimited-access',
  '/batch',
] as const;

/** Where the build writes a prerendered page, in the static files: '/' → /pages/home, '/help' → /pages/help. */
export function prerenderedAsset(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!(PRERENDERED_PAGES as readonly string[]).includes(path)) return null;
  return `/pages${path === '/' ? '/home' : path}`;
}

/**
 * The app's "Page not found", drawn by the build as any drawn page is, so an unknown address shows
 * it before (or without) the app's script; `NOT_FOUND_DRAWN_FROM` is a path no page has.
 */
export const NOT_FOUND_ASSET = '/pages/not-found';
export const NOT_FOUND_DRAWN_FROM = '/this-page-does-not-exist';

/** The key, in that file, of the scripts every page needs: the app that app/boot.ts starts. */
export const EVERY_PAGE = '*';

/** Where the build writes each route file's scripts (scripts/route-preloads.ts), for the worker. */
export const ROUTE_PRELOADS_PATH = '/assets/route-preloads.json';

/** The `<meta>` in which the worker names a drawn page's scripts, for app/boot.ts to preload after its paint. */
export const APP_SCRIPTS_META = 'app-scripts';

/**
 * The route file (app/routes/<name>.tsx, without .tsx) that draws the page at this path, or null
 * for a path the app has no page for: the worker names that route's scripts in the page it answers
 * (docs/decisions/0015-first-paint.md).
 */
export function routeFileOf(pathname: string): string | null {
  if (!isAppPage(pathname)) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'index';
  const [, section, id] = path.split('/');
  if (section === 'blog') return id ? 'blog.$slug' : 'blog.index';
  if (section === 'checkout') return id ? 'checkout.$imageRequestId' : 'checkout.index';
  if (section === 'formats') return id ? 'formats.$platform' : 'formats.index';
  return section!;
}
