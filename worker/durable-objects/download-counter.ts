import { DurableObject } from 'cloudflare:workers';

/** What a visitor has left of their free downloads in the rolling window. */
export type Allowance = {
  limit: number;
  remaining: number;
  /** When the oldest counted download leaves the window (ms since epoch), or null if none counts. */
  resetAt: number | null;
};

export type ConsumeResult = Allowance & {
  allowed: boolean;
  /** The same request was already downloaded inside the window, so nothing new was counted. */
  alreadyCounted: boolean;
  /** The ids this call counted (none when refused or when every one was counted already): what `release` may give back. */
  counted: string[];
};

/** How many held polls may wait at once: per visitor, and per address (its counter's key). */
export type HoldLimits = { visitor: number; address: number };
/** Whether a poll may wait, and how many the visitor and the address hold with it. */
export type HoldResult = { held: boolean; byVisitor: number; byAddress: number };

/**
 * Counts one key's uses over a rolling window: free downloads (an IP /64 or an account), and the
 * hourly limits on conversions, uploads and registrations (services/access/rate-limits.ts), and an
 * address's held polls at once (hold). Every method runs to completion before the next starts and uses the object's
 * synchronous SQLite storage, so two simultaneous downloads with one left give exactly one grant.
 */
export class DownloadCounter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec('CREATE TABLE IF NOT EXISTS downloads (request_id TEXT PRIMARY KEY, at INTEGER NOT NULL)');
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS holds (id TEXT PRIMARY KEY, visitor TEXT NOT NULL, until INTEGER NOT NULL)',
    );
  }

  /**
   * Holds one more held poll from this key's address for `visitor` (services/access/held-polls.ts),
   * unless the visitor or the address already holds its limit. A hold ends when given back, or at
   * `until` if its isolate went away without giving it back.
   */
  hold(id: string, visitor: string, limits: HoldLimits, now: number, until: number): HoldResult {
    this.sql.exec('DELETE FROM holds WHERE until <= ?', now);
    const count = (where: string, ...args: string[]) =>
      this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM holds ${where}`, ...args).one().n;
    const byVisitor = count('WHERE visitor = ?', visitor);
    const byAddress = count('');
    if (byVisitor >= limits.visitor || byAddress >= limits.address) return { held: false, byVisitor, byAddress };
    this.sql.exec('INSERT INTO holds (id, visitor, until) VALUES (?, ?, ?)', id, visitor, until);
    return { held: true, byVisitor: byVisitor + 1, byAddress: byAddress + 1 };
  }

  /** Gives a hold back. */
  unhold(id: string): void {
    this.sql.exec('DELETE FROM holds WHERE id = ?', id);
  }

  /** The allowance without using any of it. */
  peek(limit: number, windowMs: number, now: number): Allowance {
    this.prune(now - windowMs);
    return this.allowance(limit, windowMs);
  }

  /** Counts a download of `requestId` if the allowance has room; a repeat inside the window is free. */
  consume(requestId: string, limit: number, windowMs: number, now: number): ConsumeResult {
    this.prune(now - windowMs);
    const repeat = this.sql.exec('SELECT 1 FROM downloads WHERE request_id = ?', requestId).toArray().length > 0;
    if (repeat) return { ...this.allowance(limit, windowMs), allowed: true, alreadyCounted: true, counted: [] };
    if (this.used() >= limit)
      return { ...this.allowance(limit, windowMs), allowed: false, alreadyCounted: false, counted: [] };
    this.sql.exec('INSERT INTO downloads (request_id, at) VALUES (?, ?)', requestId, now);
    return { ...this.allowance(limit, windowMs), allowed: true, alreadyCounted: false, counted: [requestId] };
  }

  /**
   * Counts all of `ids` or none: allowed only if every new one fits the limit (ids already counted
   * in the window are free). Used for conversions, where one request asks for many targets.
   */
  consumeMany(ids: string[], limit: number, windowMs: number, now: number): ConsumeResult {
    this.prune(now - windowMs);
    const fresh = [...new Set(ids)].filter(
      (id) => this.sql.exec('SELECT 1 FROM downloads WHERE request_id = ?', id).toArray().length === 0,
    );
    if (this.used() + fresh.length > limit)
      return { ...this.allowance(limit, windowMs), allowed: false, alreadyCounted: false, counted: [] };
    for (const id of fresh) this.sql.exec('INSERT INTO downloads (request_id, at) VALUES (?, ?)', id, now);
    return { ...this.allowance(limit, windowMs), allowed: true, alreadyCounted: fresh.length === 0, counted: fresh };
  }

  /**
   * Gives back what a `consume` or `consumeMany` counted, when the work it paid for was not done
   * after all (a second counter refused, or the conversions could not be recorded).
   */
  release(ids: string[]): void {
    for (const id of ids) this.sql.exec('DELETE FROM downloads WHERE request_id = ?', id);
  }

  private prune(before: number): void {
    this.sql.exec('DELETE FROM downloads WHERE at <= ?', before);
  }

  private used(): number {
    return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM downloads').one().n;
  }

  private oldest(): number | null {
    return this.sql.exec<{ at: number | null }>('SELECT min(at) AS at FROM downloads').one().at;
  }

  private allowance(limit: number, windowMs: number): Allowance {
    const used = this.used();
    const oldest = this.oldest();
    return { limit, remaining: Math.max(0, limit - used), resetAt: oldest === null ? null : oldest + windowMs };
  }
}
