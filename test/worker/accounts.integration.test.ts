import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase, PublicUser } from '../../shared/schemas';
import { clock, DAY_MS } from '../../worker/lib/clock';
import { PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS } from '../../worker/services/people/passwords';
import { SESSION_COOKIE } from '../../worker/middleware/session';
import { body, Browser, call, callWith, ORIGIN, processedRequest } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
/** A username no other test uses. */
const fresh = (base: string) => `${base}${Date.now().toString(36)}${(counter++).toString(36)}`;

async function storedHash(username: string): Promise<string> {
  const row = await env.DB.prepare('SELECT password_hash AS h FROM users WHERE username = ?')
    .bind(username)
    .first<{ h: string }>();
  if (!row) throw new Error(`no user ${username}`);
  return row.h;
}

async function countRows(table: string, where: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('POST /api/register', () => {
  it('creates the account, signs the browser in and answers the user without the password', async () => {
    const browser = new Browser();
    const username = fresh('ada');
    const res = await browser.register(username, { name: 'Ada Lovelace' });
    expect(res.status).toBe(201);
    const user = await body<PublicUser>(res);
    expect(user).toEqual({
      id: expect.any(String),
      username,
      email: `${username}@example.com`,
      name: 'Ada Lovelace',
      hasUnlimitedAccess: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(user)).not.toMatch(/password|pbkdf2|correct horse/i);

    const me = await browser.call('/api/user');
    expect(me.status).toBe(200);
    expect((await body<PublicUser>(me)).id).toBe(user.id);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie of 256 random bits, Secure when the site is https', async () => {
    const browser = new Browser();
    const res = await browser.register(fresh('cookie'));
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/);
    expect(line).toMatch(/Max-Age=2592000/);
    const token = browser.cookie(SESSION_COOKIE) ?? '';
    expect(atob(token.replaceAll('-', '+').replaceAll('_', '/')).length).toBeGreaterThanOrEqual(32);
    // The token is stored only as its hash.
    expect(await countRows('sessions', 'token_hash = ?', token)).toBe(0);

    // Decided by PUBLIC_ORIGIN's scheme, not by the address the request arrived on.
    const username = fresh('https');
    const sessionCookie = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    const secure = await callWith({ PUBLIC_ORIGIN: 'https://resizer.example' }, 'http://resizer.example/api/register', {
      method: 'POST',
      headers: { Origin: 'https://resizer.example' },
      json: { username, email: `${username}@example.com`, password: 'correct horse' },
    });
    expect(secure.status).toBe(201);
    expect(sessionCookie(secure)).toMatch(/; Secure/);
    const plain = await callWith({}, 'https://localhost/api/login', {
      method: 'POST',
      headers: { Origin: ORIGIN },
      json: { username, password: 'correct horse' },
    });
    expect(plain.status).toBe(200);
    expect(sessionCookie(plain)).not.toMatch(/Secure/);
  });

  it('stores a salted PBKDF2 hash within the production Workers cap: never the password, never the same twice', async () => {
    const first = fresh('twin');
    const second = fresh('twin');
    await new Browser().register(first, { password: 'same password' });
    await new Browser().register(second, { password: 'same password' });
    const [a, b] = [await storedHash(first), await storedHash(second)];
    expect(a).not.toContain('same password');
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
  });

  it.each([
    [
      { username: 'ab', email: 'a@example.com', password: 'secret1' },
      'username: Username must be at least 3 characters',
    ],
    [{ username: 'abc', email: 'not-an-email', password: 'secret1' }, 'email: Please enter a valid email address'],
    [
      { username: 'abc', email: 'a@example.com', password: '12345' },
      'password: Password must be at least 6 characters',
    ],
    [
      { username: 'a b<c>', email: 'a@example.com', password: 'secret1' },
      'username: Username may contain only letters, numbers, dots, hyphens and underscores',
    ],
    [{ email: 'a@example.com', password: 'secret1' }, 'username: Username must be at least 3 characters'],
  ])('refuses %o with 400 and the spec message', async (input, message) => {
    const res = await new Browser().call('/api/register', { method: 'POST', json: input });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message });
  });

  it('answers 409 naming the taken username, whatever its case, then the taken e-mail address', async () => {
    const username = fresh('taken');
    await new Browser().register(username);
    const sameName = await new Browser().register(username.toUpperCase(), { email: `other-${username}@example.com` });
    expect(sameName.status).toBe(409);
    expect((await body(sameName)).message).toMatch(/username is already taken/);
    const sameEmail = await new Browser().register(fresh('other'), { email: `${username.toUpperCase()}@EXAMPLE.com` });
    expect(sameEmail.status).toBe(409);
    expect((await body(sameEmail)).message).toMatch(/email address already exists/);
    expect(await countRows('users', 'lower(email) = ?', `${username}@example.com`)).toBe(1);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('logs in by username in any case; a wrong password and an unknown name get the same 401', async () => {
    const username = fresh('grace');
    await new Browser().register(username);
    const browser = new Browser();
    const ok = await browser.login(username.toUpperCase());
    expect(ok.status).toBe(200);
    expect((await body<PublicUser>(ok)).username).toBe(username);
    expect((await browser.call('/api/user')).status).toBe(200);

    const wrong = await new Browser().login(username, 'wrong password');
    const unknown = await new Browser().login(fresh('nobody'), 'wrong password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await body(wrong)).toEqual({ message: 'Invalid username or password' });
    expect(await body(unknown)).toEqual({ message: 'Invalid username or password' });
    expect(wrong.headers.getSetCookie().some((l) => l.startsWith(SESSION_COOKIE))).toBe(false);
  });

  it('logout ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const browser = new Browser();
    await browser.register(fresh('leaving'));
    const token = browser.cookie(SESSION_COOKIE) ?? '';
    const out = await browser.call('/api/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.call('/api/user')).status).toBe(401);
    const replay = await call('/api/user', { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(replay.status).toBe(401);
  });

  it('after 10 failures for one username in 15 minutes answers 429 with the minutes to wait, even for the right password', async () => {
    const username = fresh('target');
    await new Browser().register(username);
    const start = Date.now();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start));
    // Ten guesses from ten addresses: the username's own count locks it.
    for (let i = 0; i < 10; i++) expect((await new Browser().login(username, `guess-${i}`)).status).toBe(401);
    const locked = await new Browser().login(username);
    expect(locked.status).toBe(429);
    expect(await body(locked)).toEqual({ message: 'Too many failed login attempts. Please try again in 15 minutes.' });
    expect(locked.headers.get('Retry-After')).toBe('900');

    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 14 * 60_000 + 30_000));
    expect(await body(await new Browser().login(username))).toEqual({
      message: 'Too many failed login attempts. Please try again in 1 minute.',
    });

    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 15 * 60_000 + 1));
    expect((await new Browser().login(username)).status).toBe(200);
  });

  it('after 10 failures from one IP address answers 429 for any username from it, not from elsewhere', async () => {
    const username = fresh('victim');
    await new Browser().register(username);
    const attacker = new Browser();
    for (let i = 0; i < 10; i++) expect((await attacker.login(fresh('spray'), 'password1')).status).toBe(401);
    expect((await attacker.login(username)).status).toBe(429);
    expect((await new Browser().login(username)).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin with 403, and lets the same origin through', async () => {
    const username = fresh('csrf');
    await new Browser().register(username);
    const evil = await new Browser().call('/api/login', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      json: { username, password: 'correct horse' },
    });
    expect(evil.status).toBe(403);
    expect(await body(evil)).toEqual({ message: 'Cross-site requests are not allowed' });

    const victim = new Browser();
    await victim.login(username);
    const form = new FormData();
    form.append('image', new File([new Uint8Array([1, 2, 3])], 'x.png'));
    const upload = await victim.call('/api/upload', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: form,
    });
    expect(upload.status).toBe(403);
    const deletion = await victim.call('/api/user', {
      method: 'DELETE',
      headers: { Origin: 'null' },
      json: { password: 'correct horse' },
    });
    expect(deletion.status).toBe(403);
    const noOriginButCrossSite = await call('/api/logout', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(noOriginButCrossSite.status).toBe(403);
    expect((await victim.call('/api/user')).status).toBe(200);
    expect(
      (
        await victim.call('/api/logout', {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('purchases', () => {
  it('what a visitor got anonymously becomes the account’s on registering, and downloads again without counting', async () => {
    const browser = new Browser();
    const requestId = await processedRequest(browser);
    expect((await browser.call(`/api/download/${requestId}`)).status).toBe(200);
    // Another format of the same picture (the download step's "Other formats": X header, id 29).
    const other = await browser.call(`/api/process-image/${requestId}`, { method: 'POST', json: { formats: [29] } });
    expect(other.status).toBe(200);
    // Not yet downloaded: a request is not a purchase.
    const notGot = await processedRequest(browser);

    const username = fresh('saver');
    await browser.register(username);
    const list = await browser.call('/api/user/purchases');
    expect(list.status).toBe(200);
    const purchases = await body<Purchase[]>(list);
    expect(purchases).toEqual([
      {
        id: requestId,
        createdAt: expect.any(String),
        originalFilename: 'rgb.png',
        formatId: 20,
        platform: 'linkedin',
        format: 'banner',
        processedPath: `/api/download/${requestId}`,
        previewPath: `/api/preview/${requestId}/20`,
        otherFormats: [
          {
            formatId: 29,
            platform: 'twitter',
            format: 'header',
            downloadPath: `/api/download/${requestId}/29`,
            previewPath: `/api/preview/${requestId}/29`,
          },
        ],
        expired: false,
      },
    ]);
    expect(purchases.some((p) => p.id === notGot)).toBe(false);
    // The thumbnail and the other format come from the account's own purchase.
    const thumbnail = await browser.call(purchases[0]!.previewPath!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg'); // the file is a JPEG, so is its preview
    expect((await browser.call(purchases[0]!.otherFormats[0]!.downloadPath)).status).toBe(200);

    // From another browser (another IP) the owner downloads it again; the account's 5 are untouched.
    const elsewhere = new Browser();
    await elsewhere.login(username);
    const again = await elsewhere.call(`/api/download/${requestId}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('Content-Disposition')).toMatch(
      /attachment; filename="rgb-linkedin-banner-1584x396\.(jpg|png)"/,
    );
    expect((await elsewhere.call('/api/check-rate-limits')).headers.get('X-RateLimit-Remaining')).toBe('5');
  });

  it('logging in claims the anonymous work too, and logging out leaves the next visitor nothing', async () => {
    const username = fresh('returning');
    await new Browser().register(username);
    const browser = new Browser();
    const requestId = await processedRequest(browser);
    await browser.call(`/api/download/${requestId}`);
    await browser.login(username);
    expect((await body<Purchase[]>(await browser.call('/api/user/purchases'))).map((p) => p.id)).toEqual([requestId]);
    await browser.call('/api/logout', { method: 'POST' });
    expect((await browser.call(`/api/image-requests/${requestId}`)).status).toBe(404);
    expect((await browser.call('/api/user/purchases')).status).toBe(401);
  });

  it('nobody else can see or download a user’s purchase', async () => {
    const owner = new Browser();
    await owner.register(fresh('owner'));
    const requestId = await processedRequest(owner);
    expect((await owner.call(`/api/download/${requestId}`)).status).toBe(200);

    const other = new Browser();
    await other.register(fresh('snoop'));
    expect(await body<Purchase[]>(await other.call('/api/user/purchases'))).toEqual([]);
    const res = await other.call(`/api/download/${requestId}`);
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ message: 'Image request not found' });
    expect((await new Browser().call(`/api/download/${requestId}`)).status).toBe(404);
  });

  it('answers 401 with no session', async () => {
    expect((await new Browser().call('/api/user/purchases')).status).toBe(401);
  });
});

describe('password change and account deletion', () => {
  it('a new password ends every other session; this browser stays signed in', async () => {
    const username = fresh('changer');
    const here = new Browser();
    await here.register(username);
    const there = new Browser();
    await there.login(username);

    const wrong = await here.call('/api/user/password', {
      method: 'POST',
      json: { currentPassword: 'nope', newPassword: 'new secret' },
    });
    expect(wrong.status).toBe(403);
    expect(await body(wrong)).toEqual({ message: 'That password is not correct' });

    const ok = await here.call('/api/user/password', {
      method: 'POST',
      json: { currentPassword: 'correct horse', newPassword: 'new secret' },
    });
    expect(ok.status).toBe(200);
    expect((await here.call('/api/user')).status).toBe(200);
    expect((await there.call('/api/user')).status).toBe(401);
    expect((await new Browser().login(username)).status).toBe(401);
    expect((await new Browser().login(username, 'new secret')).status).toBe(200);
  });

  it('deletes the user, every session and their pictures; payments stay without personal data', async () => {
    const username = fresh('deleter');
    const browser = new Browser();
    await browser.register(username);
    const elsewhere = new Browser();
    await elsewhere.login(username);
    const requestId = await processedRequest(browser);
    const { userId, uploadId } = (await env.DB.prepare(
      'SELECT user_id AS userId, upload_id AS uploadId FROM image_requests WHERE id = ?',
    )
      .bind(requestId)
      .first<{ userId: string; uploadId: string }>())!;
    expect((await env.BUCKET.list({ prefix: `uploads/${uploadId}/` })).objects.length).toBeGreaterThan(0);
    await env.DB.prepare(
      "INSERT INTO payments (id, stripe_payment_intent_id, plan_id, amount_cents, currency, status, user_id, visitor_id, image_request_id, created_at, updated_at) VALUES (?, ?, 'single', 199, 'usd', 'succeeded', ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), `pi_${crypto.randomUUID()}`, userId, 'visitor', requestId, Date.now(), Date.now())
      .run();

    const wrong = await browser.call('/api/user', { method: 'DELETE', json: { password: 'wrong' } });
    expect(wrong.status).toBe(403);
    const missing = await browser.call('/api/user', { method: 'DELETE', json: {} });
    expect(missing.status).toBe(400);
    expect(await countRows('users', 'id = ?', userId)).toBe(1);

    const deleted = await browser.call('/api/user', { method: 'DELETE', json: { password: 'correct horse' } });
    expect(deleted.status).toBe(200);
    expect((await browser.call('/api/user')).status).toBe(401);
    expect((await elsewhere.call('/api/user')).status).toBe(401);
    expect(await countRows('users', 'id = ?', userId)).toBe(0);
    expect(await countRows('sessions', 'user_id = ?', userId)).toBe(0);
    expect(await countRows('uploads', 'id = ?', uploadId)).toBe(0);
    expect(await countRows('image_requests', 'id = ?', requestId)).toBe(0);
    expect((await env.BUCKET.list({ prefix: `uploads/${uploadId}/` })).objects).toEqual([]);
    const payment = await env.DB.prepare(
      'SELECT user_id, visitor_id, image_request_id, amount_cents FROM payments WHERE amount_cents = 199 AND status = ? AND user_id IS NULL AND image_request_id IS NULL AND visitor_id IS NULL',
    )
      .bind('succeeded')
      .first();
    expect(payment).toMatchObject({ amount_cents: 199 });
    expect((await new Browser().login(username)).status).toBe(401);
  });
});

describe('sessions', () => {
  it('a session unused for 30 days has ended; one used within them slides on', async () => {
    const username = fresh('sliding');
    const browser = new Browser();
    await browser.register(username);
    const start = Date.now();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 29 * DAY_MS));
    const used = await browser.call('/api/user');
    expect(used.status).toBe(200);
    expect(
      used.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=`) && /Max-Age=2592000/.test(l)),
    ).toBe(true);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 58 * DAY_MS));
    expect((await browser.call('/api/user')).status).toBe(200);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 89 * DAY_MS));
    expect((await browser.call('/api/user')).status).toBe(401);
  });
});
