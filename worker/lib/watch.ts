/**
 * Polls that wait for news (docs/product.md, "Banner and profile adjusters"): a call that names the
 * answer it has (its ETag, `If-None-Match`) and may wait (`Prefer: wait=n`, RFC 7240) is held until
 * the answer changes, so a results page learns of a finished target when it finishes rather than on
 * its next poll. A change is answered once the call has been held HOLD_MS (a fan-out finishes a
 * target every few tens of ms: that keeps a page to a call a second, as often as it polled), at once
 * when the work has ended; an answer that did not change within the wait is a 304. A call without
 * an ETag is answered at once.
 *
 * A held call costs nothing while nothing changes: it waits for news of a change (`news`, told by
 * whoever changes the rows: services/conversions/news.ts) and reads the answer's version once per
 * news, never on a timer. Each caller may hold a few at once (`hold`, shared/limits.ts HELD_POLLS);
 * past that a call is answered at once with `Retry-After`, when to poll again (2 s past the
 * address's limit, 10 s past the visitor's own). A held call says so: `Preference-Applied: wait=n`.
 */
import type { Context } from 'hono';
import { HELD_POLLS } from '../../shared/limits';

/** The longest a call is held, whatever it asks. */
export const LONGEST_WAIT_MS = 10_000;
/** How long a call is held before a change is answered, unless the work has ended. */
export const HOLD_MS = 1000;

/** The wait a `Prefer` header asks for, in ms (0 when it asks none), capped at LONGEST_WAIT_MS. */
export function preferredWait(prefer: string | undefined): number {
  const seconds = /(?:^|[,;\s])wait=(\d+)/i.exec(prefer ?? '')?.[1];
  return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, LONGEST_WAIT_MS);
}

/**
 * A cheap look at whether an answer may have changed (one small query): a key that changes whenever
 * the answer may, and whether the work has ended.
 */
export type Version = { key: string; ended: boolean };

/** Where news of a change arrives: a mark of what was told so far, and a wait for news after it. */
export type NewsFeed<M> = { mark: () => Promise<M>; waitPast: (mark: M, ms: number) => Promise<M> };

/** A place for one held call, given back when it is answered; or whose limit (shared/limits.ts) refuses it. */
export type HoldPlace = (
  ms: number,
) => Promise<{ release: () => Promise<void> } | { refused: keyof typeof HELD_POLLS.retryAfterSeconds }>;

/**
 * Answers `look()` as JSON, held as the call asks (above). While held, only `version()` is read,
 * once when the hold starts and once per news; the answer itself is built once, when it is sent.
 * The ETag is the version's: an answer built a moment after its version only makes the next call
 * answer sooner. With no version (null: not the caller's, or gone), `look()` answers, and throws
 * the 404 it would.
 */
export async function answerWatched<T, M>(
  c: Context,
  watched: {
    version: () => Promise<Version | null>;
    look: () => Promise<T>;
    news: NewsFeed<M>;
    hold: HoldPlace;
  },
): Promise<Response> {
  const known = knownTags(c.req.header('If-None-Match'));
  const waitMs = preferredWait(c.req.header('Prefer'));
  const answer = async (version: Version | null): Promise<Response> => {
    if (version === null) return c.json(await watched.look());
    const etag = await etagOf(version.key);
    const changed = !known.includes(opaque(etag));
    const body = changed ? await watched.look() : null;
    c.header('ETag', etag);
    c.header('Cache-Control', 'private, no-store');
    return changed ? c.json(body) : c.body(null, 304);
  };
  if (known.length === 0 || waitMs === 0) return answer(await watched.version());

  c.header('X-Held-Polls-Limit', `visitor=${HELD_POLLS.visitor}, address=${HELD_POLLS.address}`);
  const place = await watched.hold(waitMs);
  if ('refused' in place) {
    c.header('Retry-After', String(HELD_POLLS.retryAfterSeconds[place.refused]));
    return answer(await watched.version());
  }
  try {
    c.header('Preference-Applied', `wait=${waitMs / 1000}`);
    const started = Date.now();
    // The mark comes before the read: a change after it is news, so none is missed.
    let mark = await watched.news.mark();
    for (;;) {
      const version = await watched.version();
      const held = Date.now() - started;
      if (version === null) return await answer(null);
      const changed = !known.includes(opaque(await etagOf(version.key)));
      // (A timer may fire a hair early: a wait within 20 ms of its end has ended.)
      if ((changed && (held >= HOLD_MS || version.ended)) || held + 20 >= waitMs) return await answer(version);
      // Changed while the work goes on: answered at HOLD_MS, or sooner when news says it ended.
      mark = await watched.news.waitPast(mark, (changed ? HOLD_MS : waitMs) - held);
    }
  } finally {
    await place.release();
  }
}

/**
 * The tags an If-None-Match names, compared weakly (RFC 9110): a proxy that compresses the answer
 * may send ours back as W/"…". `*` matches nothing here: a poll always has an answer to compare.
 */
function knownTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((tag) => opaque(tag.trim()))
    .filter((tag) => tag.startsWith('"'));
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

async function etagOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  const hex = [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}
