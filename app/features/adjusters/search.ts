/**
 * The home page's search params of the adjusters, as the route checks them (app/routes/index.tsx):
 * apart from address.ts, so every page's first script carries the check and not the tools' code.
 */
import { FILL_TOKEN } from '../../../shared/fill';
import { z } from '../../../shared/zod';
import { ADJUSTER_STEPS } from './steps';

/** Every target the catalogue and the user's own sizes may have (custom ids run to 16 digits). */
const TARGETS_PATTERN = /^\d{1,16}(,\d{1,16}){0,199}$/;
const FOCUS_PATTERN = /^\d{1,5}(,\d{1,5}){3}$/;

export const adjusterSearch = {
  astep: z.enum(ADJUSTER_STEPS).optional().catch(undefined),
  aupload: z.uuid().optional().catch(undefined),
  source: z.coerce.number().int().positive().optional().catch(undefined),
  targets: z.coerce.string().regex(TARGETS_PATTERN).optional().catch(undefined),
  ai: z.literal('off').optional().catch(undefined),
  fill: z.coerce.string().regex(FILL_TOKEN).optional().catch(undefined),
  focus: z.coerce.string().regex(FOCUS_PATTERN).optional().catch(undefined),
  run: z.uuid().optional().catch(undefined),
};
export type AdjusterSearch = { [K in keyof typeof adjusterSearch]?: z.infer<(typeof adjusterSearch)[K]> };
