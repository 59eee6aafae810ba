import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import type { ConversionResponse, ImageRequestResponse, RequestPurpose, UploadResponse } from '../../shared/schemas';
import { codecs, decodeImage, inspectImage, type Raster } from '@social-resizer/engine';
import worker from '../../worker/index';
import { SESSION_COOKIE } from '../../worker/middleware/session';
import { hashToken } from '../../worker/services/people/sessions';

/** The site's address in the tests (PUBLIC_ORIGIN in vitest.config.ts). */
export const ORIGIN = 'http://localhost';

type CallInit = RequestInit & { json?: unknown };

function request(url: string, init: CallInit): Request {
  const { json, headers, ...rest } = init;
  const finalHeaders = new Headers(headers);
  if (json !== undefined) finalHeaders.set('Content-Type', 'application/json');
  return new Request(url, {
    ...rest,
    headers: finalHeaders,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

/** A request through the worker's own fetch handler, as the browser would send it. */
export function call(path: string, init: CallInit = {}): Promise<Response> {
  return exports.default.fetch(request(`${ORIGIN}${path}`, init));
}

/**
 * A request to an absolute `url` (its host is the Host header the worker sees) through the
 * worker's fetch handler, with the test environment changed by `overrides` (production, a
 * missing secret); waits for the work the handler left running (mail sent after the answer).
 */
export async function callWith(overrides: Partial<Env>, url: string, init: CallInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request(url, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export async function body<T = { message: string }>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const randomIp = () => `10.${crypto.getRandomValues(new Uint8Array(3)).join('.')}`;

/**
 * A browser: keeps the cookies the worker sets and sends them back, from its own IP address
 * (CF-Connecting-IP, as Cloudflare sets it), so each has its own free-download allowance.
 */
export class Browser {
  private cookies = new Map<string, string>();

  /** `overrides`: the environment its requests meet changed (an R2 that counts its reads). */
  constructor(
    readonly ip = randomIp(),
    private readonly overrides?: Partial<Env>,
  ) {}

  async call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', this.ip);
    // As browsers do: every state-changing request names the page's origin.
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', ORIGIN);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = this.overrides
      ? await callWith(this.overrides, `${ORIGIN}${path}`, { ...init, headers })
      : await call(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      // A cookie set to expire (Max-Age=0) is deleted, as a browser would.
      if (/max-age=0(;|$)/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Registers `username` (password 'correct horse'), which signs this browser in. */
  async register(
    username: string,
    extra: { email?: string; name?: string; password?: string } = {},
  ): Promise<Response> {
    return this.call('/api/register', {
      method: 'POST',
      json: {
        username,
        email: extra.email ?? `${username}@example.com`,
        password: extra.password ?? 'correct horse',
        name: extra.name,
      },
    });
  }

  login(username: string, password = 'correct horse'): Promise<Response> {
    return this.call('/api/login', { method: 'POST', json: { username, password } });
  }

  /** Signs in as the session behind `token` (see insertSession). */
  signIn(token: string): this {
    this.cookies.set(SESSION_COOKIE, token);
    return this;
  }

  upload(name: string, bytes: Uint8Array, type = 'application/octet-stream'): Promise<Response> {
    const form = new FormData();
    form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return this.call('/api/upload', { method: 'POST', body: form });
  }
}

/** A file of test/fixtures/corpus. */
export function fixture(name: string): Uint8Array {
  const base64 = env.TEST_CORPUS[name];
  if (base64 === undefined) throw new Error(`no fixture ${name}`);
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

export async function countStored(): Promise<{ objects: number; uploads: number; requests: number }> {
  const objects = (await env.BUCKET.list({ prefix: 'uploads/' })).objects.length;
  const uploads = (await env.DB.prepare('SELECT count(*) AS n FROM uploads').first<{ n: number }>())?.n ?? 0;
  const requests = (await env.DB.prepare('SELECT count(*) AS n FROM image_requests').first<{ n: number }>())?.n ?? 0;
  return { objects, uploads, requests };
}

export async function insertUser(username: string, { unlimited = false } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    'INSERT INTO users (id, username, email, name, password_hash, has_unlimited_access, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      id,
      username,
      `${username}@example.com`,
      'Grace Hopper',
      'pbkdf2-sha256$100000$c2FsdA$aGFzaA',
      unlimited ? 1 : 0,
      Date.now(),
    )
    .run();
  return id;
}

/** A session for the user; answers the token its cookie carries. */
export async function insertSession(
  userId: string,
  lastSeenAt = Date.now(),
  expiresAt = Date.now() + 30 * 24 * 60 * 60 * 1000,
): Promise<string> {
  const token = crypto.randomUUID() + crypto.randomUUID();
  await env.DB.prepare(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  )
    .bind(await hashToken(token), userId, lastSeenAt, lastSeenAt, expiresAt)
    .run();
  return token;
}

/**
 * Uploads rgb.png (under `name` when given) and requests its LinkedIn banner (a full-width crop
 * unless one is given); answers the request id.
 */
export async function bannerRequest(
  browser: Browser,
  cropDetails?: { x: number; y: number; width: number; height: number; zoom: number },
  name = 'rgb.png',
  purpose: RequestPurpose = 'single',
): Promise<string> {
  return (await bannerRequestAnswer(browser, cropDetails, name, purpose)).id;
}

/** bannerRequest's whole answer to making the request, as the upload page reads it. */
export async function bannerRequestAnswer(
  browser: Browser,
  cropDetails?: { x: number; y: number; width: number; height: number; zoom: number },
  name = 'rgb.png',
  purpose: RequestPurpose = 'single',
): Promise<ImageRequestResponse> {
  const upload = await browser.upload(name, fixture('rgb.png'));
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status}`);
  return requestBanner(browser, (await upload.json()) as UploadResponse, cropDetails, purpose);
}

/** Requests the upload's LinkedIn banner (a full-width crop unless one is given); the answer, as the upload page reads it. */
export async function requestBanner(
  browser: Browser,
  upload: Pick<UploadResponse, 'path' | 'originalFilename' | 'width'>,
  cropDetails?: { x: number; y: number; width: number; height: number; zoom: number },
  purpose: RequestPurpose = 'single',
): Promise<ImageRequestResponse> {
  const { path, originalFilename, width } = upload;
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename,
      originalPath: path,
      platform: 'linkedin',
      format: 'banner',
      width: 1584,
      height: 396,
      cropDetails: cropDetails ?? { x: 0, y: 0, width, height: width / 4, zoom: 1 },
      purpose,
    },
  });
  if (created.status !== 201) throw new Error(`request failed: ${created.status} ${await created.text()}`);
  return (await created.json()) as ImageRequestResponse;
}

/** Uploads a small picture and has its LinkedIn banner rendered: a request ready to download. */
export async function processedRequest(browser: Browser): Promise<string> {
  const id = await bannerRequest(browser);
  const processed = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
  if (processed.status !== 200) throw new Error(`processing failed: ${processed.status}`);
  return id;
}

/** Polls a request's conversions until no target is processing (the plugin runs the queue consumer). */
export async function settle(browser: Browser, id: string): Promise<ConversionResponse> {
  for (let i = 0; i < 200; i++) {
    const status = await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`));
    if (Object.values(status.results).every((s) => s !== 'processing')) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('conversions still processing after 20 s');
}

/** Any output file (PNG, JPEG or WebP) decoded as RGBA, with its type. */
export async function decodeFile(bytes: Uint8Array): Promise<Raster & { type: string }> {
  const info = inspectImage(bytes);
  const picture = await decodeImage(bytes, info, codecs);
  if (picture.channels === 4)
    return { width: picture.width, height: picture.height, data: picture.data, type: info.type };
  const data = new Uint8ClampedArray(picture.width * picture.height * 4);
  for (let i = 0, j = 0; j < data.length; i += 3, j += 4) {
    data.set(picture.data.subarray(i, i + 3), j);
    data[j + 3] = 255;
  }
  return { width: picture.width, height: picture.height, data, type: info.type };
}

/**
 * A conversion of the request marked processing by the banner adjuster, as a fan-out leaves it
 * before its queue message is handled (with the render id its message names, when given); its id.
 */
export async function insertProcessing(requestId: string, formatId: number, renderId: string | null = null) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO conversions (id, request_id, format_id, status, flow, render_id, created_at, updated_at) VALUES (?, ?, ?, 'processing', 'banner', ?, ?, ?)",
  )
    .bind(id, requestId, formatId, renderId, Date.now(), Date.now())
    .run();
  return id;
}
