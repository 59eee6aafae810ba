import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../lib/errors';
import { takeUpload } from '../services/access/rate-limits';
import {
  assertNotExpired,
  findOwnedUpload,
  findUpload,
  receiveUpload,
  toUploadResponse,
} from '../services/uploads/uploads';
import { uploadIdFromPath } from '../services/uploads/paths';
import { detectionAnswer } from '../services/conversions/detection';
import type { AppEnv } from '../types';

/** POST /api/upload: the original, checked by its bytes and stored under an unguessable key. */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/upload', async (c) => {
    // Every attempt counts, refused files too: each one costs an inspection and a decode. A refused
    // body is read to its end by bodyLimits, which must be its only reader then.
    await takeUpload(c.env.DOWNLOAD_COUNTER, c.get('caller'));
    const upload = await receiveUpload(
      c.get('deps'),
      {
        body: c.req.raw.body,
        contentType: c.req.header('content-type'),
        contentLength: c.req.header('content-length'),
      },
      c.get('caller'),
    );
    return c.json(toUploadResponse(upload), 201);
  })
  /**
   * GET /api/upload/{id}: the upload as its POST answered it, so a tool's step opened again (a reload,
   * Back) shows the picture the address names (docs/product.md, "Single Image tool"); its owner only
   * (404), 410 once deleted.
   */
  .get('/upload/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const upload = id.success ? await findOwnedUpload(c.get('db'), id.data, c.get('caller')) : undefined;
    if (!upload) throw new ApiError(404, 'Image not found');
    assertNotExpired(upload);
    return c.json(toUploadResponse(upload));
  })
  /**
   * GET /api/upload/{id}/detection: what intelligent resizing keeps in the picture (docs/product.md,
   * "Intelligent resizing"), detected on first need; its owner only (404), 410 once deleted.
   */
  .get('/upload/:id/detection', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const upload = id.success ? await findOwnedUpload(c.get('db'), id.data, c.get('caller')) : undefined;
    if (!upload) throw new ApiError(404, 'Image not found');
    assertNotExpired(upload);
    return c.json(await detectionAnswer(c.get('deps'), upload));
  });

/** GET /uploads/{id}.{ext}: the original for the editor's display (anyone with the unguessable link). */
export const uploadFileRoutes = new Hono<AppEnv>().get('/uploads/:name', async (c) => {
  const uploadId = uploadIdFromPath(c.req.param('name'));
  const upload = uploadId ? await findUpload(c.get('db'), uploadId) : undefined;
  if (!upload) throw new ApiError(404, 'Image not found');
  assertNotExpired(upload);
  const object = await c.env.BUCKET.get(upload.r2Key);
  if (!object) throw new ApiError(404, 'Image not found');
  return new Response(object.body, {
    headers: {
      'Content-Type': upload.contentType,
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=86400, immutable',
      'Content-Disposition': 'inline',
      ETag: object.httpEtag,
    },
  });
});
