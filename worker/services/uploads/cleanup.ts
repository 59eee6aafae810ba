import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { RETENTION_DAYS } from '../../../shared/limits';
import { DAY_MS } from '../../lib/clock';
import { uploadPrefix } from './storage-keys';

/** Images are deleted 7 days after upload (privacy policy). */
export const RETENTION_MS = RETENTION_DAYS * DAY_MS;
const BATCH = 100;

/**
 * Deletes the files of uploads older than the retention period and marks their rows expired.
 * Rows stay (purchases keep their history); only the pictures go, and the access points read into
 * their files with them. Returns how many uploads expired.
 */
export async function expireOldUploads(db: Db, bucket: R2Bucket, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  let expired = 0;
  for (;;) {
    const batch = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(isNull(uploads.expiredAt), lt(uploads.createdAt, cutoff)))
      .limit(BATCH);
    if (batch.length === 0) return expired;
    for (const { id } of batch) {
      await deletePrefix(bucket, uploadPrefix(id));
      await db.update(uploads).set({ expiredAt: now, accessPoints: null }).where(eq(uploads.id, id));
      expired += 1;
    }
  }
}

/** Deletes every object under the prefix, page by page. */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix, cursor });
    if (listing.objects.length > 0) await bucket.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}
