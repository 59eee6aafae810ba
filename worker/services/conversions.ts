import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversions } from '../db/schema';
import { clock } from '../lib/clock';

/** Ends a conversion that is still processing as failed, with the reason the page shows. */
export async function markConversionFailed(db: Db, conversionId: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(conversions)
    .set({ status: 'failed', error: reason, updatedAt: clock.now() })
    .where(and(eq(conversions.id, conversionId), eq(conversions.status, 'processing')))
    .returning({ id: conversions.id });
  return updated.length > 0;
}
