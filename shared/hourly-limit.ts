import { z } from './zod';

/**
 * An hourly limit reached (a 429's `limit`, beside its message): which, how many an hour, how many
 * are left, when the oldest counted one leaves the rolling hour, and what would raise it for the
 * caller ('sign-in', 'unlimited', or null when nothing would). Pages say it where the action is
 * (docs/product.md, "Hourly limits").
 */
export const hourlyLimitSchema = z.lazy(() =>
  z.object({
    kind: z.enum(['conversions', 'uploads']),
    perHour: z.number().int().positive(),
    remaining: z.number().int().nonnegative(),
    resetAt: z.iso.datetime(),
    raisedBy: z.enum(['sign-in', 'unlimited']).nullable(),
  }),
);
export type HourlyLimit = z.infer<typeof hourlyLimitSchema>;
