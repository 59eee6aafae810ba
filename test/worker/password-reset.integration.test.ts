import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../shared/schemas';
import { app } from '../../worker/app';
import { createDb } from '../../worker/db/client';
import { clock } from '../../worker/lib/clock';
import { sendMail, usesOutbox } from '../../worker/services/people/mail';
import { RESET_LINK_TTL_MS } from '../../worker/services/people/password-reset';
import { body, Browser } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
const fresh = (base: string) => `${base}${Date.now().toString(36)}${(counter++).toString(36)}`;

type OutboxMessage = { to: string; subject: string; text: string };

/** The reset link mailed to `email` (the local outbox; the mail is written after the answer). */
async function mailedLinks(email: string, expected = 1): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await new Browser().call('/api/outbox');
    const links = (await body<OutboxMessage[]>(res))
      .filter((m) => m.to === email)
      .map((m) => /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(m.text)?.[1])
      .filter((t): t is string => t !== undefined)
      .map(decodeURIComponent);
    if (links.length >= expected) return links;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

const ask = (browser: Browser, email: string) =>
  browser.call('/api/password-reset', { method: 'POST', json: { email } });
const reset = (browser: Browser, token: string, password: string) =>
  browser.call('/api/password-reset/confirm', { method: 'POST', json: { token, password } });

async function account() {
  const username = fresh('rosalind');
  const email = `${username}@Example.com`;
  const owner = new Browser();
  expect((await owner.register(username, { email })).status).toBe(201);
  return { username, email, owner };
}

describe('password reset', () => {
  it('mails a link that sets a new password, signs this browser in and ends every other session', async () => {
    const { username, email, owner } = await account();
    const stranger = new Browser();
    const res = await ask(stranger, email.toUpperCase());
    expect(res.status).toBe(202);
    const [token] = await mailedLinks(email);
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Only a hash is stored: the table alone opens no account.
    const stored = await env.DB.prepare('SELECT token_hash AS h FROM password_resets').all<{ h: string }>();
    expect(stored.results.map((r) => r.h)).not.toContain(token);

    const done = await reset(stranger, token!, 'a brand new password');
    expect(done.status).toBe(200);
    expect((await body<PublicUser>(done)).username).toBe(username);
    expect((await stranger.call('/api/user')).status).toBe(200);
    expect((await owner.call('/api/user')).status).toBe(401);
    expect((await new Browser().login(username)).status).toBe(401);
    expect((await new Browser().login(username, 'a brand new password')).status).toBe(200);
  });

  it('answers the same for an address no account uses, and mails nothing', async () => {
    const { email } = await account();
    const known = await ask(new Browser(), email);
    const unknown = await ask(new Browser(), `nobody-${fresh('x')}@example.com`);
    expect(unknown.status).toBe(known.status);
    expect(await body(unknown)).toEqual(await body(known));
    const messages = await body<OutboxMessage[]>(await new Browser().call('/api/outbox'));
    expect(messages.some((m) => m.to.startsWith('nobody-'))).toBe(false);
  });

  it('lets a link work once, not after an hour, and not after a newer password', async () => {
    const { email } = await account();
    const browser = new Browser();
    await ask(browser, email);
    await ask(browser, email);
    await ask(browser, email);
    const [first, second, third] = await mailedLinks(email, 3);
    expect(new Set([first, second, third]).size).toBe(3);

    expect((await reset(browser, first!, 'first new password')).status).toBe(200);
    const again = await reset(new Browser(), first!, 'someone else');
    expect(again.status).toBe(400);
    expect((await body(again)).message).toMatch(/expired or has already been used/);
    // Setting the password ended the other links too.
    expect((await reset(new Browser(), second!, 'someone else')).status).toBe(400);

    await ask(new Browser(), email);
    const links = await mailedLinks(email, 4);
    const latest = links.find((t) => ![first, second, third].includes(t))!;
    vi.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + RESET_LINK_TTL_MS + 1000));
    expect((await reset(new Browser(), latest, 'too late now')).status).toBe(400);
  });

  it('sends at most three links an hour to one account, with the same answer', async () => {
    const { email } = await account();
    for (let i = 0; i < 5; i++) expect((await ask(new Browser(), email)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailedLinks(email, 3)).toHaveLength(3);
  });

  it('refuses a short password, a malformed token and too many requests from one address', async () => {
    const browser = new Browser();
    const short = await reset(browser, 'x'.repeat(43), '123');
    expect(short.status).toBe(400);
    expect((await body(short)).message).toMatch(/at least 6 characters/);
    expect((await reset(browser, 'short', 'long enough')).status).toBe(400);
    expect((await ask(browser, 'not an address')).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(browser, `x${i}@example.com`)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('mail', () => {
  const mail = { to: 'ada@example.com', subject: 'Hello', text: 'A link: https://example.com/x' };

  it('goes to Resend when a key and sender are configured, and a refusal is an error', async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    const provider = (status: number) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        sent.push({ url: String(url), init: init ?? {} });
        return new Response('{}', { status });
      }) as typeof fetch;
    const configured = {
      ENVIRONMENT: 'production',
      RESEND_API_KEY: 're_key',
      MAIL_FROM: 'Social Resizer <a@b.example>',
    };
    expect(usesOutbox(configured)).toBe(false);
    await sendMail(configured, createDb(env.DB), mail, provider(200));
    expect(sent[0]!.url).toBe('https://api.resend.com/emails');
    expect(new Headers(sent[0]!.init.headers).get('Authorization')).toBe('Bearer re_key');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      from: 'Social Resizer <a@b.example>',
      to: ['ada@example.com'],
      subject: 'Hello',
      text: 'A link: https://example.com/x',
    });
    await expect(sendMail(configured, createDb(env.DB), mail, provider(422))).rejects.toThrow(/422/);
  });

  it('keeps no outbox in production, and the outbox page answers 404 there', async () => {
    expect(usesOutbox({ ENVIRONMENT: 'production' })).toBe(false);
    expect(usesOutbox({ ENVIRONMENT: 'development' })).toBe(true);
    const res = await app.fetch(
      new Request('http://localhost/api/outbox'),
      {
        ...env,
        ENVIRONMENT: 'production',
        PUBLIC_ORIGIN: 'https://resizer.example',
        RESEND_API_KEY: 're_key',
        MAIL_FROM: 'x <a@b.example>',
      },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
  });
});
