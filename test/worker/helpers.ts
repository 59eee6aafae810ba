import { exports } from 'cloudflare:workers';

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
