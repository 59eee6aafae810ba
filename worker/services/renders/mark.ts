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
 * is read first. Answers the request's rows of these formats (`rows`), and those of them this call
 * marked, each with its render id (`marked`).
 */
export async function markForRender(
  db: Db,
  requestId: string,
  formats: PlatformFormat[],
  ask: RenderAsk,
): Promise<{ rows: Conversion[]; marked: Array<Conversion & { renderId: string }> }> {
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
  if (!first) return { rows: [], marked: [] };
  const written = (await db.batch([first, ...rest])).flat();
  // Each statement answers its row when it wrote it; when one left its row (rendered this way
  // already, or meanwhile by a call asked the same way), the rows are read (read whole: see
  // conversionsOf), so the rows answered are never older than the batch.
  const rows =
    written.length === formats.length
      ? written
      : await conversionsOf(
          db,
          requestId,
          formats.map((f) => f.id),
        );
  const marked = rows.filter(
    (r): r is Conversion & { renderId: string } => r.renderId !== null && renderIds.has(r.renderId),
  );
  return { rows, marked };
}
