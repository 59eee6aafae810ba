import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AdminContactMessage, AdminPayment, PublicUser } from '../../shared/schemas';
import { body, Browser, call } from './helpers';

const PASSWORD = 'test-admin-secret-7f3a';
const ADMIN_CALLS = ['/api/admin/users', '/api/admin/payments', '/api/admin/contact-messages', '/api/admin/session'];

async function admin(): Promise<Browser> {
  const browser = new Browser();
  const res = await browser.call('/api/admin/login', { method: 'POST', json: { password: PASSWORD } });
  expect(res.status).toBe(200);
  return browser;
}

describe('the admin area, checked by the server', () => {
  it('refuses every admin call without the admin cookie, and with a user’s session', async () => {
    for (const path of ADMIN_CALLS) {
      const res = await call(path);
      expect(res.status, path).toBe(401);
      expect((await body(res)).message).toBe('Please log in to the admin area.');
    }
    const user = new Browser();
    expect((await user.register('notadmin')).status).toBe(201);
    for (const path of ADMIN_CALLS) expect((await user.call(path)).status, path).toBe(401);
    // A made-up cookie is no session either.
    expect((await call('/api/admin/users', { headers: { Cookie: 'sr_admin=forged-token' } })).status).toBe(401);
  });

  it('refuses a wrong password with 401, then throttles the address with 429', async () => {
    const browser = new Browser();
    const wrong = await browser.call('/api/admin/login', { method: 'POST', json: { password: 'letmein' } });
    expect(wrong.status).toBe(401);
    expect((await body(wrong)).message).toBe('Invalid administrator password');
    expect(wrong.headers.getSetCookie().filter((c) => c.startsWith('sr_admin='))).toEqual([]);
    expect((await browser.call('/api/admin/users')).status).toBe(401);
    for (let i = 0; i < 9; i++)
      await browser.call('/api/admin/login', { method: 'POST', json: { password: `guess-${i}` } });
    const locked = await browser.call('/api/admin/login', { method: 'POST', json: { password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another address is not locked out.
    expect(
      (await new Browser().call('/api/admin/login', { method: 'POST', json: { password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('lets the admin list users with their status, payments and contact messages, then log out', async () => {
    const ada = new Browser();
    await ada.register('ada_admin_test', { name: 'Ada Lovelace' });
    const sent = await ada.call('/api/contact', {
      method: 'POST',
      json: {
        name: 'Grace',
        email: 'grace@example.com',
        subject: 'support',
        message: 'Which size is the YouTube banner?',
      },
    });
    expect(sent.status).toBe(201);
    await env.DB.prepare(
      "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, amount_cents, currency, status, created_at, updated_at) VALUES ('p-admin-1', 'pi_admin_1', 'unlimited', 999, 'usd', 'succeeded', ?, ?)",
    )
      .bind(Date.now(), Date.now())
      .run();

    const browser = await admin();
    const cookie = (await browser.call('/api/admin/session')).status;
    expect(cookie).toBe(200);
    const usersRes = await browser.call('/api/admin/users');
    expect(usersRes.headers.get('Cache-Control')).toBe('private, no-store');
    const users = await body<PublicUser[]>(usersRes);
    const row = users.find((u) => u.username === 'ada_admin_test');
    expect(row).toMatchObject({ email: 'ada_admin_test@example.com', name: 'Ada Lovelace', hasUnlimitedAccess: false });
    expect(row).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(users)).not.toMatch(/pbkdf2/);

    const paymentsList = await body<AdminPayment[]>(await browser.call('/api/admin/payments'));
    expect(paymentsList.find((p) => p.id === 'p-admin-1')).toMatchObject({
      planId: 'unlimited',
      amountCents: 999,
      currency: 'usd',
      status: 'succeeded',
    });
    const messages = await body<AdminContactMessage[]>(await browser.call('/api/admin/contact-messages'));
    expect(messages.find((m) => m.email === 'grace@example.com')).toMatchObject({
      subject: 'support',
      message: 'Which size is the YouTube banner?',
    });

    expect((await browser.call('/api/admin/logout', { method: 'POST' })).status).toBe(200);
    expect((await browser.call('/api/admin/users')).status).toBe(401);
  });

  it('scopes the admin cookie to the admin API, HttpOnly and SameSite=Strict', async () => {
    const browser = new Browser();
    const res = await browser.call('/api/admin/login', { method: 'POST', json: { password: PASSWORD } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sr_admin='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/admin/);
  });
});
