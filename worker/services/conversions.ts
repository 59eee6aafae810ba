/**
 * The fan-out of one request to many target formats (banner, profile and batch flows): one
 * conversion row and one queue message per target; the queue consumer renders them one by one.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { BANNER_FORMATS, findFormat, PLATFORM_FORMATS, PROFILE_FORMATS, type PlatformFormat } from '../../shared/formats';
import type { ConversionResults } from '../../shared/schemas';
import type { Db } from '../db/client';
import { conversions, type Conversion, type ConversionFlow, type ConversionMode, type ImageRequest } from '../db/schema';
import { clock } from '../lib/clock';
import { ApiError } from '../lib/errors';
import type { ConversionMessage } from '../queues/conversion-message';

export const SOURCE_REQUIRED = 'Source format required';
export const NO_TARGETS = 'Please select at least one target format to continue';
export const SAME_PLATFORM = "You can't select formats from the same platform as the source";

/** The formats each flow may name, as source and as targets. */
function formatsOf(flow: ConversionFlow): readonly PlatformFormat[] {
  return flow === 'banner' ? BANNER_FORMATS : flow === 'profile' ? PROFILE_FORMATS : PLATFORM_FORMATS;
}

/** The spec's rules: a known source, at least one known target, none on the source's platform. 400 otherwise. */
export function checkTargets(flow: ConversionFlow, sourceFormatId: number | null, targetFormatIds: number[]): PlatformFormat[] {
  const allowed = formatsOf(flow);
  const source = sourceFormatId === null ? null : allowed.find((f) => f.id === sourceFormatId);
  if (sourceFormatId !== null && !source) throw new ApiError(400, `${SOURCE_REQUIRED}: unknown source format id ${sourceFormatId}`);
  const ids = [...new Set(targetFormatIds)];
  if (ids.length === 0) throw new ApiError(400, NO_TARGETS);
  const targets = ids.map((id) => {
    const format = allowed.find((f) => f.id === id);
    if (!format) throw new ApiError(400, `Unknown target format id ${id}${findFormat(id) ? ` for the ${flow} flow` : ''}`);
    return format;
  });
  if (source && targets.some((t) => t.platform === source.platform)) throw new ApiError(400, SAME_PLATFORM);
  return targets;
}

/**
 * Records each target as processing (a finished one is kept: asking again does no harm) and
 * queues one message per target that is not complete. Answers the statuses at once.
 */
export async function startConversions(db: Db, queue: Queue, request: ImageRequest, targets: PlatformFormat[], flow: ConversionFlow, mode: ConversionMode): Promise<ConversionResults> {
  const now = clock.now();
  await db
    .insert(conversions)
    .values(targets.map((format) => ({ requestId: request.id, formatId: format.id, status: 'processing' as const, flow, mode })))
    .onConflictDoUpdate({
      target: [conversions.requestId, conversions.formatId],
      set: { status: 'processing', error: null, attempts: 0, flow, mode, updatedAt: now },
      // A finished target is kept unless it was made in the other mode (AI switched on or off).
      setWhere: or(ne(conversions.status, 'complete'), ne(conversions.mode, mode)),
    });
  const rows = await conversionsOf(
    db,
    request.id,
    targets.map((t) => t.id),
  );
  const messages: { body: ConversionMessage }[] = rows.filter((r) => r.status === 'processing').map((r) => ({ body: { conversionId: r.id } }));
  if (messages.length > 0) await queue.sendBatch(messages);
  return toResults(rows);
}

/** The request's conversions (only of `formatIds` when given). */
export function conversionsOf(db: Db, requestId: string, formatIds?: number[]): Promise<Conversion[]> {
  return db
    .select()
    .from(conversions)
    .where(and(eq(conversions.requestId, requestId), formatIds ? inArray(conversions.formatId, formatIds) : undefined));
}

/** `{ [formatId]: status }`, the shape the results page polls. */
export function toResults(rows: Pick<Conversion, 'formatId' | 'status'>[]): ConversionResults {
  return Object.fromEntries(rows.map((r) => [r.formatId, r.status]));
}

/** Ends a conversion that is still processing as failed, with the reason the page shows. */
export async function markConversionFailed(db: Db, conversionId: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(conversions)
    .set({ status: 'failed', error: reason, updatedAt: clock.now() })
    .where(and(eq(conversions.id, conversionId), eq(conversions.status, 'processing')))
    .returning({ id: conversions.id });
  return updated.length > 0;
}
