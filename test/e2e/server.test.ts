import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, CORPUS } from './browser';

/**
 * The server `npm start` runs, over kept-alive connections: early refusals that leave the request
 * body unread (CSRF 403, 401, unknown path 404, body limit 413) alternate with normal requests,
 * and every answer is the right one, with no stack trace or local path in any body.
 */

const LEAK = /\n\s+at \S|node_modules|\/work\/|file:\/\/|\.ts:\d+/;

describe('the local server', () => {
  it('answers every request after early refusals on the same connections', async () => {
    const origin = baseUrl();
    const headers = { Origin: origin, 'CF-Connecting-IP': `10.77.${Date.now() % 250}.1` };
    const photo = readFileSync(join(CORPUS, 'rgb.png'));
    const padding = 'x'.repeat(30_000);
    const upload = (withOrigin: boolean) => {
      const form = new FormData();
      form.append('image', new File([photo], 'rgb.png', { type: 'image/png' }));
      return fetch(`${origin}/api/upload`, {
        method: 'POST',
        body: form,
        headers: withOrigin ? headers : { ...headers, Origin: 'https://elsewhere.example' },
      });
    };
    const steps: Array<[string, () => Promise<Response>, number]> = [
      ['cross-site 403 with an unread upload', () => upload(false), 403],
      ['health', () => fetch(`${origin}/api/health`), 200],
      ['401', () => fetch(`${origin}/api/user`, { method: 'GET' }), 401],
      ['formats', () => fetch(`${origin}/api/platform-formats`), 200],
      [
        '404 with an unread body',
        () =>
          fetch(`${origin}/api/no-such-route`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ padding }),
          }),
        404,
      ],
      ['upload', () => upload(true), 201],
      [
        '413 body limit',
        () =>
          fetch(`${origin}/api/contact`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ padding: padding.repeat(4) }),
          }),
        413,
      ],
      [
        'login 400',
        () =>
          fetch(`${origin}/api/login`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: '{}',
          }),
        400,
      ],
    ];
    const failures: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (const [name, send, expected] of steps) {
        const res = await send().catch((error: unknown) => {
          throw new Error(`round ${round} ${name}: ${String(error)} ${String((error as Error).cause)}`);
        });
        const text = await res.text();
        if (res.status !== expected) failures.push(`round ${round} ${name}: ${res.status} ${text.slice(0, 200)}`);
        if (LEAK.test(text)) failures.push(`round ${round} ${name}: the body shows a stack trace or a path`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers an unknown page with the app and an unknown API path with JSON, never an error page', async () => {
    const page = await fetch(`${baseUrl()}/no/such/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${baseUrl()}/api/no/such/path`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: expect.any(String) });
  });
});
