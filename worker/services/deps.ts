import { createDb, type Db } from '../db/client';
import { codecs, type Codecs } from '@social-resizer/engine';
import type { Counters } from './access/allowance';
import type { News } from './conversions/news';

/**
 * What the services work with, assembled once per request (app.ts) or queue batch from the
 * bindings: each service takes the part it needs (`Pick<Deps, 'db' | 'bucket'>`, say).
 */
export type Deps = { db: Db; bucket: R2Bucket; codecs: Codecs; queue: Queue; counters: Counters; news: News };

export function depsFrom(env: Env): Deps {
  return {
    db: createDb(env.DB),
    bucket: env.BUCKET,
    codecs,
    queue: env.CONVERSIONS,
    counters: env.DOWNLOAD_COUNTER,
    news: env.RENDER_NEWS,
  };
}
