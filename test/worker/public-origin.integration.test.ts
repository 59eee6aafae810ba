import { describe, expect, it } from 'vitest';
import { body, Browser, call, callWith, ORIGIN } from './helpers';

// The site's origin is PUBLIC_ORIGIN (http://localhost here, vitest.config.ts), never the Host a
// request names: on Cloudflare the request's URL is built from its Host header.
const EVIL = 'http://evil.example';
const CROSS_SITE = { message: 'Cross-site requests are not allowed' };

let counter = 0;
const fresh = (base: string) => `${base}${Date.now().toString(36)}${(counter++).toString(36)}`;
const randomIp = () => `10.${crypto.getRandomValues(new Uint8Array(3)).join('.')}`;

/** A reset asked of the worker at `host` with this Origin (every ask from its own address). */
const askReset = (host: string, origin: string, email: string, overrides: Partial<Env> = {}) =>
  callWith(overrides, `${host}/api/password-reset`, {
    method: 'POST',
    headers: { Origin: origin, 'CF-Connecting-IP': randomIp() },
    json: { email },
  });

/** Every link mailed to `email` (the local outbox; callWith waits for the mail sent after the answer). */
async function mailedLinks(email: string): Promise<string[]> {
  const messages = await body<{ to: string; text: string }[]>(await call('/api/outbox'));
  return messages.filter((m) => m.to === email).flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
}

async function account(): Promise<string> {
  const username = fresh('origin');
  const email = `${username}@example.com`;
  expect((await new Browser().register(username, { email })).status).toBe(201);
  return email;
}

const logout = (url: string, origin: string, overrides: Partial<Env> = {}) =>
  callWith(overrides, `${url}/api/logout`, { method: 'POST', headers: { Origin: origin } });

describe('the site’s origin comes from PUBLIC_ORIGIN, never from the request', () => {
  it('refuses a reset asked with a forged Host and a matching Origin, and mails nothing', async () => {
    const email = await account();
    const forged = await askReset(EVIL, EVIL, email);
    expect(forged.status).toBe(403);
    expect(await body(forged)).toEqual(CROSS_SITE);
    expect(await mailedLinks(email)).toEqual([]);
  });

  it('names PUBLIC_ORIGIN in the mailed link even when the Host is forged', async () => {
    const email = await account();
    // A non-browser can send our Origin with any Host: it passes, and the link is still ours.
    expect((await askReset(EVIL, ORIGIN, email)).status).toBe(202);
    const links = await mailedLinks(email);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=[\\w%-]{40,}$`));
  });

  it('lets the configured origin through and refuses another site, whatever the Host', async () => {
    expect((await logout(ORIGIN, ORIGIN)).status).toBe(200);
    expect((await logout(EVIL, ORIGIN)).status).toBe(200);
    for (const [url, origin] of [
      [ORIGIN, EVIL],
      [EVIL, EVIL],
      [ORIGIN, 'https://localhost'],
      [ORIGIN, 'http://localhost:8787'],
      [ORIGIN, 'null'],
    ] as const) {
      const res = await logout(url, origin);
      expect(res.status, `${origin} at ${url}`).toBe(403);
      expect(await body(res)).toEqual(CROSS_SITE);
    }
  });

  it('in development, accepts the loopback aliases of the configured address on its port only', async () => {
    const dev = { ENVIRONMENT: 'development', PUBLIC_ORIGIN: 'http://localhost:8787' };
    for (const origin of ['http://localhost:8787', 'http://127.0.0.1:8787', 'http://[::1]:8787'])
      expect((await logout('http://127.0.0.1:8787', origin, dev)).status, origin).toBe(200);
    for (const origin of [
      'http://127.0.0.1:8788',
      'https://127.0.0.1:8787',
      'http://127.0.0.2:8787',
      'http://localhost.evil.example:8787',
      'http://localhost:8787/',
    ])
      expect((await logout('http://127.0.0.1:8787', origin, dev)).status, origin).toBe(403);
    // A configured address that is not loopback has no aliases.
    const named = { ENVIRONMENT: 'development', PUBLIC_ORIGIN: 'http://dev.resizer.example:8787' };
    expect((await logout('http://127.0.0.1:8787', 'http://dev.resizer.example:8787', named)).status).toBe(200);
    expect((await logout('http://127.0.0.1:8787', 'http://localhost:8787', named)).status).toBe(403);
  });

  it('in production, accepts exactly the configured origin', async () => {
    const production = {
      ENVIRONMENT: 'production',
      PUBLIC_ORIGIN: 'https://resizer.example',
    };
    expect((await logout('https://resizer.example', 'https://resizer.example', production)).status).toBe(200);
    expect((await logout('https://evil.example', 'https://resizer.example', production)).status).toBe(200);
    for (const origin of ['http://resizer.example', 'https://www.resizer.example', 'https://evil.example'])
      expect((await logout('https://resizer.example', origin, production)).status, origin).toBe(403);
    // No loopback alias either: a production worker on localhost is still production.
    const onLoopback = { ...production, PUBLIC_ORIGIN: 'https://localhost' };
    expect((await logout('https://localhost', 'https://localhost', onLoopback)).status).toBe(200);
    expect((await logout('https://localhost', 'https://127.0.0.1', onLoopback)).status).toBe(403);
  });
});
