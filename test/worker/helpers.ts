import { env, exports } from 'cloudflare:workers';

export const ORIGIN = 'http://localhost';

/** A request through the worker's own fetch handler, as the browser would send it. */
export function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  const finalHeaders = new Headers(headers);
  if (json !== undefined) finalHeaders.set('Content-Type', 'application/json');
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...rest, headers: finalHeaders, body: json !== undefined ? JSON.stringify(json) : rest.body }));
}

export async function body<T = { message: string }>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A browser: keeps the cookies the worker sets and sends them back. */
export class Browser {
  private cookies = new Map<string, string>();

  async call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await call(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return res;
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
