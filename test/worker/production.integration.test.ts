import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { body, callWith } from './helpers';

afterEach(() => vi.restoreAllMocks());

// A deployed worker (wrangler.toml: ENVIRONMENT = "production") whose deployer forgot secrets:
// what needs a missing secret answers 503 and logs why; no local stand-in (the test card
// provider, the outbox, the local admin password) ever answers; the rest of the site serves.
const SITE = 'https://resizer.example';
const DEPLOYED = { ENVIRONMENT: 'production', PUBLIC_ORIGIN: SITE };
const NO_STRIPE = { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
const NO_ADMIN = { ADMIN_PASSWORD: undefined };
// The worker project's environment has no mail keys: production without them is the default here.
const NO_SECRETS = { ...DEPLOYED, ...NO_STRIPE, ...NO_ADMIN };

const randomIp = () => `10.${crypto.getRandomValues(new Uint8Array(3)).join('.')}`;
const send = (overrides: Partial<Env>, path: string, init: RequestInit & { json?: unknown } = {}) =>
  callWith(overrides, `${SITE}${path}`, {
    ...init,
    headers: { Origin: SITE, 'CF-Connecting-IP': randomIp(), ...init.headers },
  });
const post = (overrides: Partial<Env>, path: string, json?: unknown) =>
  send(overrides, path, { method: 'POST', ...(json === undefined ? {} : { json }) });

/** The error lines the worker logs while `run` runs. */
async function errorLogs(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
  await run();
  vi.restoreAllMocks();
  return lines;
}

async function expectUnavailable(res: Response, message: RegExp) {
  expect(res.status).toBe(503);
  // A retry works once the deployer has set the secret: said, as every 503 says when to try again.
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect((await body(res)).message).toMatch(message);
}

describe('a deployed worker with missing secrets', () => {
  it('without Stripe keys: payments answer 503 and say why in the log; the test card provider never runs', async () => {
    const lines = await errorLogs(async () => {
      const intent = await post(NO_SECRETS, '/api/create-payment-intent', {
        imageRequestId: crypto.randomUUID(),
        planId: 'single',
      });
      await expectUnavailable(intent, /^Payments are not available right now/);
      const card = await post(NO_SECRETS, '/api/local-payments/confirm', {
        clientSecret: 'pi_local_x_secret_y',
        number: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      });
      await expectUnavailable(card, /^Payments are not available right now/);
      await expectUnavailable(await post(NO_SECRETS, '/api/stripe/webhook', {}), /not configured/);
    });
    expect(lines.filter((l) => l.includes('no STRIPE_SECRET_KEY in production'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('Stripe webhook refused'))).toBe(true);
    // The checkout is told payments are off instead of being offered the test card form.
    expect(await body(await send(NO_SECRETS, '/api/payment-config'))).toEqual({
      mode: 'local',
      publishableKey: null,
      available: false,
    });
  });

  it('without mail keys: password reset answers 503 and writes no link; the outbox does not exist', async () => {
    const username = `deployed${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    expect((await post(NO_SECRETS, '/api/register', { username, email, password: 'correct horse' })).status).toBe(201);
    const lines = await errorLogs(async () => {
      await expectUnavailable(
        await post(NO_SECRETS, '/api/password-reset', { email }),
        /password reset is not available/,
      );
    });
    expect(lines.some((l) => l.includes('RESEND_API_KEY and MAIL_FROM are not both set in production'))).toBe(true);
    const links = await env.DB.prepare(
      'SELECT count(*) AS n FROM password_resets JOIN users ON users.id = password_resets.user_id WHERE users.username = ?',
    )
      .bind(username)
      .first<{ n: number }>();
    expect(links?.n).toBe(0);
    const mailed = await env.DB.prepare('SELECT count(*) AS n FROM outbox_messages WHERE "to" = ?')
      .bind(email)
      .first<{ n: number }>();
    expect(mailed?.n).toBe(0);
    expect((await send(NO_SECRETS, '/api/outbox')).status).toBe(404);
  });

  it('without ADMIN_PASSWORD: the whole admin area answers 503; local-admin opens nothing', async () => {
    const lines = await errorLogs(async () => {
      const login = await post(NO_SECRETS, '/api/admin/login', { password: 'local-admin' });
      await expectUnavailable(login, /^The admin area is not configured yet/);
      expect(login.headers.getSetCookie().filter((c) => c.startsWith('sr_admin='))).toEqual([]);
      for (const path of ['/api/admin/users', '/api/admin/payments', '/api/admin/session'])
        await expectUnavailable(await send(NO_SECRETS, path), /^The admin area is not configured yet/);
    });
    expect(lines.some((l) => l.includes('ADMIN_PASSWORD is not set in production'))).toBe(true);
  });

  it('keeps serving everything else: pages, health, accounts, uploads', async () => {
    expect((await send(NO_SECRETS, '/api/health')).status).toBe(200);
    expect((await send(NO_SECRETS, '/pricing')).status).toBe(200);
    const username = `serving${Date.now().toString(36)}`;
    const registered = await post(NO_SECRETS, '/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'correct horse',
    });
    expect(registered.status).toBe(201);
    expect((await post(NO_SECRETS, '/api/login', { username, password: 'correct horse' })).status).toBe(200);
    expect((await send(NO_SECRETS, '/api/platform-formats')).status).toBe(200);
  });

  it('with its secrets set, still never answers from a stand-in', async () => {
    const configured = { ...DEPLOYED, RESEND_API_KEY: 're_test', MAIL_FROM: 'Social Resizer <no-reply@example.com>' };
    expect((await send(configured, '/api/outbox')).status).toBe(404);
    expect((await post(configured, '/api/admin/login', { password: 'local-admin' })).status).toBe(401);
    expect(
      (
        await post(configured, '/api/local-payments/confirm', {
          clientSecret: 'pi_local_x_secret_y',
          number: '4242 4242 4242 4242',
          expiry: '12 / 34',
          cvc: '123',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses to serve at all until PUBLIC_ORIGIN is set (wrangler.toml leaves it empty)', async () => {
    const lines = await errorLogs(async () => {
      const res = await send({ ...DEPLOYED, PUBLIC_ORIGIN: '' }, '/api/health');
      expect(res.status).toBe(500);
    });
    expect(lines.some((l) => l.includes("PUBLIC_ORIGIN must be the site's origin"))).toBe(true);
  });
});
