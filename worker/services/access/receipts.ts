import { desc, eq } from 'drizzle-orm';
import { findPlan } from '../../../shared/plans';
import type { Receipt } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { imageRequests, payments, uploads } from '../../db/schema';

/**
 * The account's payments as receipts, newest first (docs/product.md, "Accounts"): every payment row
 * that is the account's, pending, succeeded or failed. A payment a visitor made in this browser
 * became the account's when it signed in (people/accounts.ts `claimVisitorWork`); one made signed
 * out in another browser is linked to nothing here and is not listed.
 */
export async function listReceipts(db: Db, userId: string): Promise<Receipt[]> {
  const rows = await db
    .select({
      payment: payments,
      request: {
        id: imageRequests.id,
        platform: imageRequests.platform,
        format: imageRequests.format,
      },
      upload: { originalFilename: uploads.originalFilename, expiredAt: uploads.expiredAt },
    })
    .from(payments)
    .leftJoin(imageRequests, eq(imageRequests.id, payments.imageRequestId))
    .leftJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt));
  return rows.map(({ payment, request, upload }) => ({
    id: payment.id,
    planId: payment.planId,
    planName: findPlan(payment.planId)?.name ?? payment.planId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: payment.status,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.grantedAt?.toISOString() ?? null,
    image:
      request && upload
        ? {
            requestId: request.id,
            originalFilename: upload.originalFilename,
            platform: request.platform,
            format: request.format,
            expired: upload.expiredAt !== null,
          }
        : null,
  }));
}
