// Secrets and optional settings (wrangler secret put / .dev.vars), beside the bindings that
// worker-configuration.d.ts generates from wrangler.toml. All optional: empty means the default.
interface Env {
  /** sk_test_… or sk_live_…; with none, the local test payment provider runs (never in production). */
  STRIPE_SECRET_KEY?: string;
  /** pk_test_… or pk_live_…, handed to the checkout page. */
  STRIPE_PUBLISHABLE_KEY?: string;
  /** whsec_…, verifies POST /api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The admin area's password (wrangler secret put ADMIN_PASSWORD); none in production: 503. */
  ADMIN_PASSWORD?: string;
  /** Resend API key (re_…) for e-mail (password reset); none: /outbox in development, 503 in production. */
  RESEND_API_KEY?: string;
  /** The sender, for example "Social Resizer <no-reply@socialresizer.example>". */
  MAIL_FROM?: string;
  /** Where the Stripe SDK sends requests; set only by tests, which run a fake Stripe. */
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
}
