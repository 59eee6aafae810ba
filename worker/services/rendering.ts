import { ADJUSTER_DEFAULT_FILL, sameFill, SINGLE_DEFAULT_FILL, type Fill } from '../../shared/fill';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { findFormat, type PlatformFormat } from '../../shared/formats';
import { OUTPUT_MIME_TYPES, type OutputChoice, type OutputSettings } from '../../shared/output';
import type { Db } from '../db/client';
import { conversions, imageRequests, uploads, type Conversion, type ImageRequest, type Upload } from '../db/schema';
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
import { outputKey, previewKey } from './storage-keys';
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
 * Renders one format and stores the file and its preview; returns what the row records of the
 * file: its key, size, type and the quality it was encoded at.
 */
async function renderAndStore(
  deps: RenderDeps,
  view: View,
  upload: Upload,
  requestId: string,
  format: PlatformFormat,
  crop: CropRect,
  options: { fill: Fill; output: OutputSettings },
) {
  const { file, preview } = await renderFormat(view.picture, view.orientation, cropInView(view, crop), format, {
    ...options,
    encoders: deps.codecs,
  });
  const key = outputKey(upload.id, requestId, format.id);
  await Promise.all([
    deps.bucket.put(key, file.bytes, { httpMetadata: { contentType: OUTPUT_MIME_TYPES[file.type] } }),
    deps.bucket.put(previewKey(upload.id, requestId, format.id), preview, {
      httpMetadata: { contentType: 'image/png' },
    }),
  ]);
  if (file.reducedBits > 0 || (file.quality !== null && file.quality < options.output.quality))
    log('info', 'file-size cap met by quality', {
      requestId,
      formatId: format.id,
      type: file.type,
      quality: file.quality,
      bits: file.reducedBits,
    });
  return { outputKey: key, outputSize: file.bytes.length, outputType: file.type, outputQuality: file.quality };
}

function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.message;
  if (error instanceof FileSizeError) return error.message;
  return null;
}

/**
 * Renders the request's own format (unless already done) and any other formats asked for, each
 * with a crop of the same centre and zoom fitted to its shape, as the file type and quality asked
 * (the route passes the request's own when none is asked; the request then keeps it). Calling it again does no harm: finished outputs of the same type
 * and quality are kept, others are rendered again.
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
    })
    .from(conversions)
    .where(eq(conversions.requestId, request.id));
  const same = (row: { outputChoice: OutputChoice; quality: number; fill: Fill | null }) =>
    row.outputChoice === output.type &&
    row.quality === output.quality &&
    sameFill(row.fill ?? SINGLE_DEFAULT_FILL, fill);
  const pending = others.filter((f) => !done.some((d) => d.formatId === f.id && d.status === 'complete' && same(d)));
  const mainDone = request.status === 'complete' && request.outputKey !== null && same(request);
  if (mainDone && pending.length === 0) return;

  const mainFormat = findFormat(request.formatId);
  if (!mainFormat)
    throw new ApiError(422, 'This request names a format we no longer offer. Please choose a format again.');
  const now = clock.now();
  const asked = { outputChoice: output.type, quality: output.quality, fill };
  if (!mainDone)
    await deps.db
      .update(imageRequests)
      .set({ status: 'processing', error: null, ...asked, updatedAt: now })
      .where(eq(imageRequests.id, request.id));
  for (const format of pending) {
    await deps.db
      .insert(conversions)
      .values({ requestId: request.id, formatId: format.id, status: 'processing', ...asked })
      .onConflictDoUpdate({
        target: [conversions.requestId, conversions.formatId],
        set: { status: 'processing', error: null, ...asked, updatedAt: now },
      });
  }

  // What each render reads; the first decode serves as many of them as it can at no cost to any.
  const size = { width: upload.width, height: upload.height };
  const main = { crop: request.cropDetails, width: mainFormat.width, height: mainFormat.height, fill };
  const rest = pending.map((format) => ({
    format,
    need: { crop: fitCrop(request.cropDetails, size, format), width: format.width, height: format.height, fill },
  }));
  const needs = [...(mainDone ? [] : [main]), ...rest.map((o) => o.need)];
  const picture = new UploadPicture(deps, upload);
  try {
    await picture.viewFor(needs[0] ?? main, needs.slice(1));
  } catch (error) {
    const message = failureMessage(error) ?? 'Processing failed. Please try again.';
    if (!mainDone)
      await deps.db
        .update(imageRequests)
        .set({ status: 'failed', error: message, updatedAt: clock.now() })
        .where(eq(imageRequests.id, request.id));
    for (const format of pending)
      await markConversion(deps.db, request.id, format.id, { status: 'failed', error: message });
    throw error;
  }

  if (!mainDone) {
    try {
      const view = await picture.viewFor(main, needs.slice(1));
      const file = await renderAndStore(deps, view, upload, request.id, mainFormat, main.crop, { output, fill });
      await deps.db
        .update(imageRequests)
        .set({ status: 'complete', ...file, error: null, updatedAt: clock.now() })
        .where(eq(imageRequests.id, request.id));
    } catch (error) {
      const message = failureMessage(error) ?? 'Processing failed. Please try again.';
      await deps.db
        .update(imageRequests)
        .set({ status: 'failed', error: message, updatedAt: clock.now() })
        .where(eq(imageRequests.id, request.id));
      if (failureMessage(error)) throw new ApiError(422, message);
      throw error;
    }
  }
  for (const [i, { format, need }] of rest.entries()) {
    try {
      const view = await picture.viewFor(
        need,
        rest.slice(i + 1).map((o) => o.need),
      );
      const file = await renderAndStore(deps, view, upload, request.id, format, need.crop, { output, fill });
      await markConversion(deps.db, request.id, format.id, { status: 'complete', ...file, error: null });
    } catch (error) {
      await markConversion(deps.db, request.id, format.id, {
        status: 'failed',
        error: failureMessage(error) ?? 'Processing failed. Please try again.',
      });
      if (!failureMessage(error)) throw error;
    }
  }
}

async function markConversion(
  db: Db,
  requestId: string,
  formatId: number,
  values: Partial<typeof conversions.$inferInsert>,
) {
  await db
    .update(conversions)
    .set({ ...values, updatedAt: clock.now() })
    .where(and(eq(conversions.requestId, requestId), eq(conversions.formatId, formatId)));
}

/**
 * The crop of one conversion. Standard: the request's crop centre and zoom fitted to the target.
 * Content-aware: a banner keeps the analysed region whole inside the target's safe zone (the canvas
 * extended with a blurred backdrop where it must be); a profile picture centres on the subject.
 */
function conversionCrop(
  conversion: Conversion,
  request: ImageRequest,
  upload: Upload,
  format: PlatformFormat,
): { crop: CropRect; fill: Fill } {
  const picture = { width: upload.width, height: upload.height };
  const adjuster = conversion.flow === 'banner' || conversion.flow === 'profile';
  // The conversion's own fill, else its flow's: the adjusters' blurred backdrop, the request's for a batch.
  const fill = conversion.fill ?? (adjuster ? ADJUSTER_DEFAULT_FILL : (request.fill ?? SINGLE_DEFAULT_FILL));
  // The user's box comes first: every target keeps it whole inside its safe zone.
  if (conversion.focus) return { crop: planRegionCrop(picture, conversion.focus, format).crop, fill };
  // The adjusters are free, so their standard crops never carry the single tool's paid framing
  // (the request's crop and zoom): they are the centred cover crop of each target.
  if (conversion.mode !== 'content-aware' || !upload.analysis)
    return { crop: adjuster ? centredCrop(picture, format, 1) : fitCrop(request.cropDetails, picture, format), fill };
  if (conversion.flow === 'profile') return { crop: planSubjectCrop(picture, upload.analysis.subject, format), fill };
  return { crop: planKeeping(picture, [upload.analysis.region, upload.analysis.core], format).crop, fill };
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
 * (mode, type, quality, fill, box) for a target of the same signature, and marks this one
 * complete: no decode, no render. True when it did.
 */
async function copyRenderedTwin(
  deps: RenderDeps,
  conversion: Conversion,
  request: ImageRequest,
  upload: Upload,
  format: PlatformFormat,
): Promise<boolean> {
  const signature = renderSignature(format, conversion);
  const done = await deps.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.requestId, request.id), eq(conversions.status, 'complete')));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const twin = done.find((row) => {
    const twinFormat = findFormat(row.formatId);
    return (
      twinFormat !== undefined &&
      row.formatId !== format.id &&
      row.flow === conversion.flow &&
      row.mode === conversion.mode &&
      row.outputChoice === conversion.outputChoice &&
      row.quality === conversion.quality &&
      same(row.fill, conversion.fill) &&
      same(row.focus, conversion.focus) &&
      renderSignature(twinFormat, row) === signature
    );
  });
  if (!twin) return false;
  const copies: Array<[string, string]> = [
    [outputKey(upload.id, request.id, twin.formatId), outputKey(upload.id, request.id, format.id)],
    [previewKey(upload.id, request.id, twin.formatId), previewKey(upload.id, request.id, format.id)],
  ];
  const objects = await Promise.all(copies.map(([from]) => deps.bucket.get(from)));
  if (objects.some((object) => object === null)) return false;
  await Promise.all(
    copies.map(async ([, to], i) => {
      const object = objects[i]!;
      await deps.bucket.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
    }),
  );
  await markConversion(deps.db, request.id, format.id, {
    status: 'complete',
    outputKey: copies[0]![1],
    outputSize: twin.outputSize,
    outputType: twin.outputType,
    outputQuality: twin.outputQuality,
    error: null,
  });
  log('info', 'identical target copied', { requestId: request.id, formatId: format.id, from: twin.formatId });
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

/**
 * Renders one queued conversion (a target of a banner, profile or batch fan-out) and marks it
 * complete. A redelivered message for a finished or unknown conversion does nothing. A failure the
 * image itself causes ends the conversion as failed with its reason; anything else is thrown, so
 * the queue retries it (and the dead-letter queue ends it after the last retry).
 */
export async function renderConversion(
  deps: RenderDeps,
  conversionId: string,
  batch: QueueBatchState,
): Promise<'rendered' | 'skipped' | 'failed'> {
  const row = await deps.db
    .select({ conversion: conversions, request: imageRequests, upload: uploads })
    .from(conversions)
    .innerJoin(imageRequests, eq(imageRequests.id, conversions.requestId))
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .where(eq(conversions.id, conversionId))
    .get();
  if (!row || row.conversion.status !== 'processing') return 'skipped';
  const { conversion, request, upload } = row;
  const format = findFormat(conversion.formatId);
  const fail = async (message: string) => {
    await markConversion(deps.db, request.id, conversion.formatId, { status: 'failed', error: message });
    return 'failed' as const;
  };
  if (!format) return fail('This format is no longer offered.');
  if (upload.expiredAt) return fail('The image was deleted after 7 days. Please upload it again.');
  await deps.db
    .update(conversions)
    .set({ attempts: sql`${conversions.attempts} + 1` })
    .where(eq(conversions.id, conversionId));
  try {
    // A target that renders to the same file as one already done for this request is a copy.
    if (await copyRenderedTwin(deps, conversion, request, upload, format)) return 'rendered';
    if (batch.picture?.upload.id !== upload.id) {
      batch.picture = null; // free the last picture before reading the next
      batch.picture = new UploadPicture(deps, upload);
    }
    // A batch's content-aware targets analyse their upload here, the first of them (the analysis
    // is then kept on the upload): the batch's own request does not wait for fifty decodes.
    if (conversion.mode === 'content-aware' && !upload.analysis) await analysisOf(deps, upload, batch.picture);
    const { crop, fill } = conversionCrop(conversion, request, upload, format);
    const view = await batch.picture.viewFor({ crop, fill, width: format.width, height: format.height }, () =>
      upcomingNeeds(deps, upload, batch.upcoming),
    );
    const file = await renderAndStore(deps, view, upload, request.id, format, crop, {
      fill,
      output: { type: conversion.outputChoice, quality: conversion.quality },
    });
    await markConversion(deps.db, request.id, format.id, { status: 'complete', ...file, error: null });
    return 'rendered';
  } catch (error) {
    const message = failureMessage(error);
    if (message) return fail(message);
    throw error;
  }
}
