/**
 * The queue's renders: the adjusters' and the batch's targets, one message each, rendered by the
 * one render function (render.ts) with a decode shared across a queue batch where it can be.
 */
import { eq, inArray } from 'drizzle-orm';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import type { Db } from '../../db/client';
import { conversions, imageRequests, uploads, type Conversion, type ImageRequest, type Upload } from '../../db/schema';
import type { DecodeNeed } from '@social-resizer/engine';
import type { ConversionMessage } from './message';
import { UploadPicture, type RenderDeps } from './picture';
import { decodeNeed, ended, needsDetection, renderConversion } from './render';
import { claimConversion, countAttempts, failConversion } from './rows';

/** A queued conversion's row, with its request and upload. */
export type QueuedRow = { conversion: Conversion; request: ImageRequest; upload: Upload };

/**
 * What a queue batch keeps between its messages: the rows of its conversions (read once for the
 * batch), the picture of the last upload rendered, and the conversions still to come (their renders
 * share a decode with this one where they can).
 */
export interface QueueBatchState {
  rows: Map<string, QueuedRow>;
  picture: UploadPicture | null;
  upcoming: string[];
  /** The batch's renders being stored (render.ts, Rendering), by request and format (storingKey). */
  storing: Map<string, Promise<unknown>>;
}

/**
 * Reads the rows of a batch's conversions in one query and counts an attempt on each that waits for
 * its message's render in one statement: two round trips a batch, where each message took three.
 */
export async function readQueueBatch(db: Db, messages: ConversionMessage[]): Promise<Map<string, QueuedRow>> {
  if (messages.length === 0) return new Map();
  const read = await db
    .select({ conversion: conversions, request: imageRequests, upload: uploads })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(
      inArray(
        conversions.id,
        messages.map((m) => m.conversionId),
      ),
    );
  // One object an upload, so what a render learns of it (its detection) serves the batch's others.
  const uploadsById = new Map<string, Upload>();
  const rows = new Map(
    read.map((row) => {
      const upload = uploadsById.get(row.upload.id) ?? row.upload;
      uploadsById.set(upload.id, upload);
      return [row.conversion.id, { ...row, upload }];
    }),
  );
  await countAttempts(
    db,
    messages.flatMap((m) => {
      const row = rows.get(m.conversionId);
      return row && waitsFor(row.conversion, m) ? [m.conversionId] : [];
    }),
  );
  return rows;
}

/** Whether the row still waits for the render this message is for. */
function waitsFor(conversion: Conversion, message: ConversionMessage): boolean {
  // Messages queued before render ids name none: they render what the row now asks.
  return (
    conversion.status === 'processing' && (message.renderId === undefined || message.renderId === conversion.renderId)
  );
}

/**
 * Renders one queued conversion from its batch's rows. A redelivered message for a finished or
 * unknown conversion does nothing, and so does a message of a render the row no longer waits for
 * (asked again since), or a second message of the same conversion in the batch. A failure the image
 * itself causes ends the conversion as failed with its reason; anything else is thrown (or rejects
 * `stored`, which settles once the render is stored: the next one is made meanwhile), so the queue
 * retries it (and the dead-letter queue ends it after the last retry). A row asked again while the
 * batch ran is rendered from what the batch read, and its render is then dropped as overtaken
 * (render.ts, `complete`).
 */
export async function renderQueued(
  deps: RenderDeps,
  message: ConversionMessage,
  batch: QueueBatchState,
): Promise<{ stored: Promise<'rendered' | 'skipped' | 'failed'> }> {
  const row = batch.rows.get(message.conversionId);
  if (!row || !waitsFor(row.conversion, message)) return ended('skipped');
  batch.rows.delete(message.conversionId); // a second message of the same render does nothing
  const { conversion, request, upload } = row;
  const renderId = conversion.renderId ?? (await claimConversion(deps.db, conversion.id));
  if (!renderId) return ended('skipped');
  const format = findFormat(conversion.formatId);
  if (!format) {
    await failConversion(deps, { conversion, renderId, request }, 'This format is no longer offered.');
    return ended('failed');
  }
  if (upload.expiredAt) {
    await failConversion(
      deps,
      { conversion, renderId, request },
      'The image was deleted after 7 days. Please upload it again.',
    );
    return ended('failed');
  }
  if (batch.picture?.upload.id !== upload.id) {
    batch.picture?.release(); // the last picture's room goes before the next is made
    batch.picture = new UploadPicture(deps, upload);
    // Room for this upload's renders in the batch (a busy isolate: MemoryBusy, and the queue retries).
    const upcoming = upcomingRows(batch, upload);
    const job = { conversion, request, upload, format };
    await batch.picture.makeRoomFor(
      {
        needs: [decodeNeed(job), ...upcoming.map((r) => decodeNeed(r))],
        outputs: [format, ...upcoming.map((r) => r.format)],
        detect: [job, ...upcoming].some(needsDetection),
      },
      QUEUE_ROOM_WAIT_MS,
    );
  }
  const rendering = await renderConversion(
    deps,
    batch.picture,
    { conversion, request, upload, format, renderId },
    () => Promise.resolve(upcomingNeeds(batch, upload)),
    (formatIds) => Promise.allSettled(formatIds.flatMap((id) => batch.storing.get(storingKey(request.id, id)) ?? [])),
  );
  batch.storing.set(storingKey(request.id, format.id), rendering.stored);
  return rendering;
}

const storingKey = (requestId: string, formatId: number) => `${requestId} ${formatId}`;

/** The batch's upcoming conversions of the same upload, still waiting for their renders. */
function upcomingRows(batch: QueueBatchState, upload: Upload): Array<QueuedRow & { format: PlatformFormat }> {
  return batch.upcoming.flatMap((id) => {
    const row = batch.rows.get(id);
    const format = row && findFormat(row.conversion.formatId);
    if (!row || !format || row.upload.id !== upload.id || row.conversion.status !== 'processing') return [];
    return [{ ...row, format }];
  });
}

/** What the batch's upcoming conversions of the same upload will read, for the shared decode. */
function upcomingNeeds(batch: QueueBatchState, upload: Upload): DecodeNeed[] {
  return upcomingRows(batch, upload).map((row) => decodeNeed(row));
}

/**
 * How long a queued render waits for room: longer than a request (nobody waits on an answer), and
 * a wait that ends without room is a retry of the message, which counts towards its last.
 */
const QUEUE_ROOM_WAIT_MS = 60_000;
