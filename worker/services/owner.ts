import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** Who is asking: the signed-in user if any, and always the browser's visitor id. */
export type Owner = { userId: string | null; visitorId: string };

/** Rows owned by the user, or by this browser while still anonymous. */
export function ownedBy(owner: Owner, columns: { userId: SQLiteColumn; visitorId: SQLiteColumn }): SQL | undefined {
  const byVisitor = and(isNull(columns.userId), eq(columns.visitorId, owner.visitorId));
  return owner.userId ? or(eq(columns.userId, owner.userId), byVisitor) : byVisitor;
}
