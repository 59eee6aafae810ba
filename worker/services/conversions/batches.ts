/**
 * Batches (Unlimited Access): many photos, each already uploaded with its image request, to the
 * same formats. Each photo × format is a conversion of the photo's request (flow 'batch') on the
 * queue, content-aware unless the user drew a box for that photo; the batch row groups them in the
 * photos' order, so the progress and the ZIP survive a refresh and a return later.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { FileCheck } from '../../../shared/file-check';
import { safeName, uniqueName } from '../../../shared/filenames';
import type { Fill } from '../../../shared/fill';
import { findFormat, outputFilename } from '../../../shared/formats';
import { DEFAULT_OUTPUT, type OutputSettings } from '@social-resizer/engine/plan/output';
import type { BatchPhoto, BatchResponse, BatchSummary } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { batches, batchPhotos, conversions, imageRequests, uploads, type Batch } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { Version } from '../../lib/watch';
import type { Counters } from '../access/allowance';
import { authorizePixels, type PixelFile } from '../access/door';
import {
  BATCH_NEEDS_UNLIMITED,
  checkTargets,
  focusOn,
  refuseSingleToolFiles,
  startConversions,
  type FanOutDeps,
} from './fan-out';
import { conversionTally, toFiles, toFramings, toResults } from './answers';
import { getLiveRequest } from '../uploads/image-requests';
import { EXPIRED_MESSAGE } from '../uploads/uploads';
import { checksEntry, type ZipEntry } from '../uploads/zip';
import type { Caller } from '../caller';
import { takeConversions } from '../access/rate-limits';
import { renderIdentity, renderLimitKey } from './identity';

export const BATCH_NOT_FOUND = 'Batch not found';

export type NewBatch = {
  requestIds: string[];
  formats: number[];
  output?: OutputSettings;
  fill?: Fill;
  focus?: Record<string, CropRect>;
};

/**
 * Records the batch and queues every photo × format, after every rule: Unlimited Access (402), the
 * formats (400), each photo a live request of the caller's (404, or 410 after 7 days), and the
 * hourly limit for all its conversions at once (429, with nothing recorded).
 */
export async function createBatch(deps: FanOutDeps, caller: Caller, input: NewBatch): Promise<BatchResponse> {
  const user = caller.user;
  if (!user?.hasUnlimitedAccess) throw new ApiError(402, BATCH_NEEDS_UNLIMITED);
  const targets = checkTargets('batch', null, input.formats);
  const ids = [...new Set(input.requestIds)];
  const photos = [];
  for (const id of ids) {
    const photo = await getLiveRequest(deps.db, id, caller);
    await refuseSingleToolFiles(deps.db, photo.request, targets);
    photos.push(photo);
  }
  for (const id of Object.keys(input.focus ?? {}))
    if (!ids.includes(id)) throw new ApiError(400, 'A box was given for a photo that is not in the batch.');
  const output = input.output ?? DEFAULT_OUTPUT;
  const focusOf = (requestId: string, picture: { width: number; height: number }) => {
    const box = input.focus?.[requestId];
    return box ? focusOn(box, picture) : null;
  };
  const grant = await takeConversions(
    deps.counters,
    caller,
    photos.flatMap(({ request, upload }) => {
      const focus = focusOf(request.id, upload);
      const mode = focus ? 'standard' : 'content-aware';
      const asked = renderIdentity({ flow: 'batch', mode, output, fill: input.fill ?? null, focus });
      return targets.map((t) => renderLimitKey(request.id, t.id, asked));
    }),
  );
  try {
    const id = crypto.randomUUID();
    await deps.db.batch([
      deps.db.insert(batches).values({ id, userId: user.id, formatIds: targets.map((t) => t.id) }),
      ...photos.map(({ request }, position) =>
        deps.db.insert(batchPhotos).values({ batchId: id, requestId: request.id, position }),
      ),
    ]);
    for (const { request, upload } of photos) {
      const focus = focusOf(request.id, upload);
      // The analysis is made by the first conversion the queue renders (once per upload), not here:
      // fifty photos would keep this request waiting for fifty decodes.
      const mode = focus ? 'standard' : 'content-aware';
      const ask = { output, fill: input.fill ?? null, focus };
      await startConversions(deps, request, upload, targets, 'batch', mode, ask);
    }
    return await batchStatus(deps.db, id, user.id);
  } catch (error) {
    await grant.release();
    throw error;
  }
}

async function ownedBatch(db: Db, id: string, userId: string | undefined): Promise<Batch> {
  const batch = userId
    ? await db
        .select()
        .from(batches)
        .where(and(eq(batches.id, id), eq(batches.userId, userId)))
        .get()
    : undefined;
  if (!batch) throw new ApiError(404, BATCH_NOT_FOUND);
  return batch;
}

/**
 * What a batch's progress is made from, in one small query (lib/watch.ts): the statuses and last
 * change of its formats' conversions, and its photos' expiry; null when the batch is not the caller's.
 */
export async function batchVersion(db: Db, id: string, userId: string | undefined): Promise<Version | null> {
  if (!userId) return null;
  const row = await db
    .select({
      ...conversionTally,
      expired: sql<number>`coalesce(sum(${uploads.expiredAt} is not null), 0)`,
    })
    .from(batches)
    .innerJoin(batchPhotos, eq(batchPhotos.batchId, batches.id))
    .innerJoin(imageRequests, eq(imageRequests.id, batchPhotos.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .leftJoin(
      conversions,
      and(
        eq(conversions.requestId, batchPhotos.requestId),
        sql`${conversions.formatId} in (select value from json_each(${batches.formatIds}))`,
      ),
    )
    .where(and(eq(batches.id, id), eq(batches.userId, userId)))
    .groupBy(batches.id)
    .get();
  if (!row) return null;
  return { key: JSON.stringify(row), ended: row.processing === 0 };
}

/** The batch's progress: per photo and in all (complete, failed with the reason, still processing). */
export async function batchStatus(db: Db, id: string, userId: string | undefined): Promise<BatchResponse> {
  const batch = await ownedBatch(db, id, userId);
  const photos = await db
    .select({ requestId: batchPhotos.requestId, filename: uploads.originalFilename, upload: uploads })
    .from(batchPhotos)
    .innerJoin(imageRequests, eq(imageRequests.id, batchPhotos.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(eq(batchPhotos.batchId, id))
    .orderBy(asc(batchPhotos.position));
  // Up to 50 bound ids (D1 binds at most 100 a statement); the batch's formats are picked here.
  const rows = (
    photos.length
      ? await db
          .select()
          .from(conversions)
          .where(
            inArray(
              conversions.requestId,
              photos.map((p) => p.requestId),
            ),
          )
      : []
  ).filter((r) => batch.formatIds.includes(r.formatId));
  const totals = { complete: 0, failed: 0, processing: 0 };
  const out: BatchPhoto[] = photos.map((photo) => {
    const own = rows.filter((r) => r.requestId === photo.requestId);
    for (const row of own) totals[row.status]++;
    return {
      requestId: photo.requestId,
      originalFilename: photo.filename,
      expired: photo.upload.expiredAt !== null,
      results: toResults(own),
      files: toFiles(own),
      framings: toFramings(own, photo.upload),
      errors: Object.fromEntries(own.filter((r) => r.status === 'failed').map((r) => [r.formatId, r.error ?? ''])),
      boxKept: own.some((r) => r.focus !== null),
    };
  });
  return { id, createdAt: batch.createdAt.toISOString(), formats: batch.formatIds, photos: out, totals };
}

/** The caller's latest 20 batches, newest first, for a return later: two queries for them all. */
export async function listBatches(db: Db, userId: string | undefined): Promise<BatchSummary[]> {
  if (!userId) return [];
  const list = await db
    .select()
    .from(batches)
    .where(eq(batches.userId, userId))
    .orderBy(desc(batches.createdAt))
    .limit(20);
  if (list.length === 0) return [];
  const rows = await db
    .select({
      batchId: batchPhotos.batchId,
      requestId: batchPhotos.requestId,
      formatId: conversions.formatId,
      status: conversions.status,
    })
    .from(batchPhotos)
    .leftJoin(conversions, eq(conversions.requestId, batchPhotos.requestId))
    .where(
      inArray(
        batchPhotos.batchId,
        list.map((b) => b.id),
      ),
    );
  return list.map((batch) => {
    const own = rows.filter((r) => r.batchId === batch.id);
    const totals = { complete: 0, failed: 0, processing: 0 };
    for (const row of own)
      if (row.status && row.formatId !== null && batch.formatIds.includes(row.formatId)) totals[row.status]++;
    return {
      id: batch.id,
      createdAt: batch.createdAt.toISOString(),
      photos: new Set(own.map((r) => r.requestId)).size,
      formats: batch.formatIds.length,
      totals,
    };
  });
}

/**
 * The ZIP's entries: a folder per photo (its file name made safe, numbered when two photos share
 * one, case ignored), each finished output in it, every file through the one door to pixels. A
 * batch with nothing finished yet is a 409; one whose photos were all deleted after 7 days, a 410.
 */
export async function batchZipEntries(
  deps: { db: Db; counters: Counters },
  caller: Caller,
  id: string,
): Promise<ZipEntry[]> {
  const status = await batchStatus(deps.db, id, caller.user?.id);
  const folders = new Set<string>();
  const entries: ZipEntry[] = [];
  const checked: Array<{ name: string; platform: string; check: FileCheck | null }> = [];
  for (const photo of status.photos) {
    const done = Object.keys(photo.files).map(Number);
    if (photo.expired || done.length === 0) continue;
    const { request } = await getLiveRequest(deps.db, photo.requestId, caller);
    const files = await authorizePixels(deps, caller, request, done, 'download');
    const folder = uniqueName(folders, safeName(photo.originalFilename));
    done.forEach((formatId, i) => {
      const file = files[i] as PixelFile;
      const format = findFormat(formatId)!;
      const name = `${folder}/${outputFilename(photo.originalFilename, format, file.type)}`;
      entries.push({ name, file });
      checked.push({ name, platform: format.platform, check: file.check });
    });
  }
  if (entries.length > 0) return [...entries, checksEntry(checked)];
  if (status.photos.every((p) => p.expired)) throw new ApiError(410, EXPIRED_MESSAGE);
  throw new ApiError(409, 'Nothing in this batch is finished yet.');
}
