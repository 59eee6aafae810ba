/**
 * The single tool's renders, made inside the process-image request: the request's own format and
 * the download step's other formats, framed as the request is (framing.ts).
 */
import { eq } from 'drizzle-orm';
import { SINGLE_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import type { OutputSettings } from '@social-resizer/engine/plan/output';
import { conversions, imageRequests, type ImageRequest, type Upload } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { clock } from '../../lib/clock';
import { requireFormat } from '../uploads/image-requests';
import { SINGLE_TOOL_REFUSES_FAN_OUT } from './fan-out';
import { failConversion, markForRender } from './rows';
import { MemoryBusy } from '@social-resizer/engine';
import { UploadPicture, type RenderDeps } from './picture';
import {
  decodeNeed,
  failureMessage,
  PROCESSING_FAILED,
  needsDetection,
  renderConversion,
  type RenderJob,
} from './render';

/**
 * Renders the request's own format and the other formats asked for, as the file type, quality and
 * fill asked (the request keeps them as its current choice). Asking again does no harm: a format
 * already rendered the same way is kept. Whatever ends the call (a file that cannot be read, any
 * error), every row it marked processing ends complete or failed with its reason before it returns
 * or throws. A failure of the request's own format answers 422 with its reason, after the other
 * formats have rendered (each fails, if it does, for its own reason).
 */
export async function processRequest(
  deps: RenderDeps,
  request: ImageRequest,
  upload: Upload,
  formatIds: number[],
  output: OutputSettings,
  fill: Fill,
): Promise<void> {
  if (request.purpose !== 'single') throw new ApiError(409, SINGLE_TOOL_REFUSES_FAN_OUT);
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
  const { marked } = await markForRender(deps, request, formats, {
    flow: 'single',
    mode: 'standard',
    output,
    fill,
    focus: null,
  });
  // The rows this call marked are rendered here, the request's own format first (its failure is
  // the answer); a row kept as it was is already rendered this way.
  // Other formats are planned from what the picture shows (framing.ts): detected once in the run,
  // in its room, if the page did not ask for it already (render.ts, needsDetection).
  const jobs: RenderJob[] = formats.flatMap((format) => {
    const conversion = marked.find((m) => m.formatId === format.id);
    return conversion ? [{ conversion, request, upload, format, renderId: conversion.renderId }] : [];
  });
  if (jobs.length === 0) return;
  let failure = PROCESSING_FAILED;
  let ended = 0;
  // The own format's failure is the answer, once the other formats have had their own renders:
  // each ends for its own reason, never for the own format's.
  let ownFailure: string | null = null;
  const picture = new UploadPicture(deps, upload);
  try {
    const needs = jobs.map(decodeNeed);
    // Room in the isolate's memory for the whole run first; then the upload's file or the last
    // render's picture, when this isolate kept it (kept-picture.ts).
    await picture.makeRoomFor({ needs, outputs: jobs.map((job) => job.format), detect: jobs.some(needsDetection) });
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
        ownFailure = own?.error ?? PROCESSING_FAILED;
      }
    }
    picture.keep(); // for the next render of this upload: another output type, another format
  } catch (error) {
    // What stopped every render left: the picture itself (gone, too large, unreadable), no room in
    // the isolate just now (a 503 to ask again), or a fault.
    failure = error instanceof MemoryBusy ? error.message : (failureMessage(error) ?? PROCESSING_FAILED);
    throw error;
  } finally {
    picture.release();
    // The renders that did not end (an error, a lost connection) end here with the reason.
    for (const job of jobs.slice(ended)) await failConversion(deps, job, failure);
  }
  if (ownFailure !== null) throw new ApiError(422, ownFailure);
}
