import type { RequestIdVariables } from 'hono/request-id';
import type { Db } from './db/client';
import type { User } from './db/schema';
import type { Caller } from './services/caller';
import type { Deps } from './services/deps';

/** Hono's environment: the bindings from wrangler.toml and what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: RequestIdVariables & {
    /** What the services work with, assembled once per request (services/deps.ts); `db` is its database. */
    deps: Deps;
    db: Db;
    /** The anonymous browser's id (cookie), set by the visitor middleware. */
    visitorId: string;
    /** The signed-in user, looked up once per request (see services/people/sessions.ts). */
    currentUser: Promise<User | null>;
    /** Who is asking (and so whose rows they may touch), set by the identify middleware on /api. */
    caller: Caller;
    /** Set on the app's pages (routes/pages.ts), which carry the app's security policy. */
    page?: boolean;
  };
};
