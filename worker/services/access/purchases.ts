import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { findFormat } from '../../../shared/formats';
import type { Purchase, PurchaseFormat } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { conversions, imageRequests, uploads, type ConversionFlow } from '../../db/schema';
import { downloadPath, previewPath } from '../uploads/paths';

/**
 * The account's purchases: every image it got, by a free download, unlimited access or a payment
 * (the request's `acquiredAt`), newest first. A processed one can be downloaded again by its owner
 * at no cost until the 7-day deletion removes its files; then it says so. The other formats got
 * for the same picture from the download step ("Other formats") are listed with it.
 */
export async function listPurchases(db: Db, userId: string): Promise<Purchase[]> {
  const rows = await db
    .select({ request: imageRequests, originalFilename: uploads.originalFilename, expiredAt: uploads.expiredAt })
    .from(imageRequests)
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(and(eq(imageRequests.userId, userId), isNotNull(imageRequests.acquiredAt)))
    .orderBy(desc(imageRequests.acquiredAt));
  const live = rows.filter((r) => r.expiredAt === null).map((r) => r.request.id);
  // D1 binds at most 100 parameters a statement: the live requests are asked about 90 at a time.
  const done: Array<{ requestId: string; formatId: number; flow: ConversionFlow }> = [];
  for (let i = 0; i < live.length; i += 90)
    done.push(
      ...(await db
        .select({ requestId: conversions.requestId, formatId: conversions.formatId, flow: conversions.flow })
        .from(conversions)
        .where(and(inArray(conversions.requestId, live.slice(i, i + 90)), eq(conversions.status, 'complete')))
        .orderBy(asc(conversions.createdAt))),
    );
  return rows.map(({ request, originalFilename, expiredAt }) => {
    const mine = done.filter((d) => d.requestId === request.id);
    const kept = !expiredAt && mine.some((d) => d.formatId === request.formatId);
    return {
      id: request.id,
      createdAt: (request.acquiredAt ?? request.createdAt).toISOString(),
      originalFilename,
      formatId: request.formatId,
      platform: request.platform,
      format: request.format,
      processedPath: kept ? downloadPath(request.id) : null,
      previewPath: kept ? previewPath(request.id, request.formatId) : null,
      // The other formats got from the download step ("Other formats"), with the request's own.
      otherFormats: kept
        ? mine
            .filter((d) => d.flow === 'single' && d.formatId !== request.formatId)
            .flatMap(({ formatId }): PurchaseFormat[] => {
              const format = findFormat(formatId);
              if (!format) return [];
              return [
                {
                  formatId,
                  platform: format.platform,
                  format: format.format,
                  downloadPath: downloadPath(request.id, formatId),
                  previewPath: previewPath(request.id, formatId),
                },
              ];
            })
        : [],
      expired: expiredAt !== null,
    };
  });
}

/** Marks the request as got by its owner (the first time only): from now on it is a purchase. */
export async function markAcquired(db: Db, requestId: string, now: Date): Promise<void> {
  await db
    .update(imageRequests)
    .set({ acquiredAt: now })
    .where(and(eq(imageRequests.id, requestId), isNull(imageRequests.acquiredAt)));
}
