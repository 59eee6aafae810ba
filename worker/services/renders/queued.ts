/**
 * The queue's renders: the adjusters' and the batch's targets, one message each, rendered by the
 * one render function (render.ts) with a decode shared across a queue batch where it can be.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { findFormat } from '../../../shared/formats';
import type { Db } from '../../db/client';
import { conversions, imageRequests, uploads, type Upload } from '../../db/schema';
import type { DecodeNeed } from '../../imaging';
import type { ConversionMessage } from './message';
import { UploadPicture, type RenderDeps } from './picture';
import { decodeNeed, failRender, renderConversion } from './render';

/**
 * What a queue batch keeps between its messages: the picture of the last upload rendered, and the
 * conversions still to come (their renders share a decode with this one where they can).
 */
export interface QueueBatchState {
  picture: UploadPicture | null;
  upcoming: string[];
}

/**
 * Renders one queued conversion. A redelivered message for a finished or unknown conversion does
 * nothing, and so does a message of a render the row no longer waits for (asked again since). A
 * failure the image itself causes ends the conversion as failed with its reason; anything else is
 * thrown, so the queue retries it (and the dead-letter queue ends it after the last retry).
 */
export async function renderQueued(
  deps: RenderDeps,
  message: ConversionMessage,
  batch: QueueBatchState,
): Promise<'rendered' | 'skipped' | 'failed'> {
  const row = await deps.db
    .select({ conversion: conversions, request: imageRequests, upload: uploads })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(eq(conversions.id, message.conversionId))
    .get();
  if (!row || row.conversion.status !== 'processing') return 'skipped';
  // Messages queued before render ids name none: they render what the row now asks.
  if (message.renderId !== undefined && message.renderId !== row.conversion.renderId) return 'skipped';
  const { conversion, request, upload } = row;
  const renderId = conversion.renderId ?? (await claimRender(deps.db, conversion.id));
  if (!renderId) return 'skipped';
  const format = findFormat(conversion.formatId);
  if (!format) {
    await failRender(deps.db, { conversion, renderId }, 'This format is no longer offered.');
    return 'failed';
  }
  if (upload.expiredAt) {
    await failRender(deps.db, { conversion, renderId }, 'The image was deleted after 7 days. Please upload it again.');
    return 'failed';
  }
  await deps.db
    .update(conversions)
    .set({ attempts: sql`${conversions.attempts} + 1` })
    .where(eq(conversions.id, conversion.id));
  if (batch.picture?.upload.id !== upload.id) {
    batch.picture = null; // free the last picture before reading the next
    batch.picture = new UploadPicture(deps, upload);
  }
  return renderConversion(deps, batch.picture, { conversion, request, upload, format, renderId }, () =>
    upcomingNeeds(deps.db, upload, batch.upcoming),
  );
}

/** Gives a row marked before render ids existed one, unless another render claimed it first. */
async function claimRender(db: Db, conversionId: string): Promise<string | null> {
  const renderId = crypto.randomUUID();
  const claimed = await db
    .update(conversions)
    .set({ renderId })
    .where(and(eq(conversions.id, conversionId), isNull(conversions.renderId)))
    .returning({ id: conversions.id });
  return claimed.length > 0 ? renderId : null;
}

/** What the upcoming conversions of the same upload will read, for the shared decode. */
async function upcomingNeeds(db: Db, upload: Upload, ids: string[]): Promise<DecodeNeed[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ conversion: conversions, request: imageRequests })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .where(
      and(inArray(conversions.id, ids), eq(imageRequests.uploadId, upload.id), eq(conversions.status, 'processing')),
    );
  return rows.flatMap(({ conversion, request }) => {
    const format = findFormat(conversion.formatId);
    return format ? [decodeNeed({ conversion, request, upload, format })] : [];
  });
}
