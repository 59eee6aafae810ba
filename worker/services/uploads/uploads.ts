import { and, eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type UploadResponse } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { uploads, type Upload } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';
import {
  admitImage,
  decodesSoFar,
  freeNow,
  ImageError,
  inspectImage,
  keepUploadedFile,
  makeRoom,
  MIME_TYPES,
  PictureViews,
  verifyBytes,
  verifyDecodes,
  type Codecs,
  type ImageInfo,
  type Room,
  type StoredImageInfo,
} from '@social-resizer/engine';
import { boundaryOf, filePart, MAX_UPLOAD_BODY, readBody } from './upload-body';
import { ownedBy, ownerOf, type Caller } from '../caller';
import { uploadPath } from './paths';
import { originalKey } from './storage-keys';

export const TOO_LARGE_MESSAGE = 'Maximum file size is 50MB';

/**
 * The file name as the user typed it, to store and to show: no folders, no control characters, at
 * most 200 characters. Names that leave the server as files are made from it by safeName.
 */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .slice(0, 200) // characters, so an emoji is never cut in half
    .join('')
    .trim();
  return clean || 'image';
}

export function toUploadResponse(upload: Upload): UploadResponse {
  const type = (Object.entries(MIME_TYPES).find(([, mime]) => mime === upload.contentType)?.[0] ??
    'jpeg') as keyof typeof MIME_TYPES;
  return {
    id: upload.id,
    path: uploadPath(upload.id, type),
    originalFilename: upload.originalFilename,
    width: upload.width,
    height: upload.height,
    size: upload.size,
    type: upload.contentType,
  };
}

/** What an upload's request carries: its body, and the headers that say how to read it. */
export type UploadBody = { body: ReadableStream<Uint8Array> | null; contentType?: string; contentLength?: string };

/**
 * Receives an upload (upload-body.ts): room is made for its body as declared (at most the cap),
 * the body read once into it and its "image" part taken as a view of it, then checked and stored
 * (storeUpload) within that room. What the upload keeps for the renders that follow is counted as
 * kept from then on (kept-picture.ts).
 */
export async function receiveUpload(
  deps: { db: Db; bucket: R2Bucket; codecs: Codecs },
  request: UploadBody,
  caller: Caller,
): Promise<Upload> {
  const boundary = boundaryOf(request.contentType);
  if (!(request.contentType ?? '').toLowerCase().startsWith('multipart/form-data') || !boundary)
    throw new ApiError(400, 'image: Send the picture as multipart/form-data in the "image" field');
  if (!request.body) throw new ApiError(400, 'image: No file was uploaded. Please choose an image.');
  const declared = Number(request.contentLength);
  const capacity = declared > 0 ? Math.min(declared, MAX_UPLOAD_BODY) : MAX_UPLOAD_BODY;
  const room = await makeRoom(capacity, 'an upload');
  let body: Uint8Array | null = null;
  try {
    body = await readBody(request.body, capacity);
    const file = body ? filePart(body, boundary, 'image') : 'unreadable';
    if (file === 'unreadable') throw new ApiError(400, 'image: The upload could not be read. Please try again.');
    if (file === 'missing') throw new ApiError(400, 'image: No file was uploaded. Please choose an image.');
    if (file === 'not-a-file') throw new ApiError(400, 'image: The "image" field must be a file');
    const stored = await storeUpload(deps, { ...file, body }, caller, room);
    body = null; // the views kept for the renders that follow own it now
    return stored;
  } finally {
    room.release();
    // A body refused or failed is freed at once, not left to V8 (engine/memory.ts freeNow).
    if (body) freeNow(body); // its whole buffer: readBody answers a body in a buffer of its own size
  }
}

/**
 * Checks an uploaded file by its bytes (type, structure, dimensions against the memory budget, and
 * a real decode), then stores it. Nothing is stored unless every check passes. `room`: the room its
 * body was read into, which the check grows by what it holds beside the file (step-bytes.ts).
 * `file.body`: the request's body the file is part of; once stored, the views kept for the renders
 * that follow own it, and free it when they let go (kept-picture.ts).
 */
export async function storeUpload(
  deps: { db: Db; bucket: R2Bucket; codecs: Codecs },
  file: { name: string; bytes: Uint8Array; body?: Uint8Array | null },
  caller: Caller,
  room?: Room,
): Promise<Upload> {
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(413, TOO_LARGE_MESSAGE);
  let info;
  let checkedAt;
  try {
    info = inspectImage(file.bytes);
    admitImage(info);
    room?.grow(verifyBytes(info));
    await verifyDecodes(file.bytes, info, deps.codecs); // proves it decodes; pixels matter only to renders
    checkedAt = decodesSoFar();
  } catch (error) {
    if (error instanceof ImageError) throw new ApiError(error.status, error.message);
    throw error;
  }
  const id = crypto.randomUUID();
  const key = originalKey(id);
  const contentType = MIME_TYPES[info.type];
  // The file and its row are written together; neither is kept without the other. Nobody can ask
  // for the row before this answers its id.
  const [put, inserted] = await Promise.allSettled([
    deps.bucket.put(key, file.bytes, { httpMetadata: { contentType } }),
    deps.db
      .insert(uploads)
      .values({
        id,
        r2Key: key,
        originalFilename: cleanFilename(file.name),
        contentType,
        size: file.bytes.length,
        width: info.uprightWidth,
        height: info.uprightHeight,
        imageInfo: storedInfo(info),
        ...ownerOf(caller),
      })
      .returning(),
  ]);
  const row = inserted.status === 'fulfilled' ? inserted.value[0] : undefined;
  if (put.status === 'fulfilled' && row) {
    // The renders that follow in this isolate (the single tool's first) read it from here, not R2.
    keepUploadedFile(key, new PictureViews(file.bytes, info, deps.codecs, { body: file.body ?? undefined }), checkedAt);
    return row;
  }
  const cleanup = await Promise.allSettled([
    put.status === 'fulfilled' ? deps.bucket.delete(key) : null,
    inserted.status === 'fulfilled' ? deps.db.delete(uploads).where(eq(uploads.id, id)) : null,
  ]);
  for (const failed of cleanup.filter((c) => c.status === 'rejected'))
    log('error', 'upload half stored', { uploadId: id, error: String(failed.reason) });
  if (put.status === 'rejected') throw put.reason;
  if (inserted.status === 'rejected') throw inserted.reason;
  throw new Error('upload row was not written');
}

/** The info an upload keeps: all of it but the ICC profile, which only a decode reads (from the file). */
function storedInfo({ icc: _icc, ...info }: ImageInfo): StoredImageInfo {
  return info;
}

export async function findUpload(db: Db, uploadId: string): Promise<Upload | undefined> {
  return db.select().from(uploads).where(eq(uploads.id, uploadId)).get();
}

export async function findOwnedUpload(db: Db, uploadId: string, caller: Caller): Promise<Upload | undefined> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), ownedBy(caller, uploads)))
    .get();
}

export const EXPIRED_MESSAGE = 'This image was deleted: uploads are kept for 7 days. Please upload it again.';

export function assertNotExpired(upload: Upload): void {
  if (upload.expiredAt) throw new ApiError(410, EXPIRED_MESSAGE);
}
