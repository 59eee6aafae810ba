import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/app';
import { API_CSP } from '../../worker/middleware/security-headers';
import { body, Browser, fixture, ORIGIN } from './helpers';

afterEach(() => vi.restoreAllMocks());

function expectHardened(res: Response, what: string) {
  expect(res.headers.get('content-security-policy'), what).toBe(API_CSP);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('security headers', () => {
  it('are on every kind of response the worker gives: JSON, errors, 404s, uploaded files', async () => {
    const browser = new Browser();
    const upload = await body<{ path: string }>(await browser.upload('rgb.png', fixture('rgb.png')));
    const cases: [string, Response][] = [
      ['health', await browser.call('/api/health')],
      ['validation error', await browser.call('/api/contact', { method: 'POST', json: {} })],
      ['unknown API path', await browser.call('/api/nope')],
      ['unauthenticated', await browser.call('/api/user')],
      ['uploaded file', await browser.call(upload.path)],
      ['unknown upload', await browser.call('/uploads/00000000-0000-4000-8000-000000000000.png')],
    ];
    for (const [what, res] of cases) {
      expectHardened(res, what);
      // No HSTS outside production (ENVIRONMENT is "development" here).
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
    }
    // The uploaded file is an image, never a page, even to a browser that guesses.
    const file = cases[4]![1];
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('add HSTS in production', async () => {
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/health`),
      {
        ...env,
        ENVIRONMENT: 'production',
        PUBLIC_ORIGIN: 'https://resizer.example',
      },
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expectHardened(res, 'production');
  });

  it('never serve a page-like upload: HTML named .png is refused, and nothing is stored under it', async () => {
    const res = await new Browser().upload(
      'page.png',
      new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      'image/png',
    );
    expect(res.status).toBe(415);
    expectHardened(res, 'refused upload');
  });
});

describe('logs', () => {
  it('write one JSON line per request with id, route, status and duration, and no personal data or secrets', async () => {
    const lines: string[] = [];
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation((line: unknown) => void lines.push(String(line)));
    const browser = new Browser('198.51.100.77');
    const username = `logcheck_${Date.now() % 100000}`;
    const secrets = [
      username,
      `${username}@example.com`,
      'Very Private Person',
      'correct horse',
      '198.51.100.77',
      'holiday-photo-secret.png',
      'A private question about my account.',
    ];
    await browser.register(username, { name: 'Very Private Person' });
    await browser.login(username);
    await browser.login(username, 'wrong password!');
    await browser.call('/api/contact', {
      method: 'POST',
      json: {
        name: 'Very Private Person',
        email: `${username}@example.com`,
        subject: 'support',
        message: 'A private question about my account.',
      },
    });
    await browser.upload('holiday-photo-secret.png', fixture('rgb.png'));
    await browser.call('/api/admin/login', { method: 'POST', json: { password: 'not the admin password' } });

    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.message === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual([
        'durationMs',
        'level',
        'message',
        'method',
        'requestId',
        'route',
        'status',
        'time',
      ]);
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requests.map((l) => l.route)).toContain('/api/login');
    const all = lines.join('\n');
    for (const secret of [...secrets, 'test-admin-secret-7f3a', 'sr_session', 'sk_test'])
      expect(all).not.toContain(secret);
  });
});

describe('pages', () => {
  it("answer the app's paths with 200, any other path with the app and 404, with the app's own policy", async () => {
    const statusOf = async (path: string) => {
      const res = await new Browser().call(path);
      const text = await res.text();
      return {
        path,
        status: res.status,
        app: text.includes('<div id="root">'),
        csp: res.headers.get('content-security-policy'),
      };
    };
    for (const path of [
      '/',
      '/pricing',
      '/blog/',
      '/blog/linkedin-banner-not-cut-off',
      '/checkout/x',
      '/reset-password?token=x',
    ])
      expect(await statusOf(path)).toMatchObject({
        path,
        status: 200,
        app: true,
        csp: expect.stringContaining("script-src 'self'"),
      });
    for (const path of ['/nope', '/blog/nope', '/pricing/more', '/uploads/../../etc/passwd'])
      expect(await statusOf(path)).toMatchObject({
        status: 404,
        app: true,
        csp: expect.stringContaining("script-src 'self'"),
      });
    expect(await statusOf('/favicon.svg')).toMatchObject({ status: 200, app: false, csp: API_CSP });
    expect(await statusOf('/api/nope')).toMatchObject({ status: 404, app: false, csp: API_CSP });
  });
});
