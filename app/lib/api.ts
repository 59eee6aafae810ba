/**
 * The one API client (docs/decisions/0007-query-keys-are-urls.md): credentials included, a JSON
 * content type only with a body, and any non-OK answer becomes an error whose text is
 * "{status}: {body or statusText}". Every call names the zod schema of its answer (shared/schemas.ts)
 * and gets the parsed value: an answer of another shape is an error the page shows like any other.
 */
import { QueryClient } from '@tanstack/react-query';
import { hourlyLimitSchema, type HourlyLimit } from '../../shared/hourly-limit';
import { z } from '../../shared/zod';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * The body of every failure (README, "Every failure answers { message }"); a refused card adds
 * Stripe's `type`, a reached hourly limit its facts (`limit`).
 */
const errorBodySchema = z.lazy(() =>
  z.object({
    message: z.string(),
    type: z.string().optional(),
    limit: hourlyLimitSchema.optional(),
  }),
);
type ErrorBody = z.infer<typeof errorBodySchema>;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
  }

  /** The body as our JSON error shape, or undefined when it is not one. */
  get errorBody(): ErrorBody | undefined {
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // not JSON
    }
  }

  /** The server's `{ message }` when the body is our JSON error shape, else the raw text. */
  get serverMessage(): string {
    return this.errorBody?.message ?? (this.body || this.message);
  }
}

/** The server answered, but not in the shape this page reads: an older page against a newer server, say. */
export class ApiAnswerError extends Error {
  constructor(
    readonly url: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super('The server sent an answer this page cannot read. Please reload the page and try again.');
    this.name = 'ApiAnswerError';
  }
}

/** The hourly limit an error reports having reached, if it is that (a 429 with its facts). */
export function hourlyLimitOf(error: unknown): HourlyLimit | undefined {
  return error instanceof ApiRequestError && error.status === 429 ? error.errorBody?.limit : undefined;
}

/** The message to show a person for any thrown error. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Reads an answer's text as JSON and checks it (the upload's XMLHttpRequest calls this itself). */
export function parseAnswer<S extends z.ZodType>(url: string, answer: S, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined; // not JSON: the schema refuses it below
  }
  const parsed = answer.safeParse(json);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected answer from ${url}`, parsed.error.issues);
  throw new ApiAnswerError(url, parsed.error.issues);
}

/**
 * How long to wait before asking again after a 503 with this Retry-After, or null to give up: a
 * server too busy to make room for a picture just now did nothing (docs/decisions/0019), so a call
 * is asked again when it says, up to 3 times, if that is within 10 s (a service not set up says an
 * hour: that is shown, not waited for).
 */
export function busyRetryDelay(retryAfter: string | null, attempt: number): number | null {
  const seconds = Number(retryAfter);
  return attempt < 3 && seconds > 0 && seconds <= 10 ? seconds * 1000 : null;
}

async function send(method: Method, url: string, body: unknown): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method,
      headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'include',
    });
    const delay = res.status === 503 ? busyRetryDelay(res.headers.get('Retry-After'), attempt) : null;
    if (delay === null) return res;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiRequestError(res.status, await res.text(), res.statusText);
}

async function readAnswer<S extends z.ZodType>(url: string, res: Response, answer: S): Promise<z.output<S>> {
  return parseAnswer(url, answer, await res.text());
}

/** A call of the API: its answer parsed by `answer`, and the answer's headers. */
export async function apiResponse<S extends z.ZodType>(
  method: Method,
  url: string,
  answer: S,
  body?: unknown,
): Promise<{ answer: z.output<S>; headers: Headers }> {
  const res = await send(method, url, body);
  await throwIfNotOk(res);
  return { answer: await readAnswer(url, res, answer), headers: res.headers };
}

/** A call of the API, its answer parsed by `answer` (a schema of shared/schemas.ts). */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  url: string,
  answer: S,
  body?: unknown,
): Promise<z.output<S>> {
  return (await apiResponse(method, url, answer, body)).answer;
}

/** How long a watched call asks the server to hold it, in seconds (worker/lib/watch.ts). */
const WATCH_WAIT_S = 8;
/** The ETag each watched answer came with, by the answer object a query holds. */
const etags = new WeakMap<object, string>();

/**
 * A GET that waits for news: it names the answer it has (`previous`, by the ETag it came with) and
 * asks the server to hold the call until the answer changes (`Prefer: wait`). An unchanged answer
 * (304) gives back `previous` itself, so nothing on the page renders again. The query that holds
 * the answer must keep the object it is given (`structuralSharing: false`).
 */
export async function apiWatch<S extends z.ZodType>(
  url: string,
  answer: S,
  previous: z.output<S> | undefined,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const etag = typeof previous === 'object' && previous !== null ? etags.get(previous) : undefined;
  const res = await fetch(url, {
    credentials: 'include',
    cache: 'no-store',
    signal,
    headers: etag ? { 'If-None-Match': etag, Prefer: `wait=${WATCH_WAIT_S}` } : {},
  });
  const result = res.status === 304 && previous !== undefined ? previous : await parsedAnswer(url, res, answer);
  // A call the server did not hold (this visitor holds its limit of held polls) is answered at
  // once: the next asks when it says (Retry-After), as polls did before they were held.
  const held = !etag || res.headers.has('Preference-Applied');
  if (typeof result === 'object' && result !== null) {
    if (held) pauses.delete(result);
    else pauses.set(result, Number(res.headers.get('Retry-After') ?? 1) * 1000 || 1000);
  }
  return result;
}

async function parsedAnswer<S extends z.ZodType>(url: string, res: Response, answer: S): Promise<z.output<S>> {
  await throwIfNotOk(res);
  const parsed = await readAnswer(url, res, answer);
  const tag = res.headers.get('ETag');
  if (tag && typeof parsed === 'object' && parsed !== null) etags.set(parsed, tag);
  return parsed;
}

/** How long to wait before the next watched call, by the answer it would name: one not held. */
const pauses = new WeakMap<object, number>();

/**
 * How soon a watched query asks again: at once (its call is held by the server until news) until
 * `ended`, when the server says to wait (a call it did not hold), and each second after a failed
 * call, as the polls before were.
 */
export function watchInterval(query: { state: { status: string; data?: unknown } }, ended: boolean): number | false {
  if (ended) return false;
  if (query.state.status === 'error') return 1000;
  const { data } = query.state;
  return (typeof data === 'object' && data !== null && pauses.get(data)) || 50;
}

/** Every query names its own queryFn (a factory in its feature's queries.ts), so there is no default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
