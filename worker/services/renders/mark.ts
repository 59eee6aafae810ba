import type { PlatformFormat } from '../../../shared/formats';
import type { Db } from '../../db/client';
import { conversions, type Conversion } from '../../db/schema';
import { clock } from '../../lib/clock';
import { renderIdentity, unlessRenderedAs, type RenderAsk } from './identity';
import { conversionsOf } from './answers';

/**
 * Marks each format of the request to be rendered as asked, with a fresh render id (only that
 * render may complete it), unless it is already rendered that way: asking again does no harm. One
 * statement per format (D1 binds at most 100 parameters), all in one transaction: every format is
 * marked or none is; a row complete as asked is left as it is by the statement itself, so nothing
 * is read first. Answers the rows this call marked, each with its render id (`marked`), and a read
 * of the request's rows of these formats for a caller that needs them all (`rows`).
 */
export async function markForRender(
  db: Db,
  requestId: string,
  formats: PlatformFormat[],
  ask: RenderAsk,
): Promise<{ marked: Array<Conversion & { renderId: string }>; rows: () => Promise<Conversion[]> }> {
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
      .values({ requestId, formatId: format.id, status: 'processing', renderId, ...asked })
      .onConflictDoUpdate({
        target: [conversions.requestId, conversions.formatId],
        set: { status: 'processing', error: null, attempts: 0, renderId, ...asked, updatedAt: now },
        setWhere: unlessRenderedAs(identity),
      })
      .returning();
  });
  if (!first) return { marked: [], rows: () => Promise.resolve([]) };
  // Each statement answers its row when it wrote it, with this call's render id.
  const marked = (await db.batch([first, ...rest]))
    .flat()
    .filter((r): r is Conversion & { renderId: string } => r.renderId !== null && renderIds.has(r.renderId));
  // A row it left (rendered this way already, or meanwhile by a call asked the same way) is read
  // (whole: see conversionsOf), so the rows answered are never older than the batch.
  const rows = () =>
    marked.length === formats.length
      ? Promise.resolve<Conversion[]>(marked)
      : conversionsOf(
          db,
          requestId,
          formats.map((f) => f.id),
        );
  return { marked, rows };
}
