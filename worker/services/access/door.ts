/**
 * Who may have the pixels of a request, decided here and nowhere else (`authorizePixels`):
 *
 * - A preview of any finished output, to the request's owner: a preview is never the deliverable
 *   (at most half the output's size on each side, see engine/output/render.ts and
 *   docs/decisions/0002-one-door-for-pixels.md).
 * - A file the banner or profile adjuster made, to the owner, free (docs/product.md, "Banner and profile adjusters"):
 *   decided from what made the file (the flow that rendered it and its framing, written with the
 *   file's key by the render itself, services/conversions/render.ts), never from a label a later route could
 *   change. Only a file framed by the adjuster's own plans (centred, planned, the user's box)
 *   qualifies (`isFreeAdjusterFile`, engine/plan/crop.ts, by which the results pages show the price);
 *   re-rendered with the request's crop and zoom by any route, or framed by hand for one target (the
 *   single tool's kind of framing), the same row is under the request rule. A fan-out never makes a
 *   single tool's request's own format (conversions/fan-out.ts, refuseSingleToolFiles), and a fan-out's
 *   request has no file of its own: its format is one of its targets.
 * - Everything else (the request's own format, the download step's other formats, batch outputs):
 *   by the request rule below, whatever the route (one file, the ZIP, or any later one).
 *
 * The request rule: once its owner has got a request (`acquiredAt`, a purchase), it costs nothing
 * again. Otherwise a Single Download payment within its 30 days, unlimited access, or a free
 * download (allowance.ts). Decision notes 0002 and 0012 give the reasons.
 */
import { and, eq, gt } from 'drizzle-orm';
import { isFreeAdjusterFile } from '../../../shared/framings';
import type { FileCheck } from '../../../shared/file-check';
import type { OutputType } from '@social-resizer/engine/plan/output';
import type { Db } from '../../db/client';
import { conversions, payments, type ImageRequest } from '../../db/schema';
import { clock } from '../../lib/clock';
import { ApiError } from '../../lib/errors';
import type { Caller } from '../caller';
import { previewKeyOf } from '../uploads/storage-keys';
import { consumeFreeDownload, tierFor, type Counters } from './allowance';
import { markAcquired } from './purchases';

export const PAYMENT_REQUIRED_MESSAGE = 'Download requires payment';
export const NOT_PROCESSED_MESSAGE = 'This format has not been processed yet';
/** A succeeded single-plan payment for this request whose 30 days have not run out. */
export async function hasPaidAccess(db: Db, requestId: string): Promise<boolean> {
  const row = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.imageRequestId, requestId),
        eq(payments.status, 'succeeded'),
        gt(payments.accessExpiresAt, clock.now()),
      ),
    )
    .get();
  return row !== undefined;
}

/**
 * The request rule short of a free download: its owner got it before, paid for it within the 30
 * days, or has Unlimited Access. Then downloading costs nothing; the image request answer says so
 * (`acquired`), so every page offers the download by this same rule. The caller must be the owner
 * (`getOwnedRequest`).
 */
export async function alreadyTheirs(db: Db, caller: Caller, request: ImageRequest): Promise<boolean> {
  return theirsWhenPaid(caller, request, false) || (await hasPaidAccess(db, request.id));
}

/** The same rule, given whether the request is paid for (`hasPaidAccess`), for callers that read it beside the request. */
export function theirsWhenPaid(caller: Caller, request: ImageRequest, paid: boolean): boolean {
  return request.acquiredAt !== null || tierFor(caller).unlimited || paid;
}

/**
 * The request rule: lets the caller have the request's outputs and records it as acquired, or
 * answers 402. A free download is consumed only after earlier acquisition, payment and unlimited
 * access are ruled out.
 */
async function grantRequest(
  deps: { db: Db; counters: Counters },
  caller: Caller,
  request: ImageRequest,
): Promise<void> {
  if (request.acquiredAt) return;
  const now = clock.now();
  const tier = tierFor(caller);
  if (!tier.unlimited && !(await alreadyTheirs(deps.db, caller, request))) {
    if (!(await consumeFreeDownload(deps.counters, tier.buckets, request.id, now.getTime())))
      throw new ApiError(402, PAYMENT_REQUIRED_MESSAGE);
  }
  await markAcquired(deps.db, request.id, now);
  request.acquiredAt = now;
}

export type PixelUse = 'preview' | 'download';
/** Where a file's or preview's bytes are: an object, or a range of one (a render's file and preview share one). */
export type PixelFile = {
  key: string;
  range: { offset: number; length?: number } | null;
  type: OutputType;
  check: FileCheck | null;
};

/** The bytes the door handed out, as a stream and its length; null when the object is gone. */
export async function openPixels(
  bucket: R2Bucket,
  file: PixelFile,
): Promise<{ body: ReadableStream<Uint8Array>; size: number; contentType: string | undefined } | null> {
  const object = await bucket.get(file.key, file.range ? { range: file.range } : undefined);
  if (!object) return null;
  const size = file.range ? (file.range.length ?? object.size - file.range.offset) : object.size;
  return { body: object.body, size, contentType: object.httpMetadata?.contentType };
}

/**
 * The one door to the pixels of a request: every route that hands out an output or a preview
 * calls this, after `getLiveRequest` has checked the owner. Answers the R2 key and file type of each
 * format, in order (a preview's own type is its object's content type: a JPEG output's is a JPEG,
 * any other, and any made before 2026-11-27, a PNG); 409 when one is not processed yet (nothing is
 * counted then), 402 when the caller may not have it.
 */
export async function authorizePixels(
  deps: { db: Db; counters: Counters },
  caller: Caller,
  request: ImageRequest,
  formatIds: number[],
  use: PixelUse,
): Promise<PixelFile[]> {
  const rows = await deps.db
    .select({
      formatId: conversions.formatId,
      status: conversions.status,
      renderedFlow: conversions.renderedFlow,
      framing: conversions.framing,
      outputKey: conversions.outputKey,
      outputType: conversions.outputType,
      outputSize: conversions.outputSize,
      previewType: conversions.previewType,
      fileCheck: conversions.fileCheck,
    })
    .from(conversions)
    .where(eq(conversions.requestId, request.id));
  let needsRequestRule = false;
  const files = formatIds.map((formatId): PixelFile => {
    const row = rows.find((r) => r.formatId === formatId);
    if (row?.status !== 'complete' || !row.outputKey) throw new ApiError(409, NOT_PROCESSED_MESSAGE);
    const key = row.outputKey;
    // A fan-out's request has no file of its own: its format is one of the targets.
    if (!isFreeAdjusterFile(row, request.purpose === 'single' ? request.formatId : null)) needsRequestRule = true;
    // Since previews share the file's object, a row knows both lengths; before, the preview was an
    // object of its own, its type read from it when served (a JPEG output's is a JPEG, else a PNG).
    const shared = row.previewType !== null && row.outputSize !== null;
    if (use === 'preview')
      return shared
        ? { key, range: { offset: row.outputSize! }, type: row.previewType!, check: null }
        : { key: previewKeyOf(key), range: null, type: 'png', check: null };
    // Files rendered before output types existed are PNGs.
    return {
      key,
      range: shared ? { offset: 0, length: row.outputSize! } : null,
      type: row.outputType ?? 'png',
      check: row.fileCheck ?? null,
    };
  });
  if (use === 'download' && needsRequestRule) await grantRequest(deps, caller, request);
  return files;
}
