import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Purchase } from '../../shared/schemas';
import type { Db } from '../db/client';
import { imageRequests, uploads } from '../db/schema';

/**
 * The account's purchases: every image it got, by a free download, unlimited access or a payment
 * (the request's `acquiredAt`), newest first. A processed one can be downloaded again by its owner
 * at no cost until the 7-day deletion removes its files; then it says so.
 */
export async function listPurchases(db: Db, userId: string): Promise<Purchase[]> {
  const rows = await db
    .select({ request: imageRequests, originalFilename: uploads.originalFilename, expiredAt: uploads.expiredAt })
    .from(imageRequests)
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(and(eq(imageRequests.userId, userId), isNotNull(imageRequests.acquiredAt)))
    .orderBy(desc(imageRequests.acquiredAt));
  return rows.map(({ request, originalFilename, expiredAt }) => ({
    id: request.id,
    createdAt: (request.acquiredAt ?? request.createdAt).toISOString(),
    originalFilename,
    platform: request.platform,
    format: request.format,
    processedPath: request.status === 'complete' && !expiredAt ? `/api/download/${request.id}` : null,
    expired: expiredAt !== null,
  }));
}

/** Marks the request as got by its owner (the first time only): from now on it is a purchase. */
export async function markAcquired(db: Db, requestId: string, now: Date): Promise<void> {
  await db
    .update(imageRequests)
    .set({ acquiredAt: now })
    .where(and(eq(imageRequests.id, requestId), isNull(imageRequests.acquiredAt)));
}
