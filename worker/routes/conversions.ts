import { Hono } from 'hono';
import { z } from 'zod';
import { findFormat, outputFilename, zipFilename } from '../../shared/formats';
import { MAX_TARGET_FORMATS } from '../../shared/limits';
import { bannerConvertSchema, batchProcessSchema, profileConvertSchema, reframeSchema } from '../../shared/schemas';
import { validate } from '../lib/validate';
import { authorizePixels, type PixelFile } from '../services/access/door';
import { conversionAnswer, conversionsVersion, targetsOf } from '../services/conversions/answers';
import { answerWatched } from '../lib/watch';
import { holdPoll } from '../services/access/held-polls';
import { newsFeed, requestNews } from '../services/conversions/news';
import { endInterruptedConversions } from '../services/conversions/rows';
import { startFanOut, type FanOut } from '../services/conversions/fan-out';
import { reframeTarget } from '../services/conversions/reframe';
import { getLiveRequest } from '../services/uploads/image-requests';
import { checksEntry, zipResponse } from '../services/uploads/zip';
import type { AppEnv } from '../types';
import type { Context } from 'hono';
import { parseId } from './params';
import { liveRequest, type LiveEnv } from '../middleware/live-request';

/** `?formats=1,2,3`: known format ids, each once. */
const zipQuery = z.object({
  formats: z
    .string('List the format ids to download, for example ?formats=1,2')
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d+$/, 'Format ids are numbers')
            .transform(Number)
            .refine((id) => findFormat(id) !== undefined, 'Unknown format id'),
        )
        .min(1, 'List the format ids to download, for example ?formats=1,2')
        .max(MAX_TARGET_FORMATS, `At most ${MAX_TARGET_FORMATS} formats at once`),
    ),
});

async function fanOut(c: Context<LiveEnv>, input: FanOut): Promise<Response> {
  const { request, upload } = c.get('live');
  return c.json(await startFanOut(c.get('deps'), c.get('caller'), request, upload, input), 202);
}

export const conversionRoutes = new Hono<AppEnv>()
  .post('/banner-convert/:id', validate('json', bannerConvertSchema), liveRequest, (c) => {
    const { sourceFormatId, targetFormatIds, useAi, output, fill, focus } = c.req.valid('json');
    return fanOut(c, { flow: 'banner', sourceFormatId, targetFormatIds, contentAware: useAi, output, fill, focus });
  })
  .post('/profile-convert/:id', validate('json', profileConvertSchema), liveRequest, (c) => {
    const { sourceFormatId, targetFormatIds, output, fill, focus } = c.req.valid('json');
    return fanOut(c, { flow: 'profile', sourceFormatId, targetFormatIds, contentAware: true, output, fill, focus });
  })
  .post('/batch-process/:id', validate('json', batchProcessSchema), liveRequest, (c) => {
    const { formats, output, fill, focus } = c.req.valid('json');
    const targetFormatIds = formats;
    return fanOut(c, {
      flow: 'batch',
      sourceFormatId: null,
      targetFormatIds,
      contentAware: false,
      output,
      fill,
      focus,
    });
  })
  /**
   * The statuses, for the results page to poll until every target is complete or failed; a poll
   * that names the answer it has may wait for the next (lib/watch.ts).
   */
  .get('/conversions/:id', (c) => {
    const db = c.get('db');
    const id = parseId(c.req.param()).id;
    // The one route that loads its request itself: a held poll looks again at each change, and the
    // picture may expire or be detected meanwhile.
    const look = async () => {
      const { request, upload } = await getLiveRequest(db, id, c.get('caller'));
      await endInterruptedConversions(c.get('deps'), request.id);
      return conversionAnswer(await targetsOf(db, request), upload);
    };
    const version = async () => {
      const seen = await conversionsVersion(db, id, c.get('caller'));
      // A render of the single tool cut off with its isolate ends here (its lease), as on any poll.
      if (seen?.inRequest && (await endInterruptedConversions(c.get('deps'), id)) > 0)
        return conversionsVersion(db, id, c.get('caller'));
      return seen;
    };
    return answerWatched(c, {
      version,
      look,
      news: newsFeed(c.get('deps').news, requestNews(id)),
      hold: (ms) => holdPoll(c.get('deps').counters, c.get('caller'), ms),
    });
  })
  /** One target framed by hand (docs/product.md, "Intelligent resizing"): rendered again from the user's crop. */
  .post('/conversions/:id/reframe', validate('json', reframeSchema), liveRequest, async (c) => {
    const { request, upload } = c.get('live');
    await reframeTarget(c.get('deps'), c.get('caller'), request, upload, c.req.valid('json'));
    return c.json(conversionAnswer(await targetsOf(c.get('db'), request), upload), 202);
  })
  /** GET /api/download-zip/{id}?formats=1,2,3: the finished outputs in one streamed ZIP, through the one door. */
  .get('/download-zip/:id', validate('query', zipQuery), liveRequest, async (c) => {
    const { request, upload } = c.get('live');
    const formatIds = c.req.valid('query').formats;
    const files = await authorizePixels(c.get('deps'), c.get('caller'), request, formatIds, 'download');
    const entries = formatIds.map((id, i) => {
      const file = files[i] as PixelFile;
      const format = findFormat(id)!;
      return { name: outputFilename(upload.originalFilename, format, file.type), format, file };
    });
    const checks = checksEntry(
      entries.map((e) => ({ name: e.name, platform: e.format.platform, check: e.file.check })),
    );
    return zipResponse(c.env.BUCKET, [...entries, checks], zipFilename(upload.originalFilename));
  });
