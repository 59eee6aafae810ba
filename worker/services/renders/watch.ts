/**
 * A results page's poll that waits for news (docs/api.md, "Conversions"): a call that names the
 * answer it has (its ETag, `If-None-Match`) and may wait (`Prefer: wait=n`, RFC 7240) is held until
 * the answer changes, so the page learns of a finished target when it finishes rather than on its
 * next poll. A change is answered once the call has been held HOLD_MS (a fan-out finishes a target
 * every few tens of ms: that keeps a page to about two calls a second), at once when every target
 * has ended; an answer that never changed within the wait is a 304.
 */
import type { ConversionResponse } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import type { Caller } from '../caller';
import { getLiveRequest } from '../pictures/image-requests';
import { conversionAnswer, targetsOf } from './answers';
import { endInterruptedRenders } from './in-request';

/** The longest a call is held, whatever it asks. */
export const LONGEST_WAIT_MS = 10_000;
/** How long a call is held before a change is answered, unless every target has ended. */
export const HOLD_MS = 500;
/** How often a held call looks again. */
const LOOK_EVERY_MS = 100;

/** The wait a `Prefer` header asks for, in ms (0 when it asks none), capped at LONGEST_WAIT_MS. */
export function preferredWait(prefer: string | undefined): number {
  const seconds = /(?:^|[,;\s])wait=(\d+)/i.exec(prefer ?? '')?.[1];
  return seconds === undefined ? 0 : Math.min(Number(seconds) * 1000, LONGEST_WAIT_MS);
}

export type Watched = { answer: ConversionResponse; etag: string; changed: boolean };

/**
 * The request's answer, once it differs from `known` (or at once without it), or unchanged after
 * `waitMs`. Each look reads the request anew: a request deleted meanwhile answers 404 or 410.
 */
export async function watchConversions(
  db: Db,
  id: string,
  caller: Caller,
  known: string | null,
  waitMs: number,
): Promise<Watched> {
  const started = Date.now();
  for (;;) {
    const { request, upload } = await getLiveRequest(db, id, caller);
    await endInterruptedRenders(db, request.id);
    const answer = conversionAnswer(await targetsOf(db, request), upload);
    const etag = await etagOf(answer);
    const held = Date.now() - started;
    if (etag !== known && (known === null || held >= HOLD_MS || allEnded(answer)))
      return { answer, etag, changed: true };
    if (held + LOOK_EVERY_MS > waitMs) return { answer, etag, changed: etag !== known };
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

function allEnded(answer: ConversionResponse): boolean {
  return Object.values(answer.results).every((status) => status === 'complete' || status === 'failed');
}

async function etagOf(answer: ConversionResponse): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(answer)));
  const hex = [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}
