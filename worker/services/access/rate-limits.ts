/**
 * Hourly limits that bound what one visitor can make the service do, each counted by a
 * DownloadCounter Durable Object over a rolling hour and answered with 429, Retry-After and the
 * minutes to wait:
 *
 * - conversions: targets (request × format) per hour, per account or per address; asking again for
 *   the same target is free, and targets that were not recorded after all are given back;
 * - uploads: every upload attempt per hour (each is inspected and decoded, so a file of a few
 *   kilobytes that claims 12 MP costs a decode), per address, or per account for Unlimited Access;
 * - registrations: accounts created per hour per address;
 * - password resets: reset e-mails asked for per hour per address.
 */
import {
  CONVERSIONS_PER_HOUR,
  PASSWORD_RESETS_PER_HOUR,
  REGISTRATIONS_PER_HOUR,
  UPLOADS_PER_HOUR,
} from '../../../shared/limits';
import type { HourlyLimit } from '../../../shared/hourly-limit';
import { clock } from '../../lib/clock';
import { ApiError } from '../../lib/errors';
import { ipKey, type Caller } from '../caller';
import { counter, type Counters } from './allowance';

const HOUR_MS = 60 * 60 * 1000;

/** A grant that can be given back when the work it was for is not done after all. */
export type Grant = { release: () => Promise<void> };

/**
 * Counts `ids` on `key` (all or none) or answers 429 with `refusal(limit, minutes)`; a limit a page
 * explains (`about`) also answers its facts as `limit` (shared/schemas.ts, hourlyLimitSchema).
 */
async function takeHourly(
  counters: Counters,
  key: string,
  ids: string[],
  limit: number,
  refusal: (minutes: number, remaining: number) => string,
  about?: Pick<HourlyLimit, 'kind' | 'raisedBy'>,
): Promise<Grant> {
  const now = clock.now().getTime();
  const object = counter(counters, key);
  const result = await object.consumeMany(ids, limit, HOUR_MS, now);
  if (result.allowed) return { release: () => object.release(result.counted) };
  const resetAt = result.resetAt ?? now + HOUR_MS;
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const facts: HourlyLimit | undefined = about && {
    ...about,
    perHour: limit,
    remaining: result.remaining,
    resetAt: new Date(now + seconds * 1000).toISOString(),
  };
  throw new ApiError(
    429,
    refusal(minutes, result.remaining),
    { 'Retry-After': String(seconds) },
    facts && { limit: facts },
  );
}

/** What raises a limit for this caller: signing in, then Unlimited Access, then nothing. */
const raisedBy = (user: Caller['user']): HourlyLimit['raisedBy'] =>
  user?.hasUnlimitedAccess ? null : user ? 'unlimited' : 'sign-in';

const inMinutes = (minutes: number) => `Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/**
 * Counts the conversion targets against the caller's hourly limit, all or none. Release the grant
 * if the targets are then not recorded, so refused or failed work costs nothing.
 */
export function takeConversions(counters: Counters, { user, ip }: Caller, targetKeys: string[]): Promise<Grant> {
  const limit = user?.hasUnlimitedAccess
    ? CONVERSIONS_PER_HOUR.unlimited
    : user
      ? CONVERSIONS_PER_HOUR.registered
      : CONVERSIONS_PER_HOUR.anonymous;
  const key = `conversions:${user ? `user:${user.id}` : ipKey(ip)}`;
  return takeHourly(
    counters,
    key,
    targetKeys,
    limit,
    (minutes, remaining) =>
      `Too many conversions: up to ${limit} formats an hour (${remaining} left). ${inMinutes(minutes)}`,
    { kind: 'conversions', raisedBy: raisedBy(user) },
  );
}

/** Counts one upload attempt, before the file is read. */
export function takeUpload(counters: Counters, { user, ip }: Caller): Promise<Grant> {
  const unlimited = user?.hasUnlimitedAccess === true;
  const limit = unlimited ? UPLOADS_PER_HOUR.unlimited : UPLOADS_PER_HOUR.address;
  const key = `uploads:${unlimited && user ? `user:${user.id}` : ipKey(ip)}`;
  return takeHourly(
    counters,
    key,
    [crypto.randomUUID()],
    limit,
    (minutes) => `Too many uploads: up to ${limit} images an hour. ${inMinutes(minutes)}`,
    // Signing in does not raise the upload limit (it is per address); Unlimited Access does.
    { kind: 'uploads', raisedBy: unlimited ? null : 'unlimited' },
  );
}

/** Counts one registration from the caller's address. */
export function takeRegistration(counters: Counters, { ip }: Caller): Promise<Grant> {
  return takeHourly(
    counters,
    `registrations:${ipKey(ip)}`,
    [crypto.randomUUID()],
    REGISTRATIONS_PER_HOUR,
    (minutes) =>
      `Too many new accounts from this network: up to ${REGISTRATIONS_PER_HOUR} an hour. ${inMinutes(minutes)}`,
  );
}

/** Counts one password reset request from the caller's address, whether or not the address has an account. */
export function takePasswordReset(counters: Counters, { ip }: Caller): Promise<Grant> {
  return takeHourly(
    counters,
    `password-resets:${ipKey(ip)}`,
    [crypto.randomUUID()],
    PASSWORD_RESETS_PER_HOUR.address,
    (minutes) => `Too many password reset requests from this network. ${inMinutes(minutes)}`,
  );
}
