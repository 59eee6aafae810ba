/**
 * The fan-out of one request to many target formats (banner, profile and batch flows): one
 * conversion row and one queue message per target; the queue consumer renders them one by one.
 */
import {
  BANNER_FORMATS,
  findFormat,
  PLATFORM_FORMATS,
  PROFILE_FORMATS,
  type PlatformFormat,
} from '../../../shared/formats';
import { customFitsFlow, customFormat, isCustomFormatId } from '../../../shared/custom-format';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { Fill } from '../../../shared/fill';
import { DEFAULT_OUTPUT, type OutputSettings } from '@social-resizer/engine/plan/output';
import type { ConversionResponse, ConversionResults } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import type { ConversionFlow, ConversionMode, ImageRequest, Upload } from '../../db/schema';
import { decodeOrder, type Codecs } from '@social-resizer/engine';
import { ApiError } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';
import { platformName } from '../../../shared/platforms';
import type { Counters } from '../access/allowance';
import type { Caller } from '../caller';
import type { ConversionMessage } from './message';
import { takeConversions } from '../access/rate-limits';
import { renderIdentity, renderLimitKey, type RenderAsk } from './identity';
import { failUnrendered, markForRender } from './rows';
import type { News } from './news';
import { conversionAnswer, conversionsOf, toResults } from './answers';
import { detectionOf } from './picture';
import { decodeNeed } from './render';

export const SOURCE_REQUIRED = 'Source format required';
export const NO_TARGETS = 'Please select at least one target format to continue';
export const SAME_PLATFORM = "You can't select formats from the same platform as the source";
export const SOURCE_MISMATCH =
  'The source format must be the format this image request was made for. Please start the conversion again.';
export const NOT_QUEUED = 'The conversions could not be started just now. Please try again in a moment.';
export const SINGLE_TOOL_REFUSES_FAN_OUT =
  'This image request was made for the banner or profile adjuster or a batch, which frame it themselves. To frame it yourself, open the picture in the Single Image tool.';
export const BATCH_NEEDS_UNLIMITED =
  'Batch processing is part of Unlimited Access. Get Unlimited Access ($9.99, one-time) to convert to many formats at once.';

/** The formats each flow may name, as source and as targets. */
function formatsOf(flow: ConversionFlow): readonly PlatformFormat[] {
  return flow === 'banner' ? BANNER_FORMATS : flow === 'profile' ? PROFILE_FORMATS : PLATFORM_FORMATS;
}

/**
 * The flows' rules (docs/product.md, "Banner and profile adjusters"): a known source, at least one known target,
 * none on the source's platform. 400 otherwise.
 */
export function checkTargets(
  flow: ConversionFlow,
  sourceFormatId: number | null,
  targetFormatIds: number[],
): PlatformFormat[] {
  const allowed = formatsOf(flow);
  const source = sourceFormatId === null ? null : allowed.find((f) => f.id === sourceFormatId);
  if (sourceFormatId !== null && !source)
    throw new ApiError(400, `${SOURCE_REQUIRED}: unknown source format id ${sourceFormatId}`);
  const ids = [...new Set(targetFormatIds)];
  if (ids.length === 0) throw new ApiError(400, NO_TARGETS);
  const targets = ids.map((id) => {
    const custom = customFormat(id);
    if (custom) {
      if (customFitsFlow(custom, flow)) return custom;
      throw new ApiError(
        400,
        flow === 'banner'
          ? `A custom size in the banner adjuster must be a banner: at least 16:9 wide (${custom.width} × ${custom.height} is not).`
          : `A custom size in the profile adjuster must be square, at most 1024 px (${custom.width} × ${custom.height} is not).`,
      );
    }
    const format = allowed.find((f) => f.id === id);
    if (!format)
      throw new ApiError(
        400,
        isCustomFormatId(id)
          ? 'This custom size cannot be made: sides of 16 to 4096 px, at most 5.7 million pixels.'
          : `Unknown target format id ${id}${findFormat(id) ? ` for the ${flow} flow` : ''}`,
      );
    return format;
  });
  if (source && targets.some((t) => t.platform === source.platform)) throw new ApiError(400, SAME_PLATFORM);
  return targets;
}

/**
 * A fan-out never makes a file of the single tool's (shared/schemas.ts, REQUEST_PURPOSES): on a
 * request made for the single tool, its own format (the user's crop) and any format the single
 * tool has made for it are refused (400, naming the first), so a fan-out cannot replace the file
 * the user framed. markForRender holds the same rule in its statement against a render raced in.
 */
export async function refuseSingleToolFiles(db: Db, request: ImageRequest, targets: PlatformFormat[]): Promise<void> {
  if (request.purpose !== 'single') return;
  const made = new Set(
    (await conversionsOf(db, request.id)).filter((row) => row.flow === 'single').map((row) => row.formatId),
  );
  const taken = targets.find((t) => t.id === request.formatId || made.has(t.id));
  if (!taken) return;
  const name = `${platformName(taken.platform)} ${taken.format}`;
  throw new ApiError(
    400,
    taken.id === request.formatId
      ? `${name} is this request's own format, framed by your crop in the Single Image tool: a fan-out does not make it again. Leave it out of the targets, or start from a new upload.`
      : `${name} was made for this request in the Single Image tool: a fan-out does not make it again. Leave it out of the targets, or start from a new upload.`,
  );
}

export type FanOut = {
  flow: ConversionFlow;
  sourceFormatId: number | null;
  targetFormatIds: number[];
  contentAware: boolean;
  /** The file type (or Auto) and quality for every target; Auto at the default quality when absent. */
  output?: OutputSettings;
  /** What fills an extended canvas; none: the flow's default (services/conversions/framing.ts). */
  fill?: Fill;
  /** The user's box to keep in every target; none: the detection or a centred crop decides. */
  focus?: CropRect;
};
export type FanOutDeps = { db: Db; bucket: R2Bucket; codecs: Codecs; queue: Queue; counters: Counters; news: News };

/**
 * Starts a fan-out of the request to many targets after every rule: batch is Unlimited Access only
 * (402); the adjusters convert from the request's own format, so their free outputs are never that
 * format; the targets' rules (400); the caller's hourly limit (429), charged only for targets that
 * are then recorded. Content-aware mode (banner with useAi, and every profile fan-out) detects what
 * the picture shows first, once per upload; when the picture cannot be read now the targets get standard centred crops
 * and `analysisPerformed` says so.
 */
export async function startFanOut(
  deps: FanOutDeps,
  caller: Caller,
  request: ImageRequest,
  upload: Upload,
  input: FanOut,
): Promise<ConversionResponse> {
  const targets = checkTargets(input.flow, input.sourceFormatId, input.targetFormatIds);
  if (input.flow === 'batch' && !caller.user?.hasUnlimitedAccess) throw new ApiError(402, BATCH_NEEDS_UNLIMITED);
  // A named source must be the format the request was made for (a fresh profile photo names none).
  if (input.flow !== 'batch' && input.sourceFormatId !== null && input.sourceFormatId !== request.formatId)
    throw new ApiError(400, SOURCE_MISMATCH);
  await refuseSingleToolFiles(deps.db, request, targets);
  const output = input.output ?? DEFAULT_OUTPUT;
  const focus = input.focus ? focusOn(input.focus, upload) : null;
  const fill = input.fill ?? null;
  const asked = renderIdentity({
    flow: input.flow,
    mode: input.contentAware ? 'content-aware' : 'standard',
    output,
    fill,
    focus,
  });
  const grant = await takeConversions(
    deps.counters,
    caller,
    targets.map((t) => renderLimitKey(request.id, t.id, asked)),
  );
  try {
    const analysed = input.contentAware && (await detectionOf(deps, upload, { retry: true })) !== null;
    const results = await startConversions(
      deps,
      request,
      upload,
      targets,
      input.flow,
      analysed ? 'content-aware' : 'standard',
      { output, fill, focus },
    );
    const rows = await conversionsOf(
      deps.db,
      request.id,
      targets.map((t) => t.id),
    );
    return { ...conversionAnswer(rows, upload), results, analysisPerformed: analysed };
  } catch (error) {
    await grant.release();
    throw error;
  }
}

export const FOCUS_OFF_PICTURE = 'The box to keep must be on the picture. Please draw it again.';

/** The user's box clipped to the upright picture; 400 when nothing of it is on the picture. */
export function focusOn(focus: CropRect, picture: { width: number; height: number }): CropRect {
  const x0 = Math.max(0, focus.x);
  const y0 = Math.max(0, focus.y);
  const x1 = Math.min(picture.width, focus.x + focus.width);
  const y1 = Math.min(picture.height, focus.y + focus.height);
  if (x1 < x0 || y1 < y0) throw new ApiError(400, FOCUS_OFF_PICTURE);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Marks each target to render as asked (a finished one asked the same way is kept: asking again
 * does no harm) and queues one message per target still processing. Answers the statuses at once.
 */
export async function startConversions(
  deps: Pick<FanOutDeps, 'db' | 'queue' | 'news'>,
  request: ImageRequest,
  upload: Upload,
  targets: PlatformFormat[],
  flow: ConversionFlow,
  mode: ConversionMode,
  { output, fill, focus, handCrop }: Pick<RenderAsk, 'output' | 'fill' | 'focus' | 'handCrop'>,
): Promise<ConversionResults> {
  // Only the rows this call marked are queued (a row another ask is rendering is its business).
  const { marked, rows } = await markForRender(deps, request, targets, { flow, mode, output, fill, focus, handCrop });
  // In decodeOrder (the finest scale first, then the largest): a queue batch then holds targets
  // that share one decode at one scale, the picture it keeps for the next batch is only ever shrunk,
  // never decoded again finer, and small targets are not held to a large one's. Each target's crop
  // as framed now (a batch's content-aware targets are planned once the queue has detected what
  // the photo shows: until then their fitted crops stand in). Only an order: where a target cannot
  // be framed now, it keeps its place and its render reports why.
  const needOf = new Map(
    marked.flatMap((row) => {
      const format = targets.find((t) => t.id === row.formatId);
      try {
        return format ? [[row.id, decodeNeed({ conversion: row, request, upload, format })] as const] : [];
      } catch {
        return [];
      }
    }),
  );
  const pending = [...marked].sort((a, b) => {
    const [one, other] = [needOf.get(a.id), needOf.get(b.id)];
    return one && other ? decodeOrder(one, other) : 0;
  });
  const messages: { body: ConversionMessage }[] = pending.map((r) => ({
    body: { conversionId: r.id, renderId: r.renderId ?? undefined },
  }));
  try {
    // A queue takes at most 100 messages a send.
    for (let i = 0; i < messages.length; i += 100) await deps.queue.sendBatch(messages.slice(i, i + 100));
  } catch (error) {
    // Nothing would ever render them: end them now rather than leave them processing for ever.
    log('error', 'conversions could not be queued', {
      requestId: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
    for (const r of pending) await failUnrendered(deps, r.id, NOT_QUEUED, r.renderId);
    throw new ApiError(503, NOT_QUEUED);
  }
  return toResults(await rows());
}
