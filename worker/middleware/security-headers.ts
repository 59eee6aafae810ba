import type { MiddlewareHandler } from 'hono';
import { ROUTE_PRELOADS_PATH } from '../../shared/pages';

/**
 * Security headers, in one place (no worker-only imports: vite.config.ts reads it too): the worker
 * sets them on everything it answers (API, uploaded files), and the build writes the same policy
 * for the static app into `_headers`, which Cloudflare's asset server applies to every file and to
 * the single-page fallback, with the cache rule of the build's hashed files.
 */

/**
 * The app's Content-Security-Policy: only our own origin, plus what Stripe.js documents it needs
 * (its script, its card and 3-D Secure frames, its API, its images). `style-src 'unsafe-inline'`
 * because react-easy-crop and Stripe inject style elements; no inline script is allowed.
 * `'wasm-unsafe-eval'` lets the quality preview compile the JPEG and WebP encoders it loads from our
 * own origin (WebAssembly only: JavaScript eval stays refused).
 * Nothing may frame the site: Stripe frames its own pages inside ours, never ours inside it.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * What the worker answers is JSON or an image, never a page: nothing in it may run or be framed,
 * and `sandbox` keeps even a mislabelled file from acting as our origin.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const HSTS = 'max-age=63072000; includeSubDomains';

const COMMON: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
};

/**
 * The headers every worker response carries: the app's policy on its pages (routes/pages.ts marks
 * them), the closed API policy on everything else; HSTS only in production (browsers ignore it over
 * plain http anyway).
 */
export function securityHeaders(): MiddlewareHandler<{ Variables: { page?: boolean } }> {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(COMMON)) c.res.headers.set(name, value);
    c.res.headers.set('Content-Security-Policy', c.get('page') ? APP_CSP : API_CSP);
    if ((c.env as { ENVIRONMENT?: string } | undefined)?.ENVIRONMENT === 'production')
      c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

/**
 * The `_headers` file for the static app (Cloudflare Workers static assets). It is only ever
 * served by Cloudflare over https in production, or on a local http preview where browsers
 * ignore HSTS, so HSTS is always written here. The build's scripts, styles and codecs carry their
 * content's hash in their names (/assets/), so a browser keeps them for a year without asking
 * again; the one file there without a hash, the route-preloads map the worker reads, is asked for
 * every time.
 */
export function staticHeadersFile(): string {
  const lines = Object.entries({
    ...COMMON,
    'Content-Security-Policy': APP_CSP,
    'Strict-Transport-Security': HSTS,
  }).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '# Written by vite.config.ts from worker/middleware/security-headers.ts: do not edit.',
    '/*',
    ...lines,
    '/assets/*',
    `  Cache-Control: ${HASHED_ASSET_CACHE}`,
    ROUTE_PRELOADS_PATH,
    '  ! Cache-Control',
    '',
  ].join('\n');
}

/** How long a browser keeps a file whose name changes with its content. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
