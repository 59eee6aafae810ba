/**
 * Zod, configured before any schema is made. Zod compiles fast object validators with
 * `new Function` unless told not to; the site's CSP forbids eval (no 'unsafe-eval'), so the browser
 * would report every probe as a violation. Whether a schema may compile is fixed when it is made,
 * so the setting must come before every schema in whatever order the bundle's chunks run: every
 * schema in app/ and shared/ takes `z` from here (an ESLint rule holds it). Workers allow no eval
 * either, so the worker loses nothing. Schemas made when a module loads are wrapped in `z.lazy`,
 * so a page's start makes only those it uses (shared/schemas.ts).
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
