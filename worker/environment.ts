/**
 * The environment, checked once per isolate before anything uses it: every binding wrangler.toml
 * declares is there, and every variable and secret has a usable shape. A deploy that forgot a
 * binding or pasted a publishable key as the secret key fails loudly on its first request (a 500
 * with a plain message, the reason in the log) instead of half-working.
 *
 * A secret that is merely missing is not a start-up failure: what needs it answers 503 in
 * production and the rest of the site keeps serving (docs/decisions/0011-fail-closed-when-deployed.md).
 */
import { z } from 'zod';

const binding = (name: string, method: string) =>
  z.custom<object>((v) => typeof v === 'object' && v !== null && method in v, `${name} binding is missing`);
/** The site's origin exactly as a browser's Origin header names it: http(s), host, port; no path, query or slash. */
const publicOrigin = z
  .string()
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v,
    "PUBLIC_ORIGIN must be the site's origin, scheme and host only, such as https://social-resizer.example (wrangler.toml [vars])",
  );
/** Empty is the same as unset (the .dev.vars template leaves them empty). */
const secret = (pattern: RegExp, what: string) => z.union([z.literal(''), z.string().regex(pattern, what)]).optional();

const envSchema = z
  .object({
    DB: binding('DB (D1)', 'prepare'),
    BUCKET: binding('BUCKET (R2)', 'put'),
    DOWNLOAD_COUNTER: binding('DOWNLOAD_COUNTER (Durable Object)', 'idFromName'),
    RENDER_NEWS: binding('RENDER_NEWS (Durable Object)', 'idFromName'),
    CONVERSIONS: binding('CONVERSIONS (queue)', 'sendBatch'),
    ENVIRONMENT: z.enum(['development', 'production'], 'ENVIRONMENT must be development or production'),
    PUBLIC_ORIGIN: publicOrigin,
    STRIPE_SECRET_KEY: secret(
      /^(sk|rk)_(test|live)_\w+$/,
      'STRIPE_SECRET_KEY must be a secret key (sk_test_… or sk_live_…)',
    ),
    STRIPE_PUBLISHABLE_KEY: secret(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)'),
    STRIPE_WEBHOOK_SECRET: secret(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook secret (whsec_…)'),
    ADMIN_PASSWORD: z.string().optional(),
    RESEND_API_KEY: secret(/^re_\w+$/, 'RESEND_API_KEY must be a Resend API key (re_…)'),
    MAIL_FROM: z.string().optional(),
  })
  .refine((env) => env.ENVIRONMENT !== 'production' || (env.ADMIN_PASSWORD ?? '').length >= 12 || !env.ADMIN_PASSWORD, {
    message: 'ADMIN_PASSWORD must be at least 12 characters in production',
  })
  .refine((env) => env.ENVIRONMENT !== 'production' || !env.PUBLIC_ORIGIN.startsWith('http:'), {
    message: 'PUBLIC_ORIGIN must be https in production',
  });

const checked = new WeakSet<object>();

/** Throws (with every problem named) unless the environment is usable; checks each env object once. */
export function checkEnv(env: Env): void {
  if (checked.has(env)) return;
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`The worker's environment is not usable: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  checked.add(env);
}
