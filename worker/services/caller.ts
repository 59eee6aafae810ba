import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { User } from '../db/schema';

/**
 * Who is asking, resolved once per API request (middleware/identify.ts) into plain values: the
 * signed-in user if any, the client's IP address (limits and free downloads count by it), and always
 * the browser's visitor id (what an anonymous visitor owns until they sign in).
 */
export type Caller = { user: User | null; ip: string | null; visitorId: string };

/** The owner columns of a row the caller creates: the user's, or this browser's while anonymous. */
export function ownerOf(caller: Caller): { userId: string | null; visitorId: string } {
  return { userId: caller.user?.id ?? null, visitorId: caller.visitorId };
}

/** Rows owned by the caller's user, or by this browser while still anonymous. */
export function ownedBy(caller: Caller, columns: { userId: SQLiteColumn; visitorId: SQLiteColumn }): SQL | undefined {
  const byVisitor = and(isNull(columns.userId), eq(columns.visitorId, caller.visitorId));
  return caller.user ? or(eq(columns.userId, caller.user.id), byVisitor) : byVisitor;
}

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
