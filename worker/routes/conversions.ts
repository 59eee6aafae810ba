import { Hono, type Context } from 'hono';
import { findFormat, outputFilename, zipFilename } from '../../shared/formats';
import { bannerConvertSchema, batchProcessSchema, profileConvertSchema, type ConversionResponse } from '../../shared/schemas';
import type { ConversionFlow } from '../db/schema';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { authorizeDownload, consumeConversions } from '../services/allowance';
import { checkTargets, conversionsOf, startConversions, toResults } from '../services/conversions';
import { getLiveRequest } from '../services/image-requests';
import { ownerOf } from '../services/owner-context';
import { zipStream } from '../services/zip';
import { analysisOf } from '../services/rendering';
import { workerCodecs } from '../imaging-codecs';
import type { AppEnv } from '../types';
import { parseId } from './params';

/**
 * Records and queues the targets, after the rules and the visitor's hourly limit. Content-aware
 * mode (banner with useAi, and every profile fan-out) analyses the picture first, once per upload;
 * when that cannot be done the targets get standard centred crops and `analysisPerformed` says so.
 */
async function fanOut(c: Context<AppEnv>, flow: ConversionFlow, sourceFormatId: number | null, targetFormatIds: number[], contentAware: boolean): Promise<Response> {
  const db = c.get('db');
  const { request, upload } = await getLiveRequest(db, parseId(c.req.param()).id, await ownerOf(c));
  const targets = checkTargets(flow, sourceFormatId, targetFormatIds);
  await consumeConversions(
    c,
    targets.map((t) => `${request.id}:${t.id}`),
  );
  const analysed = contentAware && (await analysisOf({ db, bucket: c.env.BUCKET, codecs: workerCodecs }, upload)) !== null;
  const results = await startConversions(db, c.env.CONVERSIONS, request, targets, flow, analysed ? 'content-aware' : 'standard');
  const body: ConversionResponse = { results, analysisPerformed: analysed };
  return c.json(body, 202);
}

export const conversionRoutes = new Hono<AppEnv>()
  .post('/banner-convert/:id', validate('json', bannerConvertSchema), (c) => {
    const { sourceFormatId, targetFormatIds, useAi } = c.req.valid('json');
    return fanOut(c, 'banner', sourceFormatId, targetFormatIds, useAi);
  })
  .post('/profile-convert/:id', validate('json', profileConvertSchema), (c) => {
    const { sourceFormatId, targetFormatIds } = c.req.valid('json');
    return fanOut(c, 'profile', sourceFormatId, targetFormatIds, true);
  })
  .post('/batch-process/:id', validate('json', batchProcessSchema), (c) => fanOut(c, 'batch', null, c.req.valid('json').formats, false))
  /** The statuses, for the results page to poll until every target is complete or failed. */
  .get('/conversions/:id', async (c) => {
    const db = c.get('db');
    const { request } = await getLiveRequest(db, parseId(c.req.param()).id, await ownerOf(c));
    const rows = await conversionsOf(db, request.id);
    const body: ConversionResponse = { results: toResults(rows), analysisPerformed: rows.some((r) => r.mode === 'content-aware') };
    return c.json(body);
  })
  /** GET /api/download-zip/{id}?formats=1,2,3: the finished targets in one streamed ZIP. */
  .get('/download-zip/:id', async (c) => {
    const db = c.get('db');
    const { request, upload } = await getLiveRequest(db, parseId(c.req.param()).id, await ownerOf(c));
    const raw = (c.req.query('formats') ?? '').split(',').filter((s) => s.trim() !== '');
    if (raw.length === 0) throw new ApiError(400, 'formats: List the format ids to download, for example ?formats=1,2');
    const formats = [...new Set(raw)].map((s) => {
      const format = /^\d+$/.test(s.trim()) ? findFormat(Number(s)) : undefined;
      if (!format) throw new ApiError(400, `formats: Unknown format id ${s}`);
      return format;
    });
    const rows = await conversionsOf(
      db,
      request.id,
      formats.map((f) => f.id),
    );
    const missing = formats.find((f) => !rows.some((r) => r.formatId === f.id));
    if (missing) throw new ApiError(400, `formats: ${missing.id} was not converted for this image`);
    if (rows.some((r) => r.status !== 'complete' || !r.outputKey)) throw new ApiError(409, 'Not every format is ready yet. Please wait until all are processed.');
    // Banner, profile and batch conversions need no payment; the download step's other formats do.
    if (rows.some((r) => r.flow === 'other')) await authorizeDownload(c, request);
    const files = formats.map((f) => ({ name: outputFilename(upload.originalFilename, f), key: rows.find((r) => r.formatId === f.id)?.outputKey ?? '' }));
    return new Response(zipStream(c.env.BUCKET, files), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${zipFilename(upload.originalFilename)}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
