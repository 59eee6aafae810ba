import { ADJUSTER_DEFAULT_FILL, sameFill, SINGLE_DEFAULT_FILL, type Fill } from '../../shared/fill';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { findFormat, type PlatformFormat } from '../../shared/formats';
import { OUTPUT_MIME_TYPES, type OutputChoice, type OutputSettings, type OutputType } from '../../shared/output';
import type { Db } from '../db/client';
import {
  conversions,
  imageRequests,
  uploads,
  type Conversion,
  type ConversionFlow,
  type Framing,
  type ImageRequest,
  type Upload,
} from '../db/schema';
import { ApiError } from '../lib/errors';
import { clock } from '../lib/clock';
import { log } from '../lib/log';
import {
  admitImage,
  analyseView,
  cropInView,
  FileSizeError,
  centredCrop,
  fitCrop,
  ImageError,
  inspectImage,
  planKeeping,
  planRegionCrop,
  planSubjectCrop,
  PictureViews,
  renderFormat,
  ANALYSIS_SIZE,
  type Analysis,
  type Codecs,
  type CropRect,
  type DecodeNeed,
  type View,
} from '../imaging';
import type { ConversionMessage } from './conversion-message';
import { outputKey, previewKeyOf } from './storage-keys';
import { requireFormat } from './image-requests';

export type RenderDeps = { db: Db; bucket: R2Bucket; codecs: Codecs };

/**
 * An upload's picture as renders read it: the file is read from R2 and admitted once, then each
 * render gets a decoded view of the part and scale it needs (imaging/view.ts).
 */
export class UploadPicture {
  private views: PictureViews | null = null;

  constructor(
    private readonly deps: RenderDeps,
    readonly upload: Upload,
  ) {}

  private async read(): Promise<PictureViews> {
    if (this.views) return this.views;
    const object = await this.deps.bucket.get(this.upload.r2Key);
    if (!object) throw new ApiError(410, 'The original image is no longer stored. Please upload it again.');
    const bytes = new Uint8Array(await object.arrayBuffer());
    const info = await imageCall(() => inspectImage(bytes));
    await imageCall(() => admitImage(info));
    this.views = new PictureViews(bytes, info, this.deps.codecs);
    return this.views;
  }

  async viewFor(need: DecodeNeed, companions?: Parameters<PictureViews['viewFor']>[1]): Promise<View> {
    const views = await this.read();
    return imageCall(() => views.viewFor(need, companions));
  }

  /** The content-aware analysis, from the whole picture at a scale fit for it. */
  async analysis(): Promise<Analysis> {
    const views = await this.read();
    const view = await imageCall(() => views.whole(2 * ANALYSIS_SIZE));
    return analyseView(view, { width: this.upload.width, height: this.upload.height });
  }
}

/** An engine call whose ImageError (a file that cannot be read or is too large) becomes the API's. */
async function imageCall<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImageError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

/**
 * Renders one format and stores the file and its preview under this render's own key; returns what
 * the row records of the file: its key, size, type and the quality it was encoded at.
 */
async function renderAndStore(
  deps: RenderDeps,
  view: View,
  target: RenderTarget,
  format: PlatformFormat,
  crop: CropRect,
  options: { fill: Fill; output: OutputSettings },
): Promise<RenderedFile> {
  const { file, preview } = await renderFormat(view.picture, view.orientation, cropInView(view, crop), format, {
    ...options,
    encoders: deps.codecs,
  });
  const key = outputKey(target.uploadId, target.requestId, format.id, target.renderId);
  await Promise.all([
    deps.bucket.put(key, file.bytes, { httpMetadata: { contentType: OUTPUT_MIME_TYPES[file.type] } }),
    deps.bucket.put(previewKeyOf(key), preview, { httpMetadata: { contentType: 'image/png' } }),
  ]);
  if (file.reducedBits > 0 || (file.quality !== null && file.quality < options.output.quality))
    log('info', 'file-size cap met by quality', {
      requestId: target.requestId,
      formatId: format.id,
      type: file.type,
      quality: file.quality,
      bits: file.reducedBits,
    });
  return { outputKey: key, outputSize: file.bytes.length, outputType: file.type, outputQuality: file.quality };
}

/** One render of one row: the request, its upload, and the render id the row was marked with. */
type RenderTarget = { uploadId: string; requestId: string; renderId: string };
type RenderedFile = { outputKey: string; outputSize: number; outputType: OutputType; outputQuality: number | null };
/** What made a conversion's file, recorded with it (the pixel door reads these). */
type MadeBy = { renderedFlow: ConversionFlow; framing: Framing };

/** The files of a render whose row went to a newer render: nothing refers to them. */
async function dropFiles(bucket: R2Bucket, file: RenderedFile) {
  await bucket.delete([file.outputKey, previewKeyOf(file.outputKey)]);
}

/**
 * Completes a conversion with the file its render made and what made it, while the row still waits
 * for that render: the file's key and the facts the pixel door reads are written together, by the
 * render that made the file, and by nothing else. A render overtaken by a newer one (the row asked
 * again another way) removes its files and leaves the row to the newer one.
 */
async function completeConversion(
  deps: RenderDeps,
  target: RenderTarget,
  formatId: number,
  file: RenderedFile,
  madeBy: MadeBy,
): Promise<boolean> {
  const updated = await deps.db
    .update(conversions)
    .set({ status: 'complete', ...file, ...madeBy, error: null, updatedAt: clock.now() })
    .where(thisRender(target, formatId))
    .returning({ id: conversions.id });
  if (updated.length > 0) return true;
  await dropFiles(deps.bucket, file);
  log('info', 'overtaken render dropped', { requestId: target.requestId, formatId });
  return false;
}

function thisRender(target: RenderTarget, formatId: number) {
  return and(
    eq(conversions.requestId, target.requestId),
    eq(conversions.formatId, formatId),
    eq(conversions.renderId, target.renderId),
  );
}

/** Ends a conversion of this render as failed with the reason the user sees (unless it already ended). */
async function failConversion(db: Db, target: RenderTarget, formatId: number, message: string) {
  await db
    .update(conversions)
    .set({ status: 'failed', error: message, updatedAt: clock.now() })
    .where(and(thisRender(target, formatId), eq(conversions.status, 'processing')));
}

function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.message;
  if (error instanceof FileSizeError) return error.message;
  return null;
}

export const PROCESSING_FAILED = 'Processing failed. Please try again.';

/**
 * Renders the request's own format (unless already done) and any other formats asked for, each
 * with a crop of the same centre and zoom fitted to its shape, as the file type and quality asked
 * (the route passes the request's own when none is asked; the request then keeps it). Calling it
 * again does no harm: finished outputs of the same type, quality, fill and framing are kept, others
 * are rendered again. Whatever ends the call (a file that cannot be read, any error), every row it
 * marked processing ends complete or failed with its reason before it returns or throws.
 */
export async function processRequest(
  deps: RenderDeps,
  request: ImageRequest,
  upload: Upload,
  otherFormatIds: number[],
  output: OutputSettings,
  fill: Fill,
): Promise<void> {
  const others = [...new Set(otherFormatIds)].filter((id) => id !== request.formatId).map(requireFormat);
  const done = await deps.db
    .select({
      formatId: conversions.formatId,
      status: conversions.status,
      outputChoice: conversions.outputChoice,
      quality: conversions.quality,
      fill: conversions.fill,
      framing: conversions.framing,
    })
    .from(conversions)
    .where(eq(conversions.requestId, request.id));
  const same = (row: { outputChoice: OutputChoice; quality: number; fill: Fill | null }) =>
    row.outputChoice === output.type &&
    row.quality === output.quality &&
    sameFill(row.fill ?? SINGLE_DEFAULT_FILL, fill);
  // The download step's other formats are framed as the request is: a file an adjuster framed
  // another way is rendered again, and from then on is what the request rule hands out.
  const pending = others.filter(
    (f) => !done.some((d) => d.formatId === f.id && d.status === 'complete' && d.framing === 'request' && same(d)),
  );
  const mainDone = request.status === 'complete' && request.outputKey !== null && same(request);
  if (mainDone && pending.length === 0) return;

  const mainFormat = findFormat(request.formatId);
  if (!mainFormat)
    throw new ApiError(422, 'This request names a format we no longer offer. Please choose a format again.');
  const target: RenderTarget = { uploadId: upload.id, requestId: request.id, renderId: crypto.randomUUID() };
  const now = clock.now();
  const asked = { outputChoice: output.type, quality: output.quality, fill, renderId: target.renderId };
  if (!mainDone)
    await deps.db
      .update(imageRequests)
      .set({ status: 'processing', error: null, ...asked, updatedAt: now })
      .where(eq(imageRequests.id, request.id));
  for (const format of pending) {
    await deps.db
      .insert(conversions)
      .values({ requestId: request.id, formatId: format.id, status: 'processing', flow: 'other', ...asked })
      .onConflictDoUpdate({
        target: [conversions.requestId, conversions.formatId],
        set: { status: 'processing', error: null, flow: 'other', attempts: 0, ...asked, updatedAt: now },
      });
  }

  let failure = PROCESSING_FAILED;
  try {
    await renderRequest(
      deps,
      target,
      request,
      upload,
      { mainFormat: mainDone ? null : mainFormat, pending },
      {
        output,
        fill,
      },
    );
  } catch (error) {
    failure = failureMessage(error) ?? PROCESSING_FAILED;
    throw error;
  } finally {
    await endUnfinished(deps.db, target, failure);
  }
}

/** The renders of one process-image call, in order: the request's own format, then the others. */
async function renderRequest(
  deps: RenderDeps,
  target: RenderTarget,
  request: ImageRequest,
  upload: Upload,
  { mainFormat, pending }: { mainFormat: PlatformFormat | null; pending: PlatformFormat[] },
  options: { output: OutputSettings; fill: Fill },
): Promise<void> {
  // What each render reads; the first decode serves as many of them as it can at no cost to any.
  const size = { width: upload.width, height: upload.height };
  const main = mainFormat
    ? { crop: request.cropDetails, width: mainFormat.width, height: mainFormat.height, fill: options.fill }
    : null;
  const rest = pending.map((format) => ({
    format,
    need: {
      crop: fitCrop(request.cropDetails, size, format),
      width: format.width,
      height: format.height,
      fill: options.fill,
    },
  }));
  const needs = [...(main ? [main] : []), ...rest.map((o) => o.need)];
  const picture = new UploadPicture(deps, upload);
  const [first, ...later] = needs;
  if (first) await picture.viewFor(first, later);

  if (main && mainFormat) {
    try {
      const view = await picture.viewFor(main, later);
      const file = await renderAndStore(deps, view, target, mainFormat, main.crop, options);
      const updated = await deps.db
        .update(imageRequests)
        .set({ status: 'complete', ...file, error: null, updatedAt: clock.now() })
        .where(and(eq(imageRequests.id, request.id), eq(imageRequests.renderId, target.renderId)))
        .returning({ id: imageRequests.id });
      if (updated.length === 0) await dropFiles(deps.bucket, file);
    } catch (error) {
      const message = failureMessage(error);
      if (message) throw new ApiError(422, message);
      throw error;
    }
  }
  for (const [i, { format, need }] of rest.entries()) {
    try {
      const view = await picture.viewFor(
        need,
        rest.slice(i + 1).map((o) => o.need),
      );
      const file = await renderAndStore(deps, view, target, format, need.crop, options);
      await completeConversion(deps, target, format.id, file, { renderedFlow: 'other', framing: 'request' });
    } catch (error) {
      const message = failureMessage(error);
      if (!message) throw error;
      await failConversion(deps.db, target, format.id, message);
    }
  }
}

/** Ends as failed, with `message`, whatever a process-image call marked and did not finish. */
async function endUnfinished(db: Db, target: RenderTarget, message: string) {
  const ended = { status: 'failed' as const, error: message, updatedAt: clock.now() };
  await db
    .update(imageRequests)
    .set(ended)
    .where(
      and(
        eq(imageRequests.id, target.requestId),
        eq(imageRequests.renderId, target.renderId),
        eq(imageRequests.status, 'processing'),
      ),
    );
  await db
    .update(conversions)
    .set(ended)
    .where(
      and(
        eq(conversions.requestId, target.requestId),
        eq(conversions.renderId, target.renderId),
        eq(conversions.status, 'processing'),
      ),
    );
}

/**
 * How long a render made inside a request (the request's own format, the download step's other
 * formats) may stay processing: the request's renders take seconds (docs/operations.md), so a row
 * still processing after this lost the isolate that rendered it, and nothing else will end it.
 */
export const IN_REQUEST_RENDER_LEASE_MS = 3 * 60_000;
export const INTERRUPTED = 'Processing was interrupted. Please try again.';

/**
 * Ends the in-request renders that outlived their lease (of one request, or all): they were cut
 * off with their isolate. Answers how many it ended. Queued renders are not touched: the queue retries them and its
 * dead-letter queue ends them.
 */
export async function endInterruptedRenders(db: Db, requestId?: string): Promise<number> {
  const before = new Date(clock.now().getTime() - IN_REQUEST_RENDER_LEASE_MS);
  const ended = { status: 'failed' as const, error: INTERRUPTED, updatedAt: clock.now() };
  const requests = await db
    .update(imageRequests)
    .set(ended)
    .where(
      and(
        requestId ? eq(imageRequests.id, requestId) : undefined,
        eq(imageRequests.status, 'processing'),
        lt(imageRequests.updatedAt, before),
      ),
    )
    .returning({ id: imageRequests.id });
  const others = await db
    .update(conversions)
    .set(ended)
    .where(
      and(
        requestId ? eq(conversions.requestId, requestId) : undefined,
        eq(conversions.flow, 'other'),
        eq(conversions.status, 'processing'),
        lt(conversions.updatedAt, before),
      ),
    )
    .returning({ id: conversions.id });
  return requests.length + others.length;
}

/**
 * The crop of one conversion and how it is framed. Standard: the request's crop centre and zoom
 * fitted to the target. Content-aware: a banner keeps the analysed region whole inside the target's
 * safe zone (the canvas extended with a blurred backdrop where it must be); a profile picture
 * centres on the subject.
 */
function conversionCrop(
  conversion: Conversion,
  request: ImageRequest,
  upload: Upload,
  format: PlatformFormat,
): { crop: CropRect; fill: Fill; framing: Framing } {
  const picture = { width: upload.width, height: upload.height };
  const adjuster = conversion.flow === 'banner' || conversion.flow === 'profile';
  // The conversion's own fill, else its flow's: the adjusters' blurred backdrop, the request's for a batch.
  const fill = conversion.fill ?? (adjuster ? ADJUSTER_DEFAULT_FILL : (request.fill ?? SINGLE_DEFAULT_FILL));
  // The user's box comes first: every target keeps it whole inside its safe zone.
  if (conversion.focus) return { crop: planRegionCrop(picture, conversion.focus, format).crop, fill, framing: 'box' };
  // The adjusters are free, so their standard crops never carry the single tool's paid framing
  // (the request's crop and zoom): they are the centred cover crop of each target.
  if (conversion.mode !== 'content-aware' || !upload.analysis)
    return adjuster
      ? { crop: centredCrop(picture, format, 1), fill, framing: 'centred' }
      : { crop: fitCrop(request.cropDetails, picture, format), fill, framing: 'request' };
  const crop =
    conversion.flow === 'profile'
      ? planSubjectCrop(picture, upload.analysis.subject, format)
      : planKeeping(picture, [upload.analysis.region, upload.analysis.core], format).crop;
  return { crop, fill, framing: 'planned' };
}

/**
 * The upload's content-aware analysis, made once and kept on the upload. Null when it cannot be
 * made (the picture cannot be read now): the fan-out then uses standard crops and says so.
 */
export async function analysisOf(
  deps: RenderDeps,
  upload: Upload,
  picture = new UploadPicture(deps, upload),
): Promise<Analysis | null> {
  if (upload.analysis) return upload.analysis;
  try {
    const analysis = await picture.analysis();
    await deps.db.update(uploads).set({ analysis }).where(eq(uploads.id, upload.id));
    upload.analysis = analysis;
    return analysis;
  } catch (error) {
    log('warn', 'content-aware analysis failed', {
      uploadId: upload.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * What decides a target's file besides the request and the conversion's settings: its size, what
 * the platform takes (types, cap, opacity), and the safe zone where a plan reads it (content-aware
 * or the user's box). Two targets with the same signature render the same bytes.
 */
function renderSignature(format: PlatformFormat, conversion: Conversion): string {
  const planned = conversion.focus !== null || conversion.mode === 'content-aware';
  return JSON.stringify([
    format.width,
    format.height,
    format.opaque,
    format.types,
    format.maxBytes,
    planned ? format.safeZone : null,
    // Profile pictures centre on the subject whatever their safe zone: their plan differs from a banner's.
    conversion.flow === 'profile',
  ]);
}

/**
 * Copies the file and preview of a finished conversion of the same request made the same way
 * (by the same flow, mode, type, quality, fill, box) for a target of the same signature, and
 * completes this one with the twin's file facts: no decode, no render. True when it did.
 */
async function copyRenderedTwin(
  deps: RenderDeps,
  target: RenderTarget,
  conversion: Conversion,
  format: PlatformFormat,
): Promise<boolean> {
  const signature = renderSignature(format, conversion);
  const done = await deps.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.requestId, target.requestId), eq(conversions.status, 'complete')));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const twin = done.find((row) => {
    const twinFormat = findFormat(row.formatId);
    return (
      twinFormat !== undefined &&
      row.formatId !== format.id &&
      row.renderedFlow === conversion.flow &&
      row.framing !== null &&
      row.mode === conversion.mode &&
      row.outputChoice === conversion.outputChoice &&
      row.quality === conversion.quality &&
      same(row.fill, conversion.fill) &&
      same(row.focus, conversion.focus) &&
      renderSignature(twinFormat, row) === signature
    );
  });
  if (!twin?.outputKey || twin.outputSize === null || !twin.renderedFlow || !twin.framing) return false;
  const copy: RenderedFile = {
    outputKey: outputKey(target.uploadId, target.requestId, format.id, target.renderId),
    outputSize: twin.outputSize,
    outputType: twin.outputType ?? 'png',
    outputQuality: twin.outputQuality,
  };
  const copies: Array<[string, string]> = [
    [twin.outputKey, copy.outputKey],
    [previewKeyOf(twin.outputKey), previewKeyOf(copy.outputKey)],
  ];
  const objects = await Promise.all(copies.map(([from]) => deps.bucket.get(from)));
  if (objects.some((object) => object === null)) return false;
  await Promise.all(
    copies.map(async ([, to], i) => {
      const object = objects[i]!;
      await deps.bucket.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
    }),
  );
  // The copy is the twin's bytes, so it carries what made them.
  await completeConversion(deps, target, format.id, copy, { renderedFlow: twin.renderedFlow, framing: twin.framing });
  log('info', 'identical target copied', { requestId: target.requestId, formatId: format.id, from: twin.formatId });
  return true;
}

/**
 * What a queue batch keeps between its messages: the picture of the last upload rendered, and the
 * conversions still to come (their renders share a decode with this one where they can).
 */
export interface QueueBatchState {
  picture: UploadPicture | null;
  upcoming: string[];
}

/** What the upcoming conversions of the same upload will read, for the shared decode. */
async function upcomingNeeds(deps: RenderDeps, upload: Upload, ids: string[]): Promise<DecodeNeed[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ conversion: conversions, request: imageRequests })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .where(
      and(inArray(conversions.id, ids), eq(imageRequests.uploadId, upload.id), eq(conversions.status, 'processing')),
    );
  return rows.flatMap(({ conversion, request }) => {
    const format = findFormat(conversion.formatId);
    if (!format) return [];
    return [{ ...conversionCrop(conversion, request, upload, format), width: format.width, height: format.height }];
  });
}

/** Gives a row marked before render ids existed one, unless another render claimed it first. */
async function claimRender(db: Db, conversionId: string): Promise<string | null> {
  const renderId = crypto.randomUUID();
  const claimed = await db
    .update(conversions)
    .set({ renderId })
    .where(and(eq(conversions.id, conversionId), isNull(conversions.renderId)))
    .returning({ id: conversions.id });
  return claimed.length > 0 ? renderId : null;
}

/**
 * Renders one queued conversion (a target of a banner, profile or batch fan-out) and completes it
 * with the file and what made it. A redelivered message for a finished or unknown conversion does
 * nothing, and so does a message of a render the row no longer waits for (the fan-out was asked
 * again since). A failure the image itself causes ends the conversion as failed with its reason;
 * anything else is thrown, so the queue retries it (and the dead-letter queue ends it after the last retry).
 */
export async function renderConversion(
  deps: RenderDeps,
  message: ConversionMessage,
  batch: QueueBatchState,
): Promise<'rendered' | 'skipped' | 'failed'> {
  const row = await deps.db
    .select({ conversion: conversions, request: imageRequests, upload: uploads })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(eq(conversions.id, message.conversionId))
    .get();
  if (!row || row.conversion.status !== 'processing') return 'skipped';
  // Messages queued before render ids name none: they render what the row now asks.
  if (message.renderId !== undefined && message.renderId !== row.conversion.renderId) return 'skipped';
  const { conversion, request, upload } = row;
  const renderId = conversion.renderId ?? (await claimRender(deps.db, conversion.id));
  if (!renderId) return 'skipped';
  const target: RenderTarget = { uploadId: upload.id, requestId: request.id, renderId };
  const format = findFormat(conversion.formatId);
  const fail = async (reason: string) => {
    await failConversion(deps.db, target, conversion.formatId, reason);
    return 'failed' as const;
  };
  if (!format) return fail('This format is no longer offered.');
  if (upload.expiredAt) return fail('The image was deleted after 7 days. Please upload it again.');
  await deps.db
    .update(conversions)
    .set({ attempts: sql`${conversions.attempts} + 1` })
    .where(eq(conversions.id, conversion.id));
  try {
    // A target that renders to the same file as one already done for this request is a copy.
    if (await copyRenderedTwin(deps, target, conversion, format)) return 'rendered';
    if (batch.picture?.upload.id !== upload.id) {
      batch.picture = null; // free the last picture before reading the next
      batch.picture = new UploadPicture(deps, upload);
    }
    // A batch's content-aware targets analyse their upload here, the first of them (the analysis
    // is then kept on the upload): the batch's own request does not wait for fifty decodes.
    if (conversion.mode === 'content-aware' && !upload.analysis) await analysisOf(deps, upload, batch.picture);
    const { crop, fill, framing } = conversionCrop(conversion, request, upload, format);
    const view = await batch.picture.viewFor({ crop, fill, width: format.width, height: format.height }, () =>
      upcomingNeeds(deps, upload, batch.upcoming),
    );
    const file = await renderAndStore(deps, view, target, format, crop, {
      fill,
      output: { type: conversion.outputChoice, quality: conversion.quality },
    });
    await completeConversion(deps, target, format.id, file, { renderedFlow: conversion.flow, framing });
    return 'rendered';
  } catch (error) {
    const reason = failureMessage(error);
    if (reason) return fail(reason);
    throw error;
  }
}
