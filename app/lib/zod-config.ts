import { z } from 'zod';

/**
 * Zod compiles fast validators with `new Function` unless told not to. The site's CSP forbids
 * eval (no 'unsafe-eval'), so every probe would be a reported violation: run jitless instead.
 * Imported first by main.tsx, before any schema is defined.
 */
z.config({ jitless: true });
