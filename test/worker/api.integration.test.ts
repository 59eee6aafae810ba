import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PROFILE_FORMATS, type PlatformFormat } from '../../shared/formats';
import { PLATFORMS } from '../../shared/platforms';
import { body, Browser, call, fixture } from './helpers';

describe('format catalogue API', () => {
  it('serves at least 110 formats over every platform with the spec fields and their sources', async () => {
    const res = await call('/api/platform-formats');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const formats = await body<PlatformFormat[]>(res);
    expect(formats.length).toBeGreaterThanOrEqual(110);
    expect(new Set(formats.map((f) => f.platform))).toEqual(new Set(PLATFORMS));
    for (const f of formats) {
      expect(f).toMatchObject({
        id: expect.any(Number),
        platform: expect.any(String),
        format: expect.any(String),
        description: expect.any(String),
        width: expect.any(Number),
        height: expect.any(Number),
        aspectRatio: expect.stringMatching(/^\d+(\.\d+)?:\d+(\.\d+)?$/),
        source: { name: expect.any(String) },
        checked: expect.stringMatching(/^\d{4}-\d{2}$/),
      });
    }
  });

  it('serves the profile list: square formats offered in the profile flow', async () => {
    const formats = await body<PlatformFormat[]>(await call('/api/profile-formats'));
    expect(formats.length).toBe(PROFILE_FORMATS.length);
    expect(formats.length).toBeGreaterThanOrEqual(18);
    expect(formats.every((f) => f.profile && f.width === f.height)).toBe(true);
  });

  it('tags every response with a request id', async () => {
    const res = await call('/api/platform-formats');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('API conventions', () => {
  it('answers unknown API paths with a 404 JSON message', async () => {
    const res = await call('/api/does-not-exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ message: 'Not found: POST /api/does-not-exist' });
  });

  it('answers a malformed JSON body with 400 and a clear message', async () => {
    const res = await call('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Ann",',
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('answers a body that fails its schema with 400 naming the field', async () => {
    const res = await call('/api/contact', {
      method: 'POST',
      json: { name: 'Ann', email: 'not-an-email', subject: 'general', message: 'Hello there, a question.' },
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message: 'email: Please enter a valid email address.' });

    const wrongType = await call('/api/contact', {
      method: 'POST',
      json: { name: 42, email: 'a@b.co', subject: 'general', message: 'Hello there, a question.' },
    });
    expect(wrongType.status).toBe(400);
    expect((await body(wrongType)).message).toMatch(/^name: /);
  });
});

describe('POST /api/contact', () => {
  it('stores a valid message in D1', async () => {
    const message = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'feedback',
      message: 'The LinkedIn banner came out perfectly.',
    };
    const res = await call('/api/contact', { method: 'POST', json: message });
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    const row = await env.DB.prepare('SELECT name, email, subject, message FROM contact_messages WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toEqual(message);
  });

  it('refuses an unknown subject and a short message with the spec wording', async () => {
    const base = { name: 'Ada', email: 'ada@example.com', subject: 'feedback', message: 'Long enough message.' };
    expect(await body(await call('/api/contact', { method: 'POST', json: { ...base, subject: 'spam' } }))).toEqual({
      message: 'subject: Please select a subject.',
    });
    expect(await body(await call('/api/contact', { method: 'POST', json: { ...base, message: 'short' } }))).toEqual({
      message: 'message: Message must be at least 10 characters.',
    });
  });
});

describe('POST /api/newsletter', () => {
  it('stores an address once, in lower case, and answers the same when it is already on the list', async () => {
    const first = await call('/api/newsletter', { method: 'POST', json: { email: 'Reader@Example.com' } });
    const again = await call('/api/newsletter', { method: 'POST', json: { email: 'reader@example.com' } });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await body(again)).toEqual(await body(first));
    const rows = await env.DB.prepare(
      "SELECT email FROM newsletter_subscriptions WHERE email = 'reader@example.com'",
    ).all();
    expect(rows.results).toEqual([{ email: 'reader@example.com' }]);
  });

  it('refuses an invalid address and stores nothing', async () => {
    const res = await call('/api/newsletter', { method: 'POST', json: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ message: 'email: Please enter a valid email address.' });
    expect(
      (
        await env.DB.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = ?')
          .bind('not-an-email')
          .first()
      )?.n,
    ).toBe(0);
  });
});

describe('the visitor cookie', () => {
  it('is given by the first request that creates something, so reads sent at once cannot replace it', async () => {
    const browser = new Browser();
    // A new page's first reads, in parallel: none of them hands out an identity.
    const reads = await Promise.all([
      browser.call('/api/user'),
      browser.call('/api/platform-formats'),
      browser.call('/api/check-rate-limits'),
    ]);
    expect(reads.flatMap((r) => r.headers.getSetCookie()).filter((c) => c.startsWith('sr_visitor='))).toEqual([]);
    const upload = await browser.upload('rgb.png', fixture('rgb.png'));
    expect(upload.headers.getSetCookie().some((c) => c.startsWith('sr_visitor='))).toBe(true);
    const { path, originalFilename, width } = await body<{ path: string; originalFilename: string; width: number }>(
      upload,
    );
    // A read after the upload keeps the same identity: the request finds the upload.
    await browser.call('/api/user');
    const created = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename,
        originalPath: path,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width, height: width / 4, zoom: 1 },
      },
    });
    expect(created.status).toBe(201);
  });
});
