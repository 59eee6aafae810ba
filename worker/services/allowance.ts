/**
 * Who may have the pixels of a request, decided here and nowhere else (`authorizePixels`):
 *
 * - A preview of any finished output, to the request's owner: a preview is never the deliverable
 *   (at most half the output's size on each side, see imaging/render.ts and docs/decisions).
 * - A file the banner or profile adjuster made, to the owner, free (docs/product-decisions.md):
 *   decided from what made the file (the flow that rendered it and its framing, written with the
 *   file's key by the render itself, services/rendering.ts), never from a label a later route could
 *   change. Only a file framed without the request's own crop and zoom qualifies; re-rendered with
 *   that framing by any route, the same row is under the request rule. The adjusters' targets are
 *   on another platform than the request's own format, so they never hand out that format.
 * - Everything else (the request's own format, the download step's other formats, batch outputs):
 *   by the request rule below, whatever the route (one file, the ZIP, or any later one).
 *
 * The request rule: once its owner has got a request (`acquiredAt`, a purchase), it costs nothing
 * again. Otherwise a Single Download payment within its 30 days, unlimited access, or a free
 * download, counted by DownloadCounter Durable Objects over a rolling 24 hours:
 * - an anonymous visitor: 1 a day per IP address (an IPv6 address counts by its /64);
 * - a registered user: 5 a day per account and, however many accounts sign up there, 5 a day per
 *   address (the anonymous download counts in that 5). So new accounts do not bring new downloads.
 * Downloading the same request again inside the window costs nothing.
 */
import type { OutputType } from '../../shared/output';
import { and, eq, gt } from 'drizzle-orm';
import type { DownloadCounter } from '../durable-objects/download-counter';
import type { Db } from '../db/client';
import { conversions, payments, type ImageRequest, type User } from '../db/schema';
import { clock, DAY_MS } from '../lib/clock';
import { ApiError } from '../lib/errors';
import { FREE_DOWNLOADS_ANONYMOUS, FREE_DOWNLOADS_REGISTERED } from '../../shared/limits';
import { markAcquired } from './purchases';
import { previewKeyOf } from './storage-keys';

export const ALLOWANCE_WINDOW_MS = DAY_MS;
export const PAYMENT_REQUIRED_MESSAGE = 'Download requires payment';
export const NOT_PROCESSED_MESSAGE = 'This format has not been processed yet';

export type Counters = DurableObjectNamespace<DownloadCounter>;

/** Who is asking, as plain values: the signed-in user (or null) and the client's IP address. */
export type Caller = { user: User | null; ip: string | null };

/** A counter a free download must fit: its Durable Object key and its limit in the window. */
type Bucket = { key: string; limit: number };
export type Tier = { unlimited: true } | { unlimited: false; buckets: Bucket[] };

/** The counter key of an IP address: IPv4 as it is, IPv6 by its first 64 bits. */
export function ipKey(ip: string | undefined | null): string {
  const address = (ip ?? '').trim().toLowerCase();
  if (!address) return 'ip:unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  if (!address.includes(':')) return `ip:${address}`;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `ip6:${prefix.join(':')}::/64`;
}

export function tierFor({ user, ip }: Caller): Tier {
  if (user?.hasUnlimitedAccess) return { unlimited: true };
  const address = { key: ipKey(ip), limit: user ? FREE_DOWNLOADS_REGISTERED : FREE_DOWNLOADS_ANONYMOUS };
  return {
    unlimited: false,
    buckets: user ? [{ key: `user:${user.id}`, limit: FREE_DOWNLOADS_REGISTERED }, address] : [address],
  };
}

export function counter(counters: Counters, key: string) {
  return counters.get(counters.idFromName(key));
}

export type AllowanceStatus =
  { unlimited: true } | { unlimited: false; limit: number; remaining: number; resetAt: number | null };

/** The caller's free downloads: the tightest of their counters (the account's limit is the one shown). */
export async function checkAllowance(counters: Counters, caller: Caller): Promise<AllowanceStatus> {
  const tier = tierFor(caller);
  if (tier.unlimited) return tier;
  const now = clock.now().getTime();
  const states = await Promise.all(
    tier.buckets.map((b) => counter(counters, b.key).peek(b.limit, ALLOWANCE_WINDOW_MS, now)),
  );
  const tightest = states.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && (b.resetAt ?? 0) > (a.resetAt ?? 0)) ? b : a,
  );
  return {
    unlimited: false,
    limit: tier.buckets[0]?.limit ?? 0,
    remaining: tightest.remaining,
    resetAt: tightest.resetAt,
  };
}

/** A succeeded single-plan payment for this request whose 30 days have not run out. */
export async function hasPaidAccess(db: Db, requestId: string): Promise<boolean> {
  const row = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.imageRequestId, requestId),
        eq(payments.status, 'succeeded'),
        gt(payments.accessExpiresAt, clock.now()),
      ),
    )
    .get();
  return row !== undefined;
}

/** Counts one free download of `requestId` on every counter of the tier, all or none. */
async function consumeFreeDownload(
  counters: Counters,
  buckets: Bucket[],
  requestId: string,
  now: number,
): Promise<boolean> {
  const taken: Array<{ key: string; ids: string[] }> = [];
  for (const bucket of buckets) {
    const result = await counter(counters, bucket.key).consume(requestId, bucket.limit, ALLOWANCE_WINDOW_MS, now);
    if (!result.allowed) {
      await Promise.all(taken.map((t) => counter(counters, t.key).release(t.ids)));
      return false;
    }
    taken.push({ key: bucket.key, ids: result.counted });
  }
  return true;
}

/**
 * The request rule: lets the caller have the request's outputs and records it as acquired, or
 * answers 402. A free download is consumed only after earlier acquisition, payment and unlimited
 * access are ruled out.
 */
async function grantRequest(
  deps: { db: Db; counters: Counters },
  caller: Caller,
  request: ImageRequest,
): Promise<void> {
  if (request.acquiredAt) return;
  const now = clock.now();
  const tier = tierFor(caller);
  if (!tier.unlimited && !(await hasPaidAccess(deps.db, request.id))) {
    if (!(await consumeFreeDownload(deps.counters, tier.buckets, request.id, now.getTime())))
      throw new ApiError(402, PAYMENT_REQUIRED_MESSAGE);
  }
  await markAcquired(deps.db, request.id, now);
  request.acquiredAt = now;
}

export type PixelUse = 'preview' | 'download';
export type PixelFile = { key: string; type: OutputType };

/**
 * The one door to the pixels of a request: every route that hands out an output or a preview
 * calls this, after `getLiveRequest` has checked the owner. Answers the R2 key and file type of each
 * format, in order (a preview is always a PNG); 409 when one is not processed yet (nothing is
 * counted then), 402 when the caller may not have it.
 */
export async function authorizePixels(
  deps: { db: Db; counters: Counters },
  caller: Caller,
  request: ImageRequest,
  formatIds: number[],
  use: PixelUse,
): Promise<PixelFile[]> {
  const rows = await deps.db
    .select({
      formatId: conversions.formatId,
      status: conversions.status,
      renderedFlow: conversions.renderedFlow,
      framing: conversions.framing,
      outputKey: conversions.outputKey,
      outputType: conversions.outputType,
    })
    .from(conversions)
    .where(eq(conversions.requestId, request.id));
  let needsRequestRule = false;
  const files = formatIds.map((formatId): PixelFile => {
    const own = formatId === request.formatId;
    const row = rows.find((r) => r.formatId === formatId);
    const key = row?.status === 'complete' ? row.outputKey : null;
    if (!key) throw new ApiError(409, NOT_PROCESSED_MESSAGE);
    const adjusterOutput =
      !own &&
      (row?.renderedFlow === 'banner' || row?.renderedFlow === 'profile') &&
      row.framing !== null &&
      row.framing !== 'request';
    if (!adjusterOutput) needsRequestRule = true;
    if (use === 'preview') return { key: previewKeyOf(key), type: 'png' };
    // Files rendered before output types existed are PNGs.
    return { key, type: row?.outputType ?? 'png' };
  });
  if (use === 'download' && needsRequestRule) await grantRequest(deps, caller, request);
  return files;
}
