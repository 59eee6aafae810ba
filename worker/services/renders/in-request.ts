/**
 * The single tool's renders, made inside the process-image request: the request's own format and
 * the download step's other formats, framed as the request is (framing.ts).
 */
import { and, eq, lt } from 'drizzle-orm';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { OutputSettings } from '../../../shared/output';
import type { Db } from '../../db/client';
import { conversions, imageRequests, type ImageRequest, type Upload } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { clock } from '../../lib/clock';
import { requireFormat } from '../pictures/image-requests';
import { markForRender } from './mark';
import { takeKeptPicture } from '../../imaging';
import { detectionOf, UploadPicture, type RenderDeps } from './picture';
import { decodeNeed, failRender, failureMessage, PROCESSING_FAILED, renderConversion, type RenderJob } from './render';

/**
 * Renders the request's own format and the other formats asked for, as the file type, quality and
 * fill asked (the request keeps them as its current choice). Asking again does no harm: a format
 * already rendered the same way is kept. Whatever ends the call (a file that cannot be read, any
 * error), every row it marked processing ends complete or failed with its reason before it returns
 * or throws. A failure of the request's own format answers 422 with its reason.
 */
export async function processRequest(
  deps: RenderDeps,
  request: ImageRequest,
  upload: Upload,
  formatIds: number[],
  output: OutputSettings,
  fill: Fill,
): Promise<void> {
  const formats = [...new Set([request.formatId, ...formatIds])].map(requireFormat);
  // A request without a fill of its own has the single tool's default (what the page shows).
  const choiceChanged =
    request.outputChoice !== output.type ||
    request.quality !== output.quality ||
    JSON.stringify(request.fill ?? SINGLE_DEFAULT_FILL) !== JSON.stringify(fill);
  if (choiceChanged)
    await deps.db
      .update(imageRequests)
      .set({ outputChoice: output.type, quality: output.quality, fill, updatedAt: clock.now() })
      .where(eq(imageRequests.id, request.id));
  const { marked } = await markForRender(deps.db, request.id, formats, {
    flow: 'single',
    mode: 'standard',
    output,
    fill,
    focus: null,
  });
  // The rows this call marked are rendered here, the request's own format first (its failure is
  // the answer); a row kept as it was is already rendered this way.
  // Other formats are planned from what the picture shows (framing.ts): detected once, if the
  // page did not ask for it already.
  if (marked.some((m) => m.formatId !== request.formatId) && !upload.detection) await detectionOf(deps, upload);
  const jobs: RenderJob[] = formats.flatMap((format) => {
    const conversion = marked.find((m) => m.formatId === format.id);
    return conversion ? [{ conversion, request, upload, format, renderId: conversion.renderId }] : [];
  });
  if (jobs.length === 0) return;
  let failure = PROCESSING_FAILED;
  let ended = 0;
  try {
    const needs = jobs.map(decodeNeed);
    // The upload's file or the last render's picture, when this isolate kept it (kept-picture.ts).
    const picture = new UploadPicture(deps, upload, takeKeptPicture(upload.r2Key));
    // The first decode serves as many of the renders as it can at no cost to any; a picture that
    // cannot be read at all answers with its own status (410 gone, 413, 422).
    await picture.viewFor(needs[0]!, needs.slice(1));
    for (const [i, job] of jobs.entries()) {
      const rendering = await renderConversion(deps, picture, job, () => Promise.resolve(needs.slice(i + 1)));
      const outcome = await rendering.stored;
      ended = i + 1;
      if (outcome === 'failed' && job.format.id === request.formatId) {
        const own = await deps.db
          .select({ error: conversions.error })
          .from(conversions)
          .where(eq(conversions.id, job.conversion.id))
          .get();
        throw new ApiError(422, own?.error ?? PROCESSING_FAILED);
      }
    }
    picture.keep(); // for the next render of this upload: another output type, another format
  } catch (error) {
    failure = failureMessage(error) ?? PROCESSING_FAILED;
    throw error;
  } finally {
    // The renders that did not end (an error, a lost connection) end here with the reason.
    for (const job of jobs.slice(ended)) await failRender(deps.db, job, failure);
  }
}

/**
 * How long a render made inside a request may stay processing: the single tool's renders take
 * seconds (docs/operations.md), so a row still processing after this lost the isolate that
 * rendered it, and nothing else will end it.
 */
export const IN_REQUEST_RENDER_LEASE_MS = 3 * 60_000;
export const INTERRUPTED = 'Processing was interrupted. Please try again.';

/**
 * Ends the single tool's renders that outlived their lease (of one request, or all): they were cut
 * off with their isolate. Answers how many it ended. Queued renders are not touched: the queue
 * retries them and its dead-letter queue ends them.
 */
export async function endInterruptedRenders(db: Db, requestId?: string): Promise<number> {
  const before = new Date(clock.now().getTime() - IN_REQUEST_RENDER_LEASE_MS);
  const interrupted = and(
    requestId ? eq(conversions.requestId, requestId) : undefined,
    eq(conversions.flow, 'single'),
    eq(conversions.status, 'processing'),
    lt(conversions.updatedAt, before),
  );
  // Read first: the status polls call this, and a write on every poll would queue behind renders.
  const found = await db.select({ id: conversions.id }).from(conversions).where(interrupted).limit(1);
  if (found.length === 0) return 0;
  const ended = await db
    .update(conversions)
    .set({ status: 'failed', error: INTERRUPTED, updatedAt: clock.now() })
    .where(interrupted)
    .returning({ id: conversions.id });
  return ended.length;
}
