import { describe, expect, it } from 'vitest';
import { Browser } from './helpers';

describe('the admin area on a fresh machine (no ADMIN_PASSWORD)', () => {
  it('accepts the documented local password in development only, and nothing else', async () => {
    const browser = new Browser();
    expect((await browser.call('/api/admin/login', { method: 'POST', json: { password: 'admin' } })).status).toBe(401);
    expect((await browser.call('/api/admin/login', { method: 'POST', json: { password: 'local-admin' } })).status).toBe(
      200,
    );
    expect((await browser.call('/api/admin/users')).status).toBe(200);
  });
});
