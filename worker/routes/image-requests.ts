import { Hono, type Context } from 'hono';
import { contentDisposition } from '../../shared/filenames';
import { SINGLE_DEFAULT_FILL } from '../../shared/fill';
import { findFormat, outputFilename } from '../../shared/formats';
import { OUTPUT_MIME_TYPES, type OutputType } from '@social-resizer/engine/plan/output';
import { createImageRequestSchema, processImageSchema } from '../../shared/schemas';
import type { z } from 'zod';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import {
  createImageRequest,
  newRequestResponse,
  readRequestResponse,
  toRequestResponse,
} from '../services/uploads/image-requests';
import { authorizePixels, openPixels } from '../services/access/door';
import { takeConversions } from '../services/access/rate-limits';
import { renderIdentity, renderLimitKey } from '../services/conversions/identity';
import { processRequest } from '../services/conversions/in-request';
import type { AppEnv } from '../types';
import { parseFormatParam } from './params';
import { liveRequest, type LiveEnv } from '../middleware/live-request';
import { createMiddleware } from 'hono/factory';

type ProcessImageInput = z.infer<typeof processImageSchema>;

function fileResponse(body: ReadableStream, type: OutputType, filename: string | null, size: number) {
  return new Response(body, {
    headers: {
      'Content-Type': OUTPUT_MIME_TYPES[type],
      'Content-Length': String(size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      ...(filename ? { 'Content-Disposition': contentDisposition(filename) } : {}),
    },
  });
}

/**
 * process-image's body, read before the request is looked up (a malformed body is a 400 whoever
 * asks): an empty body renders the request's own format as it was asked.
 */
const processImageBody = createMiddleware<AppEnv & { Variables: { processImage: ProcessImageInput } }>(
  async (c, next) => {
    const text = await c.req.text();
    let body: unknown = {};
    if (text.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'Request body must be valid JSON');
      }
    }
    const parsed = processImageSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(400, `${issue?.path.join('.') || 'formats'}: ${issue?.message ?? 'Invalid list of formats'}`);
    }
    c.set('processImage', parsed.data);
    await next();
  },
);

export const imageRequestRoutes = new Hono<AppEnv>()
  .post('/image-requests', validate('json', createImageRequestSchema), async (c) => {
    const { request, upload } = await createImageRequest(c.get('db'), c.req.valid('json'), c.get('caller'));
    return c.json(newRequestResponse(request, upload, c.get('caller')), 201);
  })
  .get('/image-requests/:id', liveRequest, async (c) => {
    const { request, upload } = c.get('live');
    return c.json(await toRequestResponse(c.get('db'), request, upload, c.get('caller')));
  })
  .post('/process-image/:id', processImageBody, liveRequest, async (c) => {
    const asked = c.get('processImage');
    const { request, upload } = c.get('live');
    const formats = [...new Set([request.formatId, ...(asked.formats ?? [])])];
    const output = asked.output ?? { type: request.outputChoice, quality: request.quality };
    const fill = asked.fill ?? request.fill ?? SINGLE_DEFAULT_FILL;
    // Every render counts against the hourly limit (asking again for a finished one is free).
    const identity = renderIdentity({ flow: 'single', mode: 'standard', output, fill, focus: null });
    const grant = await takeConversions(
      c.env.DOWNLOAD_COUNTER,
      c.get('caller'),
      formats.map((f) => renderLimitKey(request.id, f, identity)),
    );
    const rendering = processRequest(c.get('deps'), request, upload, formats, output, fill);
    // A client that leaves does not cut the renders off half-way: they finish (or end as failed)
    // in the time the runtime gives work after a disconnect.
    c.executionCtx.waitUntil(rendering.catch(() => undefined));
    await rendering.catch(async (error: unknown) => {
      await grant.release();
      throw error;
    });
    return c.json(await readRequestResponse(c.get('db'), request.id, c.get('caller')));
  })
  .get('/preview/:id/:formatId', liveRequest, async (c) => {
    const { formatId } = parseFormatParam(c.req.param());
    const { request } = c.get('live');
    const [file] = await authorizePixels(c.get('deps'), c.get('caller'), request, [formatId], 'preview').catch(
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409)
          throw new ApiError(404, 'No preview yet: this format has not been processed');
        throw error;
      },
    );
    const pixels = file ? await openPixels(c.env.BUCKET, file) : null;
    if (!file || !pixels) throw new ApiError(404, 'No preview yet: this format has not been processed');
    // A preview stored apart (before previews shared the file's object) says its type itself.
    const type = file.range ? file.type : pixels.contentType === OUTPUT_MIME_TYPES.jpeg ? 'jpeg' : 'png';
    return fileResponse(pixels.body, type, null, pixels.size);
  })
  .get('/download/:id', liveRequest, (c) => downloadOutput(c, null))
  .get('/download/:id/:formatId', liveRequest, (c) => downloadOutput(c, parseFormatParam(c.req.param()).formatId));

/** The rendered file of a request's own format (formatId null) or of one of its other formats, through the one door. */
async function downloadOutput(c: Context<LiveEnv>, formatId: number | null): Promise<Response> {
  const { request, upload } = c.get('live');
  const format = findFormat(formatId ?? request.formatId);
  if (!format) throw new ApiError(404, 'Format not found');
  const [file] = await authorizePixels(c.get('deps'), c.get('caller'), request, [format.id], 'download');
  const pixels = file ? await openPixels(c.env.BUCKET, file) : null;
  if (!pixels || !file) throw new ApiError(404, 'The processed image is no longer stored. Please process it again.');
  return fileResponse(pixels.body, file.type, outputFilename(upload.originalFilename, format, file.type), pixels.size);
}
