/**
 * The one writer of conversion rows (docs/decisions/0013-one-record-per-render.md): a render marked,
 * claimed, tried, completed or ended as failed, each here and nowhere else, and each change told to
 * whoever watches the request (news.ts), so a held poll hears of it without reading on a timer.
 */
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PlatformFormat } from '../../../shared/formats';
import type { Db } from '../../db/client';
import { conversions, imageRequests, type Conversion, type ImageRequest } from '../../db/schema';
import { clock } from '../../lib/clock';
import { conversionsOf } from './answers';
import { renderIdentity, unlessRenderedAs, type RenderAsk } from './identity';
import { tellWatchers, type Changed, type News } from './news';

export type RowDeps = { db: Db; news: News };
/** The request a row belongs to, as its watchers are told (news.ts). */
type RequestOf = Pick<ImageRequest, 'id' | 'userId'>;
/** One render of one row: only the render the row was last marked with may end it. */
export type RowRender = { conversion: Pick<Conversion, 'id' | 'flow'>; renderId: string; request: RequestOf };

const changedBy = (request: RequestOf, flow: Conversion['flow']): Changed => ({
  requestId: request.id,
  userId: request.userId,
  flow,
});

/**
 * Marks each format of the request to be rendered as asked, with a fresh render id (only that
 * render may complete it), unless it is already rendered that way: asking again does no harm. One
 * statement per format (D1 binds at most 100 parameters), all in one transaction: every format is
 * marked or none is; a row complete as asked is left as it is by the statement itself, so nothing
 * is read first. A fan-out never takes a row of the single tool's (fan-out.ts, refuseSingleToolFiles),
 * even one the single tool marked a moment ago. Answers the rows this call marked, each with its
 * render id (`marked`), and a read of the request's rows of these formats for a caller that needs
 * them all (`rows`).
 */
export async function markForRender(
  deps: RowDeps,
  request: RequestOf,
  formats: PlatformFormat[],
  ask: RenderAsk,
): Promise<{ marked: Array<Conversion & { renderId: string }>; rows: () => Promise<Conversion[]> }> {
  const { db } = deps;
  const now = clock.now();
  const identity = renderIdentity(ask);
  const asked = {
    flow: ask.flow,
    mode: ask.mode,
    identity,
    outputChoice: ask.output.type,
    quality: ask.output.quality,
    fill: ask.fill,
    focus: ask.focus,
    handCrop: ask.handCrop ?? null,
  };
  const renderIds = new Set<string>();
  const [first, ...rest] = formats.map((format) => {
    const renderId = crypto.randomUUID();
    renderIds.add(renderId);
    return db
      .insert(conversions)
      .values({ requestId: request.id, formatId: format.id, status: 'processing', renderId, ...asked })
      .onConflictDoUpdate({
        target: [conversions.requestId, conversions.formatId],
        set: { status: 'processing', error: null, attempts: 0, renderId, ...asked, updatedAt: now },
        setWhere: and(unlessRenderedAs(identity), ask.flow === 'single' ? undefined : ne(conversions.flow, 'single')),
      })
      .returning();
  });
  if (!first) return { marked: [], rows: () => Promise.resolve([]) };
  // Each statement answers its row when it wrote it, with this call's render id.
  const marked = (await db.batch([first, ...rest]))
    .flat()
    .filter((r): r is Conversion & { renderId: string } => r.renderId !== null && renderIds.has(r.renderId));
  if (marked.length > 0) await tellWatchers(deps.news, [changedBy(request, ask.flow)]);
  // A row it left (rendered this way already, or meanwhile by a call asked the same way) is read
  // (whole: see conversionsOf), so the rows answered are never older than the batch.
  const rows = () =>
    marked.length === formats.length
      ? Promise.resolve<Conversion[]>(marked)
      : conversionsOf(
          db,
          request.id,
          formats.map((f) => f.id),
        );
  return { marked, rows };
}

/** This render's row: only the render the row was last marked with may end it. */
function thisRender(render: Pick<RowRender, 'conversion' | 'renderId'>) {
  return and(eq(conversions.id, render.conversion.id), eq(conversions.renderId, render.renderId));
}

/**
 * Completes the row with the file its render made and what made it, while the row still waits for
 * that render: the key and the facts the pixel door reads are written together, by the render that
 * made the file and by nothing else. False when a newer render overtook it (the row asked again
 * another way): the row is the newer render's then.
 */
export async function completeConversion(
  deps: RowDeps,
  render: RowRender,
  file: Pick<
    Conversion,
    | 'outputKey'
    | 'outputSize'
    | 'outputType'
    | 'outputQuality'
    | 'previewType'
    | 'fileCheck'
    | 'renderedFlow'
    | 'framing'
    | 'renderedCrop'
  >,
): Promise<boolean> {
  const updated = await deps.db
    .update(conversions)
    .set({ status: 'complete', ...file, error: null, updatedAt: clock.now() })
    .where(thisRender(render))
    .returning({ id: conversions.id });
  if (updated.length === 0) return false;
  await tellWatchers(deps.news, [changedBy(render.request, render.conversion.flow)]);
  return true;
}

/** Ends this render's row as failed with the reason the user sees (unless it already ended). */
export async function failConversion(deps: RowDeps, render: RowRender, reason: string): Promise<void> {
  const ended = await deps.db
    .update(conversions)
    .set({ status: 'failed', error: reason, updatedAt: clock.now() })
    .where(and(thisRender(render), eq(conversions.status, 'processing')))
    .returning({ id: conversions.id });
  if (ended.length > 0) await tellWatchers(deps.news, [changedBy(render.request, render.conversion.flow)]);
}

/**
 * Ends a conversion that is still processing as failed, with the reason the page shows; with a
 * render id, only while the row still waits for that render (a newer ask is left alone). For a
 * render that never began (its messages were not queued, or it ran out of retries).
 */
export async function failUnrendered(
  deps: RowDeps,
  conversionId: string,
  reason: string,
  renderId?: string | null,
): Promise<boolean> {
  const [ended] = await deps.db
    .update(conversions)
    .set({ status: 'failed', error: reason, updatedAt: clock.now() })
    .where(
      and(
        eq(conversions.id, conversionId),
        eq(conversions.status, 'processing'),
        renderId ? eq(conversions.renderId, renderId) : undefined,
      ),
    )
    .returning({ requestId: conversions.requestId, flow: conversions.flow });
  if (!ended) return false;
  const owner = await deps.db
    .select({ userId: imageRequests.userId })
    .from(imageRequests)
    .where(eq(imageRequests.id, ended.requestId))
    .get();
  await tellWatchers(deps.news, [{ ...ended, userId: owner?.userId ?? null }]);
  return true;
}

/** Gives a row marked before render ids existed one, unless another render claimed it first. */
export async function claimConversion(db: Db, conversionId: string): Promise<string | null> {
  const renderId = crypto.randomUUID();
  const claimed = await db
    .update(conversions)
    .set({ renderId })
    .where(and(eq(conversions.id, conversionId), isNull(conversions.renderId)))
    .returning({ id: conversions.id });
  return claimed.length > 0 ? renderId : null;
}

/** Counts one more try of each of these rows (what a poll shows does not change). */
export async function countAttempts(db: Db, conversionIds: string[]): Promise<void> {
  if (conversionIds.length === 0) return;
  await db
    .update(conversions)
    .set({ attempts: sql`${conversions.attempts} + 1` })
    .where(inArray(conversions.id, conversionIds));
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
 * retries them and its dead-letter queue ends them. Called where a request's rows are read (the
 * request loader, middleware/live-request.ts, and the held poll at each look) and by the daily
 * cleanup for requests nobody reads.
 */
export async function endInterruptedConversions(deps: RowDeps, requestId?: string): Promise<number> {
  const { db } = deps;
  const before = new Date(clock.now().getTime() - IN_REQUEST_RENDER_LEASE_MS);
  const interrupted = and(
    requestId ? eq(conversions.requestId, requestId) : undefined,
    eq(conversions.flow, 'single'),
    eq(conversions.status, 'processing'),
    lt(conversions.updatedAt, before),
  );
  // Read first: every request's route calls this, and a write on each would queue behind renders.
  const found = await db.select({ id: conversions.id }).from(conversions).where(interrupted).limit(1);
  if (found.length === 0) return 0;
  const ended = await db
    .update(conversions)
    .set({ status: 'failed', error: INTERRUPTED, updatedAt: clock.now() })
    .where(interrupted)
    .returning({ requestId: conversions.requestId });
  const requests = [...new Set(ended.map((row) => row.requestId))];
  await tellWatchers(
    deps.news,
    requests.map((id) => ({ requestId: id, userId: null, flow: 'single' })),
  );
  return ended.length;
}
