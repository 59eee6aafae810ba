import { and, desc, eq } from 'drizzle-orm';
import { findFormat, findFormatByName } from '../../../shared/formats';
import { titleCase } from '../../../shared/platforms';
import { SINGLE_DEFAULT_FILL } from '../../../shared/fill';
import type { FileCheck } from '../../../shared/file-check';
import type { OutputType } from '@social-resizer/engine/plan/output';
import type { CreateImageRequestInput, FormatOutput, ImageRequestResponse, OutputFile } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import {
  conversions,
  imageRequests,
  payments,
  uploads,
  type Conversion,
  type ImageRequest,
  type Upload,
} from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { tierFor } from '../access/allowance';
import { alreadyTheirs, hasPaidAccess, theirsWhenPaid } from '../access/door';
import { ownedBy, ownerOf, type Caller } from '../caller';
import { downloadPath, previewPath, uploadIdFromPath } from './paths';
import { assertNotExpired, findOwnedUpload, toUploadResponse } from './uploads';

export const REQUEST_NOT_FOUND = 'Image request not found';

export async function createImageRequest(
  db: Db,
  input: CreateImageRequestInput,
  caller: Caller,
): Promise<{ request: ImageRequest; upload: Upload }> {
  const format =
    input.formatId !== undefined ? findFormat(input.formatId) : findFormatByName(input.platform, input.format);
  if (!format || format.platform !== input.platform || format.format !== input.format)
    throw new ApiError(
      400,
      input.platform === 'custom'
        ? 'This custom size cannot be made: sides of 16 to 4096 px, at most 5.7 million pixels.'
        : `format: Unknown format "${input.format}" for platform "${input.platform}"`,
    );
  if (input.width !== format.width || input.height !== format.height) {
    throw new ApiError(
      422,
      `The size ${input.width}×${input.height} does not match ${titleCase(format.platform)} ${format.format} (${format.width}×${format.height}).`,
    );
  }
  const uploadId = uploadIdFromPath(input.originalPath);
  if (!uploadId) throw new ApiError(400, 'originalPath: Not the path of an uploaded image');
  const upload = await findOwnedUpload(db, uploadId, caller);
  if (!upload) throw new ApiError(404, 'Upload not found. Please upload the image again.');
  assertNotExpired(upload);
  const crop = input.cropDetails;
  const reachesPicture =
    crop.x < upload.width && crop.y < upload.height && crop.x + crop.width > 0 && crop.y + crop.height > 0;
  if (!reachesPicture || crop.width > upload.width * 4 || crop.height > upload.height * 4) {
    throw new ApiError(400, 'cropDetails: The crop must cover part of the picture');
  }
  const [row] = await db
    .insert(imageRequests)
    .values({
      uploadId,
      formatId: format.id,
      platform: format.platform,
      format: format.format,
      width: format.width,
      height: format.height,
      cropDetails: crop,
      outputChoice: input.output?.type,
      quality: input.output?.quality,
      fill: input.fill ?? null,
      purpose: input.purpose ?? 'single',
      ...ownerOf(caller),
    })
    .returning();
  if (!row) throw new Error('image request row was not written');
  return { request: row, upload };
}

/** The caller's request and its upload, or 404 (someone else's request is "not found" too). */
export async function getOwnedRequest(
  db: Db,
  id: string,
  caller: Caller,
): Promise<{ request: ImageRequest; upload: Upload }> {
  // One query: both rows must be the caller's (a request of someone else's upload is not found).
  const row = await db
    .select({ request: imageRequests, upload: uploads })
    .from(imageRequests)
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(and(eq(imageRequests.id, id), ownedBy(caller, imageRequests), ownedBy(caller, uploads)))
    .get();
  if (!row) throw new ApiError(404, REQUEST_NOT_FOUND);
  return row;
}

/** The caller's request and its upload, or 404; 410 once the image was deleted after 7 days. Every route that touches the picture uses this. */
export async function getLiveRequest(
  db: Db,
  id: string,
  caller: Caller,
): Promise<{ request: ImageRequest; upload: Upload }> {
  const owned = await getOwnedRequest(db, id, caller);
  assertNotExpired(owned.upload);
  return owned;
}

/** The rendered file of a conversion, once complete. */
export function fileOf(row: {
  status: string;
  outputType: OutputType | null;
  outputQuality: number | null;
  outputSize: number | null;
  fileCheck: FileCheck | null;
}): OutputFile | null {
  if (row.status !== 'complete' || row.outputSize === null) return null;
  return { type: row.outputType ?? 'png', quality: row.outputQuality, size: row.outputSize, check: row.fileCheck };
}

function toFormatOutput(conversion: Conversion): FormatOutput {
  const complete = conversion.status === 'complete';
  return {
    formatId: conversion.formatId,
    status: conversion.status,
    error: conversion.error,
    previewPath: complete ? previewPath(conversion.requestId, conversion.formatId) : null,
    downloadPath: complete ? downloadPath(conversion.requestId, conversion.formatId) : null,
    file: fileOf(conversion),
  };
}

/** The request as the owner's pages read it; whether it is theirs already comes from the pixel door's rule. */
export async function toRequestResponse(
  db: Db,
  request: ImageRequest,
  upload: Upload,
  caller: Caller,
): Promise<ImageRequestResponse> {
  const [payment, rows, acquired] = await Promise.all([
    succeededPayment(db, request.id),
    conversionsOfRequest(db, request.id),
    alreadyTheirs(db, caller, request),
  ]);
  return describeRequest(request, upload, caller, { paymentId: payment?.id ?? null, rows, acquired });
}

/**
 * The answer for a request just made: nothing can refer to its new id yet (no payment, no render),
 * and it is not acquired yet. Reads nothing more.
 */
export function newRequestResponse(request: ImageRequest, upload: Upload, caller: Caller): ImageRequestResponse {
  const acquired = theirsWhenPaid(caller, request, false);
  return describeRequest(request, upload, caller, { paymentId: null, rows: [], acquired });
}

/**
 * The caller's request, read fresh, as the owner's pages read it (404 as getOwnedRequest): its row
 * and everything the answer says of it, four reads sent at once, so one wait for the database.
 */
export async function readRequestResponse(db: Db, id: string, caller: Caller): Promise<ImageRequestResponse> {
  const [owned, payment, rows, paid] = await Promise.all([
    getOwnedRequest(db, id, caller),
    succeededPayment(db, id),
    conversionsOfRequest(db, id),
    hasPaidAccess(db, id),
  ]);
  const { request, upload } = owned;
  const acquired = theirsWhenPaid(caller, request, paid);
  return describeRequest(request, upload, caller, { paymentId: payment?.id ?? null, rows, acquired });
}

const conversionsOfRequest = (db: Db, requestId: string) =>
  db.select().from(conversions).where(eq(conversions.requestId, requestId));

function succeededPayment(db: Db, requestId: string) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.imageRequestId, requestId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt))
    .get();
}

function describeRequest(
  request: ImageRequest,
  upload: Upload,
  caller: Caller,
  facts: { paymentId: string | null; rows: Conversion[]; acquired: boolean },
): ImageRequestResponse {
  const { rows } = facts;
  // The request's own format is one of its conversions; before it is asked for it is pending.
  const own = rows.find((r) => r.formatId === request.formatId);
  return {
    id: request.id,
    originalFilename: upload.originalFilename,
    originalPath: toUploadResponse(upload).path,
    upload: toUploadResponse(upload),
    formatId: request.formatId,
    platform: request.platform,
    format: request.format,
    width: request.width,
    height: request.height,
    purpose: request.purpose,
    cropDetails: request.cropDetails,
    status: own?.status ?? 'pending',
    error: own?.error ?? null,
    output: { type: request.outputChoice, quality: request.quality },
    fill: request.fill ?? SINGLE_DEFAULT_FILL,
    file: own ? fileOf(own) : null,
    previewPath: own?.status === 'complete' ? previewPath(request.id, request.formatId) : null,
    paymentId: facts.paymentId,
    hasUnlimitedAccess: tierFor(caller).unlimited,
    acquired: facts.acquired,
    createdAt: request.createdAt.toISOString(),
    outputs: rows.filter((r) => r !== own).map(toFormatOutput),
  };
}

/** The catalogue entry of a format id, or 400 naming it. */
export function requireFormat(id: number) {
  const format = findFormat(id);
  if (!format) throw new ApiError(400, `formats: Unknown format id ${id}`);
  return format;
}
