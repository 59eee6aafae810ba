/**
 * Who may download what, decided here and nowhere else:
 *
 * - a request paid for with the single plan, within its 30 days;
 * - a user with unlimited access;
 * - otherwise a free download, counted by the DownloadCounter Durable Object over a rolling 24 hours:
 *   1 a day per IP address for anonymous visitors (an IPv6 address counts by its /64, since one
 *   household holds a whole /64), 5 a day per account for registered users. Downloading the same
 *   request again inside the window costs nothing.
 *
 * Once its owner has got a request (it is then a purchase, `acquiredAt`), downloading it or its
 * other formats again costs nothing: the account page offers purchases for download.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { payments, type ImageRequest, type User } from '../db/schema';
import { clock, DAY_MS } from '../lib/clock';
import { ApiError } from '../lib/errors';
import { CONVERSIONS_PER_HOUR, FREE_DOWNLOADS_ANONYMOUS, FREE_DOWNLOADS_REGISTERED } from '../../shared/limits';
import type { AppEnv } from '../types';
import { markAcquired } from './purchases';
import { currentUser } from './sessions';

export const ALLOWANCE_WINDOW_MS = DAY_MS;
export const PAYMENT_REQUIRED_MESSAGE = 'Download requires payment';

export type Tier = { unlimited: true } | { unlimited: false; key: string; limit: number };

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
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups] : headGroups;
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `ip6:${prefix.join(':')}::/64`;
}

export function tierFor(user: User | null, ip: string | undefined | null): Tier {
  if (user?.hasUnlimitedAccess) return { unlimited: true };
  if (user) return { unlimited: false, key: `user:${user.id}`, limit: FREE_DOWNLOADS_REGISTERED };
  return { unlimited: false, key: ipKey(ip), limit: FREE_DOWNLOADS_ANONYMOUS };
}

/** The tier of the caller: their account if signed in, else their IP address. */
export async function tierOf(c: Context<AppEnv>): Promise<Tier> {
  return tierFor(await currentUser(c), c.req.header('CF-Connecting-IP'));
}

function counter(env: Env, key: string) {
  return env.DOWNLOAD_COUNTER.get(env.DOWNLOAD_COUNTER.idFromName(key));
}

export type AllowanceStatus = { unlimited: true } | { unlimited: false; limit: number; remaining: number; resetAt: number | null };

export async function checkAllowance(env: Env, tier: Tier): Promise<AllowanceStatus> {
  if (tier.unlimited) return tier;
  const allowance = await counter(env, tier.key).peek(tier.limit, ALLOWANCE_WINDOW_MS, clock.now().getTime());
  return { unlimited: false, ...allowance };
}

/** A succeeded single-plan payment for this request whose 30 days have not run out. */
export async function hasPaidAccess(db: Db, requestId: string): Promise<boolean> {
  const row = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.imageRequestId, requestId), eq(payments.status, 'succeeded'), gt(payments.accessExpiresAt, clock.now())))
    .get();
  return row !== undefined;
}

/**
 * Lets the download of the request through, and records it as acquired, or answers 402. A free
 * download is consumed only after earlier acquisition, payment and unlimited access are ruled out.
 */
export async function authorizeDownload(c: Context<AppEnv>, request: ImageRequest): Promise<void> {
  if (request.acquiredAt) return;
  const db = c.get('db');
  const now = clock.now();
  const tier = await tierOf(c);
  if (!tier.unlimited && !(await hasPaidAccess(db, request.id))) {
    const result = await counter(c.env, tier.key).consume(request.id, tier.limit, ALLOWANCE_WINDOW_MS, now.getTime());
    if (!result.allowed) throw new ApiError(402, PAYMENT_REQUIRED_MESSAGE);
  }
  await markAcquired(db, request.id, now);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts the conversion targets (request × format; asking again for the same one is free) against
 * the visitor's hourly limit, all or none; 429 with the minutes to wait when they do not fit.
 */
export async function consumeConversions(c: Context<AppEnv>, keys: string[]): Promise<void> {
  const user = await currentUser(c);
  const limit = user?.hasUnlimitedAccess ? CONVERSIONS_PER_HOUR.unlimited : user ? CONVERSIONS_PER_HOUR.registered : CONVERSIONS_PER_HOUR.anonymous;
  const key = `conversions:${user ? `user:${user.id}` : ipKey(c.req.header('CF-Connecting-IP'))}`;
  const now = clock.now().getTime();
  const result = await counter(c.env, key).consumeMany(keys, limit, HOUR_MS, now);
  if (result.allowed) return;
  const seconds = Math.max(1, Math.ceil(((result.resetAt ?? now + HOUR_MS) - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new ApiError(429, `Too many conversions: up to ${limit} formats an hour (${result.remaining} left). Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    'Retry-After': String(seconds),
  });
}
