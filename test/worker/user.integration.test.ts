import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../worker/middleware/session';
import { body, call, insertSession, insertUser } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/user', () => {
  it('answers 401 with the shared error shape when nobody is signed in', async () => {
    const res = await call('/api/user');
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({ message: 'Not signed in' });
  });

  it('answers the signed-in user without anything about the password', async () => {
    const userId = await insertUser('grace');
    const token = await insertSession(userId, Date.now(), Date.now() + 30 * DAY);
    const res = await call('/api/user', { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(200);
    const user = await body<Record<string, unknown>>(res);
    expect(user).toEqual({
      id: userId,
      username: 'grace',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      hasUnlimitedAccess: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(user)).not.toMatch(/password|pbkdf2/i);
  });

  it('refuses an expired session and forgets it', async () => {
    const userId = await insertUser('idle');
    const token = await insertSession(userId, Date.now() - 31 * DAY, Date.now() - DAY);
    const res = await call('/api/user', { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(401);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?')
      .bind(userId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('refuses a made-up token', async () => {
    const res = await call('/api/user', { headers: { Cookie: `${SESSION_COOKIE}=${'x'.repeat(64)}` } });
    expect(res.status).toBe(401);
  });
});
