/**
 * The one fetch wrapper (spec document 1, section 7): credentials included, a JSON content type
 * only with a body, and any non-OK answer becomes an error whose text is "{status}: {body or statusText}".
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
  }

  /** The server's `{ message }` when the body is our JSON error shape, else the raw text. */
  get serverMessage(): string {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
        return parsed.message;
    } catch {
      // not JSON: fall through to the raw text
    }
    return this.body || this.message;
  }
}

/** The message to show a person for any thrown error. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiRequestError(res.status, text, res.statusText);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** A GET of the API, its JSON body typed as the route answers it (shared/schemas.ts). */
export async function getJson<T>(url: string): Promise<T> {
  return (await apiRequest('GET', url)).json() as Promise<T>;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query: GET the path held in the query key; optionally null on 401. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
