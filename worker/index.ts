/**
 * The Worker's entry: HTTP (the Hono app), the conversion queues, and the daily cleanup cron.
 * Static assets (the built React app) are served by the assets binding before this runs.
 */
import { app } from './app';
import { createDb } from './db/client';
import { checkEnv } from './environment';
import { clock } from './lib/clock';
import { log } from '@social-resizer/engine/log';
import { countUsage } from './lib/usage';
import { handleQueueBatch } from './queues/consumer';
import { expireOldUploads } from './services/uploads/cleanup';
import { forgetOldFailures } from './services/people/login-throttle';
import { endInterruptedConversions } from './services/conversions/rows';

export { DownloadCounter } from './durable-objects/download-counter';
export { RenderNews } from './durable-objects/render-news';

const ignore = () => undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const answer = Promise.resolve(app.fetch(request, countUsage(env), ctx));
    // A visitor who leaves mid-request (a page closed, a reload) does not cut the work short: the
    // runtime would drop its remaining promises, and with them the `finally` that gives the
    // isolate's memory back (engine/memory.ts), leaving its room held for good.
    ctx.waitUntil(answer.then(ignore, ignore));
    return answer;
  },
  queue: (batch, env, _ctx) => {
    checkEnv(env);
    return handleQueueBatch(batch, countUsage(env));
  },
  scheduled: async (_controller, env, _ctx) => {
    checkEnv(env);
    env = countUsage(env);
    const db = createDb(env.DB);
    const expired = await expireOldUploads(db, env.BUCKET, clock.now());
    await endInterruptedConversions({ db, news: env.RENDER_NEWS });
    await forgetOldFailures(db, clock.now());
    log('info', 'daily cleanup', { expiredUploads: expired });
  },
} satisfies ExportedHandler<Env, unknown>;
