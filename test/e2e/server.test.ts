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

  it("answers the app's pages with 200, any other path with the app and 404, and unknown API paths with JSON", async () => {
    const origin = baseUrl();
    const statusOf = async (path: string) => {
      const res = await fetch(`${origin}${path}`);
      const body = await res.text();
      return {
        status: res.status,
        page: body.includes('<div id="root">'),
        csp: res.headers.get('Content-Security-Policy'),
      };
    };
    for (const path of [
      '/',
      '/about',
      '/blog',
      '/blog/',
      '/blog/linkedin-banner-not-cut-off',
      '/checkout/abc',
      '/help?q=x',
    ]) {
      expect({ path, ...(await statusOf(path)) }).toMatchObject({ path, status: 200, page: true });
    }
    for (const path of ['/no/such/page', '/blog/no-such-article', '/about/more', '/checkout/a/b']) {
      const answer = await statusOf(path);
      expect({ path, ...answer }).toMatchObject({ path, status: 404, page: true });
      // The page's own policy (scripts from our origin), not the API's sandbox.
      expect(answer.csp).toContain("script-src 'self'");
    }
    expect((await fetch(`${origin}/favicon.svg`)).headers.get('Content-Type')).toContain('image/svg');
    // The build's files are named by their content: a browser keeps them and never asks again; the
    // page that names them and the unhashed route map are asked for each time.
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(
      await (await fetch(`${origin}/help`)).text(),
    )![1]!;
    const script = await fetch(`${origin}${entry}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${origin}/help`)).headers.get('Cache-Control') ?? '').not.toContain('immutable');
    const routeMap = await fetch(`${origin}/assets/route-preloads.json`);
    expect(routeMap.status).toBe(200);
    expect(routeMap.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    const api = await fetch(`${origin}/api/no/such/path`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: expect.any(String) });
  });
});
