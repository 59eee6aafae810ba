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

  it('requires PUBLIC_ORIGIN to be an origin exactly as browsers send it, and https in production', () => {
    for (const bad of [
      '', // wrangler.toml's placeholder: the deployed worker refuses to serve until it is set
      'resizer.example',
      'https://resizer.example/',
      'https://resizer.example/app',
      'https://resizer.example?x=1',
      'https://user@resizer.example',
      'HTTPS://Resizer.example',
      'ftp://resizer.example',
    ])
      expect(() => checkEnv({ ...env, PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN must be the site's origin/);
    expect(() => checkEnv({ ...env, PUBLIC_ORIGIN: 'http://localhost:8787' })).not.toThrow();
    const production = { ...env, ENVIRONMENT: 'production' };
    expect(() => checkEnv({ ...production, PUBLIC_ORIGIN: 'http://resizer.example' })).toThrow(
      /PUBLIC_ORIGIN must be https in production/,
    );
    expect(() => checkEnv({ ...production, PUBLIC_ORIGIN: 'https://resizer.example' })).not.toThrow();
  });

  it('lets production start without its secrets (what needs one answers 503), but not with a malformed one', () => {
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      PUBLIC_ORIGIN: 'https://resizer.example',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      ADMIN_PASSWORD: undefined,
      RESEND_API_KEY: undefined,
      MAIL_FROM: undefined,
    };
    expect(() => checkEnv(production)).not.toThrow();
    expect(() => checkEnv({ ...production, RESEND_API_KEY: 'key', MAIL_FROM: 'x' })).toThrow(/Resend API key/);
    expect(() => checkEnv({ ...production, ADMIN_PASSWORD: 'short' })).toThrow(/at least 12 characters/);
  });

  it('treats empty secrets as unset, as the .dev.vars template leaves them', () => {
    expect(() =>
      checkEnv({ ...env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ADMIN_PASSWORD: '' } as Env),
    ).not.toThrow();
  });
});
