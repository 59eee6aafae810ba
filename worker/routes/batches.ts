import { Hono } from 'hono';
import { createBatchSchema } from '../../shared/schemas';
import { validate } from '../lib/validate';
import { answerWatched } from '../lib/watch';
import { holdPoll } from '../services/access/held-polls';
import { batchesNews, newsFeed } from '../services/conversions/news';
import { batchStatus, batchVersion, batchZipEntries, createBatch, listBatches } from '../services/conversions/batches';
import { zipResponse } from '../services/uploads/zip';
import type { AppEnv } from '../types';
import { parseId } from './params';

/** Batches for Unlimited Access: create, follow (owner only), and one ZIP with a folder per photo. */
export const batchRoutes = new Hono<AppEnv>()
  .post('/batches', validate('json', createBatchSchema), async (c) => {
    return c.json(await createBatch(c.get('deps'), c.get('caller'), c.req.valid('json')), 202);
  })
  .get('/batches', async (c) => c.json(await listBatches(c.get('db'), c.get('caller').user?.id)))
  /** A batch's progress; a poll that names the answer it has may wait for the next (lib/watch.ts). */
  .get('/batches/:id', (c) => {
    const id = parseId(c.req.param()).id;
    const userId = c.get('caller').user?.id;
    return answerWatched(c, {
      version: () => batchVersion(c.get('db'), id, userId),
      look: () => batchStatus(c.get('db'), id, userId),
      // Not the caller's (no account): version() is null and nothing waits.
      news: newsFeed(c.get('deps').news, batchesNews(userId ?? 'none')),
      hold: (ms) => holdPoll(c.get('deps').counters, c.get('caller'), ms),
    });
  })
  /** The finished outputs, a folder per photo, streamed as the adjusters' ZIP is. */
  .get('/batches/:id/zip', async (c) => {
    const id = parseId(c.req.param()).id;
    const entries = await batchZipEntries(c.get('deps'), c.get('caller'), id);
    return zipResponse(c.env.BUCKET, entries, `batch-${id.slice(0, 8)}.zip`);
  });
