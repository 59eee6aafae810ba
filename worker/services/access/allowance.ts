/**
 * Free downloads, counted by DownloadCounter Durable Objects over a rolling 24 hours (the door,
 * door.ts, spends one only after earlier acquisition, payment and Unlimited Access are ruled out):
 * - an anonymous visitor: 1 a day per IP address (an IPv6 address counts by its /64);
 * - a registered user: 5 a day per account and, however many accounts sign up there, 5 a day per
 *   address (the anonymous download counts in that 5). So new accounts do not bring new downloads.
 * Downloading the same request again inside the window costs nothing.
 */
import type { DownloadCounter } from '../../durable-objects/download-counter';
import { FREE_DOWNLOADS_ANONYMOUS, FREE_DOWNLOADS_REGISTERED } from '../../../shared/limits';
import { clock, DAY_MS } from '../../lib/clock';
import { ipKey, type Caller } from '../caller';

export const ALLOWANCE_WINDOW_MS = DAY_MS;
export type Counters = DurableObjectNamespace<DownloadCounter>;

/** A counter a free download must fit: its Durable Object key and its limit in the window. */
type Bucket = { key: string; limit: number };
export type Tier = { unlimited: true } | { unlimited: false; buckets: Bucket[] };

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

/** Counts one free download of `requestId` on every counter of the tier, all or none. */
export async function consumeFreeDownload(
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
