import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../worker/environment';

describe('the environment check at start-up', () => {
  it('accepts the configured environment and names every problem of a broken one', () => {
    expect(() => checkEnv(env)).not.toThrow();
    const broken = { ...env, DB: undefined, STRIPE_SECRET_KEY: 'pk_test_oops', ENVIRONMENT: 'prod' } as unknown as Env;
    expect(() => checkEnv(broken)).toThrow(
      /DB \(D1\) binding is missing.*ENVIRONMENT must be.*STRIPE_SECRET_KEY must be a secret key/,
    );
  });

  it('requires a mail provider in production, where no local outbox exists', () => {
    const production = { ...env, ENVIRONMENT: 'production', ADMIN_PASSWORD: 'a-long-admin-password' } as Env;
    expect(() => checkEnv(production)).toThrow(/RESEND_API_KEY and MAIL_FROM are required in production/);
    expect(() => checkEnv({ ...production, RESEND_API_KEY: 'key', MAIL_FROM: 'x' })).toThrow(/Resend API key/);
    expect(() =>
      checkEnv({ ...production, RESEND_API_KEY: 're_abc123', MAIL_FROM: 'Social Resizer <no-reply@example.com>' }),
    ).not.toThrow();
  });

  it('treats empty secrets as unset, as the .dev.vars template leaves them', () => {
    expect(() =>
      checkEnv({ ...env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ADMIN_PASSWORD: '' } as Env),
    ).not.toThrow();
  });
});
