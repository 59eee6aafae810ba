/**
 * Polls that wait for news (docs/product.md, "Banner and profile adjusters"): a call that names the
 * answer it has (its ETag, `If-None-Match`) and may wait (`Prefer: wait=n`, RFC 7240) is held until
 * the answer changes, so a results page learns of a finished target when it finishes rather than on
 * its next poll. A change is answered once the call has been held HOLD_MS (a fan-out finishes a
 * target every few tens of ms: that keeps a page to a call a second, as often as it polled), at once
 * when the work has ended; an answer that did not change within the wait is a 304. A call without
 * an ETag is answered at once.
 */
import type { Context } from 'hono';

/** The longest a call is held, whatever it asks. */
export const LONGEST_WAIT_MS = 10_000;
/** How long a call is held before a change is answered, unless the work has ended. */
export const HOLD_MS = 1000;
/**
 * How often a held call looks again (one small query): the end of the work reaches the page within
 * it. At 250 ms a fan-out's end reached the page 134-174 ms after its last render, at 100 ms 38-78.
 */
const LOOK_EVERY_MS = 100;

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

/**
 * Answers `look()` as JSON, held as the call asks (above). While held, only `version()` is read
 * (every LOOK_EVERY_MS); the answer itself is built once, when it is sent. The ETag is the
 * version's: an answer built a moment after its version only makes the next call answer sooner.
 * With no version (null: not the caller's, or gone), `look()` answers, and throws the 404 it would.
 */
export async function answerWatched<T>(
  c: Context,
  watched: { version: () => Promise<Version | null>; look: () => Promise<T> },
): Promise<Response> {
  const known = knownTags(c.req.header('If-None-Match'));
  const waitMs = preferredWait(c.req.header('Prefer'));
  const started = Date.now();
  for (;;) {
    const version = await watched.version();
    if (version === null) return c.json(await watched.look());
    const etag = await etagOf(version.key);
    const held = Date.now() - started;
    const changed = !known.includes(opaque(etag));
    if ((changed && (known.length === 0 || held >= HOLD_MS || version.ended)) || held + LOOK_EVERY_MS > waitMs) {
      const answer = changed ? await watched.look() : null;
      c.header('ETag', etag);
      c.header('Cache-Control', 'private, no-store');
      return changed ? c.json(answer) : c.body(null, 304);
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
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
