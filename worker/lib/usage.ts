/**
 * What the work costs on Cloudflare's bill, counted on the local server (development only):
 * D1 rows read and written, R2 class A and B operations, queue messages, Durable Object requests.
 * `npm run bench -- costs` reads it (GET /api/dev/usage) to price each flow (docs/operations.md,
 * "What it costs"). The bindings are wrapped once per isolate; production never is.
 */

export type Usage = {
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** R2 class A: put, list, multipart and copy; class B: get and head (R2's pricing page). */
  r2ClassA: number;
  r2ClassB: number;
  /** Messages sent to a queue (each is a write, a read and a delete: three operations). */
  queueMessages: number;
  durableObjectRequests: number;
};

const zero = (): Usage => ({
  d1Queries: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  r2ClassA: 0,
  r2ClassB: 0,
  queueMessages: 0,
  durableObjectRequests: 0,
});

let usage = zero();

export function readUsage(): Usage {
  return { ...usage };
}

export function resetUsage(): void {
  usage = zero();
}

type Meta = { meta?: { rows_read?: number; rows_written?: number } };
const RAW = Symbol('raw statement');

function countMeta(result: unknown): void {
  const results = Array.isArray(result) ? (result as Meta[]) : [result as Meta];
  for (const r of results) {
    usage.d1Queries += 1;
    usage.d1RowsRead += r?.meta?.rows_read ?? 0;
    usage.d1RowsWritten += r?.meta?.rows_written ?? 0;
  }
}

/** A D1 statement whose results are counted (raw() gives no meta: counted as a query only). */
function countedStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, name) {
      if (name === RAW) return target; // D1's batch takes only its own statements
      if (name === 'bind') return (...args: unknown[]) => countedStatement(target.bind(...args));
      if (name === 'all' || name === 'run')
        return async () => {
          const result = await target[name]();
          countMeta(result);
          return result;
        };
      if (name === 'first' || name === 'raw')
        return async (...args: unknown[]) => {
          usage.d1Queries += 1;
          return (target[name] as (...a: unknown[]) => unknown)(...args);
        };
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function countedD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return (query: string) => countedStatement(target.prepare(query));
      if (name === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const unwrapped = statements.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s);
          const results = await target.batch(unwrapped);
          countMeta(results);
          return results;
        };
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const CLASS_A = new Set(['put', 'list', 'createMultipartUpload', 'resumeMultipartUpload']);
const CLASS_B = new Set(['get', 'head']);

function countedR2(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (CLASS_A.has(String(name))) usage.r2ClassA += 1;
        if (CLASS_B.has(String(name))) usage.r2ClassB += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

function countedQueue(queue: Queue): Queue {
  return new Proxy(queue, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'send') usage.queueMessages += 1;
        if (name === 'sendBatch') usage.queueMessages += (args[0] as unknown[]).length;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

function countedNamespace<T extends object>(namespace: T): T {
  return new Proxy(namespace, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (name !== 'get' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => {
        const stub = (value as (...a: unknown[]) => object).apply(target, args);
        // A stub answers any name with its remote method: called as it is, never through `.apply`
        // (which would be a remote method of that name).
        return new Proxy(stub, {
          get(s, method) {
            const call = Reflect.get(s, method, s) as unknown;
            if (typeof method !== 'string' || typeof call !== 'function' || method === 'fetch') return call;
            const remote = call as (...a: unknown[]) => unknown;
            return (...callArgs: unknown[]) => {
              usage.durableObjectRequests += 1;
              return remote(...callArgs);
            };
          },
        });
      };
    },
  });
}

const counted = new WeakMap<Env, Env>();

/** The env with its billable bindings counted, in development; as it is in production. */
export function countUsage(env: Env): Env {
  if (env.ENVIRONMENT !== 'development') return env;
  const known = counted.get(env);
  if (known) return known;
  const wrapped: Env = {
    ...env,
    DB: countedD1(env.DB),
    BUCKET: countedR2(env.BUCKET),
    CONVERSIONS: countedQueue(env.CONVERSIONS),
    DOWNLOAD_COUNTER: countedNamespace(env.DOWNLOAD_COUNTER),
    RENDER_NEWS: countedNamespace(env.RENDER_NEWS),
  };
  counted.set(env, wrapped);
  return wrapped;
}
