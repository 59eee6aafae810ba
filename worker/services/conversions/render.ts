/**
 * The one render function: a conversion row, whatever tool asked for it, rendered as its flow
 * frames it, stored under its own key and completed with what made it. The process-image route
 * (in-request.ts) and the queue (queued.ts) both render through `renderConversion`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import type { FileCheck } from '../../../shared/file-check';
import { OUTPUT_MIME_TYPES, type OutputType } from '@social-resizer/engine/plan/output';
import { platformName } from '../../../shared/platforms';
import { conversions, type Conversion, type ConversionFlow, type ImageRequest, type Upload } from '../../db/schema';
import type { Framing } from '../../../shared/framings';
import { keepOutBoxes } from '@social-resizer/engine/plan/detection';
import {
  checkFile,
  cropExtends,
  cropInView,
  FileSizeError,
  freeNow,
  renderFormat,
  type CropRect,
  type DecodeNeed,
  type Encoded,
  type Preview,
} from '@social-resizer/engine';
import { ApiError } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';
import { outputKey, previewKeyOf } from '../uploads/storage-keys';
import { frame } from './framing';
import { formatSignature, twinCandidates } from './identity';
import { detectionOf, UploadPicture, type RenderDeps } from './picture';
import { completeConversion, failConversion } from './rows';

/** One render of one row: the row and its request and upload, and the render id the row was marked with. */
export type RenderJob = {
  conversion: Conversion;
  request: ImageRequest;
  upload: Upload;
  format: PlatformFormat;
  renderId: string;
};

type RenderedFile = {
  outputKey: string;
  outputSize: number;
  outputType: OutputType;
  outputQuality: number | null;
  previewType: OutputType | null;
  fileCheck: FileCheck | null;
};
/** What made a file, recorded with it: the pixel door reads these (services/access/door.ts). */
type MadeBy = { renderedFlow: ConversionFlow; framing: Framing; renderedCrop: CropRect | null };

export const PROCESSING_FAILED = 'Processing failed. Please try again.';

/** The message a user sees for a failure the image itself causes; null for anything else. */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.message;
  if (error instanceof FileSizeError) return error.message;
  return null;
}

/** What a render of the job reads from the picture, for a decode shared with others. */
export function decodeNeed(job: Omit<RenderJob, 'renderId'>): DecodeNeed {
  const { crop, fill } = frame(job.conversion, job.request, job.upload, job.format);
  return { crop, fill, width: job.format.width, height: job.format.height };
}

/**
 * A render whose pixels are made: `stored` settles once its file is stored and its row completed
 * (or failed), so the next render's work can run while this one's storage waits on R2 and D1.
 */
export type Rendering = { stored: Promise<'rendered' | 'failed'> };

/** A render that ended without storing anything (a copy, a failure, nothing to do). */
export const ended = <T>(outcome: T): { stored: Promise<T> } => ({ stored: Promise.resolve(outcome) });

/**
 * Renders the job and completes its row with the file and what made it. A failure the image itself
 * causes ends the row as failed with its reason ('failed'); anything else is thrown (by `stored`
 * once the render is made). `upcoming` names what later renders of the same picture will read, so
 * one decode can serve them; `before(formatIds)` settles once the request's renders of those formats
 * made before this one are stored (a twin among them is then complete, to be copied).
 */
/**
 * Whether a render needs its upload's detection first: a content-aware frame and the single tool's
 * other formats are planned from it, and an extension copies the picture's own patches, never its faces and text. A run of renders makes
 * room for a detection when one of its renders needs it (picture.ts, RunPlan.detect).
 */
export function needsDetection({ conversion, request, upload, format }: Omit<RenderJob, 'renderId'>): boolean {
  if (upload.detection) return false;
  if (conversion.mode === 'content-aware' && !conversion.handCrop) return true;
  // The single tool's other formats keep what the request's framing shows, planned (framing.ts).
  if (conversion.flow === 'single' && format.id !== request.formatId) return true;
  const { crop, fill } = frame(conversion, request, upload, format);
  return fill.kind === 'blur' && cropExtends(crop, upload);
}

export async function renderConversion(
  deps: RenderDeps,
  picture: UploadPicture,
  job: RenderJob,
  upcoming: () => Promise<readonly DecodeNeed[]>,
  before: (formatIds: readonly number[]) => Promise<unknown> = () => Promise.resolve(),
): Promise<Rendering> {
  const { conversion, upload, format } = job;
  try {
    // A format that renders to the same file as one already done for this request is a copy.
    if (await copyRenderedTwin(deps, job, before)) return ended('rendered');
    // The first render that needs what its upload shows detects it (then kept on the upload).
    if (needsDetection(job)) await detectionOf(deps, upload, { picture });
    const { crop, fill, framing } = frame(conversion, job.request, upload, format);
    const extending = fill.kind === 'blur' && cropExtends(crop, upload);
    const view = await picture.viewFor({ crop, fill, width: format.width, height: format.height }, upcoming);
    const output = { type: conversion.outputChoice, quality: conversion.quality };
    const keepOut = extending && upload.detection ? keepOutBoxes(upload.detection).map((b) => cropInView(view, b)) : [];
    const { file, preview } = await renderFormat(view.picture, view.orientation, cropInView(view, crop), format, {
      fill,
      keepOut,
      output,
      encoders: deps.codecs,
    });
    // The file as the platform will meet it: a file that breaks a rule is never offered as ready.
    const fileCheck = checkFile(file.bytes, format);
    if (!fileCheck.ready) {
      log('error', 'file failed its check', {
        requestId: job.request.id,
        formatId: format.id,
        problems: fileCheck.problems,
      });
      await failConversion(
        deps,
        job,
        `The file is not one ${platformName(format.platform)} accepts: ${fileCheck.problems.join(' ')}`,
      );
      return ended('failed');
    }
    return { stored: store(deps, job, { file, preview, fileCheck, asked: output.quality }, { framing, crop }) };
  } catch (error) {
    const reason = failureMessage(error);
    if (!reason) throw error;
    await failConversion(deps, job, reason);
    return ended('failed');
  }
}

/**
 * Stores a render's file and its preview in one object (the preview after the file's bytes: one R2
 * write, not two), then completes its row with them and what made it.
 */
async function store(
  deps: RenderDeps,
  job: RenderJob,
  { file, preview, fileCheck, asked }: { file: Encoded; preview: Preview; fileCheck: FileCheck; asked: number },
  { framing, crop }: { framing: Framing; crop: CropRect },
): Promise<'rendered'> {
  const { conversion, upload, format } = job;
  const key = outputKey(upload.id, job.request.id, format.id, job.renderId);
  await deps.bucket.put(key, new Blob([file.bytes, preview.bytes]), {
    httpMetadata: { contentType: OUTPUT_MIME_TYPES[file.type] },
  });
  const outputSize = file.bytes.length;
  freeNow(file.bytes, preview.bytes); // stored: nothing reads them again
  if (file.reducedBits > 0 || (file.quality !== null && file.quality < asked))
    log('info', 'file-size cap met by quality', {
      requestId: job.request.id,
      formatId: format.id,
      type: file.type,
      quality: file.quality,
      bits: file.reducedBits,
    });
  const stored = {
    outputKey: key,
    outputSize,
    outputType: file.type,
    outputQuality: file.quality,
    previewType: preview.type,
    fileCheck,
  };
  await complete(deps, job, stored, { renderedFlow: conversion.flow, framing, renderedCrop: crop });
  return 'rendered';
}

/**
 * Completes the row with the file its render made (rows.ts, completeConversion). A render overtaken by a
 * newer one (the row asked again another way) removes its files and leaves the row to the newer one.
 */
async function complete(deps: RenderDeps, job: RenderJob, file: RenderedFile, madeBy: MadeBy): Promise<void> {
  if (await completeConversion(deps, job, { ...file, ...madeBy })) return;
  await deps.bucket.delete([file.outputKey, previewKeyOf(file.outputKey)]);
  log('info', 'overtaken render dropped', { requestId: job.request.id, formatId: job.format.id });
}

/**
 * Copies the file and preview of a finished conversion of the same request asked the same way, for
 * a format of the same signature, and completes this one with the twin's facts (the copy is the
 * twin's bytes): no decode, no render. True when it did. The single tool's own format is framed by
 * its exact crop, so it is nobody's twin.
 */
async function copyRenderedTwin(
  deps: RenderDeps,
  job: RenderJob,
  before: (formatIds: readonly number[]) => Promise<unknown>,
): Promise<boolean> {
  const { conversion, request, format } = job;
  const ownCrop = (formatId: number) => conversion.flow === 'single' && formatId === request.formatId;
  if (conversion.identity === null || ownCrop(format.id) || conversion.handCrop) return false;
  const candidates = twinCandidates(format, conversion);
  if (candidates.length === 0) return false;
  await before(candidates);
  const signature = formatSignature(format, conversion);
  const done = await deps.db
    .select()
    .from(conversions)
    .where(
      and(
        eq(conversions.requestId, request.id),
        inArray(conversions.formatId, candidates),
        eq(conversions.status, 'complete'),
        eq(conversions.identity, conversion.identity),
      ),
    );
  const twin = done.find((row) => {
    const twinFormat = findFormat(row.formatId);
    return (
      twinFormat !== undefined &&
      row.formatId !== format.id &&
      !ownCrop(row.formatId) &&
      row.renderedFlow === conversion.flow &&
      formatSignature(twinFormat, row) === signature
    );
  });
  if (!twin?.outputKey || twin.outputSize === null || !twin.renderedFlow || !twin.framing) return false;
  const copy: RenderedFile = {
    outputKey: outputKey(job.upload.id, request.id, format.id, job.renderId),
    outputSize: twin.outputSize,
    outputType: twin.outputType ?? 'png',
    outputQuality: twin.outputQuality,
    previewType: twin.previewType,
    // Same size, types, opacity and cap (formatSignature): the twin's check holds for this format.
    fileCheck: twin.fileCheck,
  };
  const pairs: Array<[string, string]> = [[twin.outputKey, copy.outputKey]];
  // A twin stored before previews shared the file's object has its preview apart.
  if (twin.previewType === null) pairs.push([previewKeyOf(twin.outputKey), previewKeyOf(copy.outputKey)]);
  const objects = await Promise.all(pairs.map(([from]) => deps.bucket.get(from)));
  if (objects.some((object) => object === null)) return false;
  await Promise.all(
    pairs.map(async ([, to], i) => {
      const object = objects[i]!;
      await deps.bucket.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
    }),
  );
  await complete(deps, job, copy, {
    renderedFlow: twin.renderedFlow,
    framing: twin.framing,
    renderedCrop: twin.renderedCrop,
  });
  log('info', 'identical target copied', { requestId: request.id, formatId: format.id, from: twin.formatId });
  return true;
}
