/**
 * Who watches a request's renders (lib/watch.ts): its results page, and for a batch's requests the
 * owner's Batch page. Whatever changes what they poll (a render marked, completed or failed) tells
 * them here, through a RenderNews object per request and per account's batches, so a held poll
 * waits for news rather than reading D1 on a timer.
 */
import type { NewsMark, RenderNews } from '../../durable-objects/render-news';
import type { NewsFeed } from '../../lib/watch';
import type { ConversionFlow } from '../../db/schema';
import { log } from '@social-resizer/engine/log';

export type News = DurableObjectNamespace<RenderNews>;

/** What a request's conversions poll waits on. */
export const requestNews = (requestId: string) => `request:${requestId}`;
/** What a batch's progress poll waits on: every batch of the account (a batch holds many requests). */
export const batchesNews = (userId: string) => `batches:${userId}`;

export function newsOf(news: News, key: string) {
  return news.get(news.idFromName(key));
}

/** The news a held poll of `key` waits on (lib/watch.ts). */
export function newsFeed(news: News, key: string): NewsFeed<NewsMark> {
  const object = newsOf(news, key);
  return { mark: () => object.mark(), waitPast: (mark, ms) => object.waitPast(mark, ms) };
}

/** Rows of a request that changed, as far as their watchers care. */
export type Changed = { requestId: string; userId: string | null; flow: ConversionFlow };

/**
 * Tells the watchers of these changes: each request's, and its owner's batches' for a batch's rows.
 * Never throws: news that does not arrive only makes a held poll wait out its hold (at most
 * LONGEST_WAIT_MS) before it reads again.
 */
export async function tellWatchers(news: News, changed: readonly Changed[]): Promise<void> {
  const keys = new Set<string>();
  for (const { requestId, userId, flow } of changed) {
    keys.add(requestNews(requestId));
    if (flow === 'batch' && userId) keys.add(batchesNews(userId));
  }
  await Promise.all(
    [...keys].map((key) =>
      newsOf(news, key)
        .tell()
        .catch((error: unknown) =>
          log('warn', 'render news not told', { key, error: error instanceof Error ? error.message : String(error) }),
        ),
    ),
  );
}
