/**
 * What the results pages poll, built once for every route that answers a fan-out's state: each
 * target's status, file, and how it was framed (docs/product.md, "Intelligent resizing").
 */
import { and, eq, sql } from 'drizzle-orm';
import { reachesOutside, type CropRect } from '@social-resizer/engine/plan/crop';
import { keptBoxes, type KeptBox } from '@social-resizer/engine/plan/detection';
import type {
  ConversionFiles,
  ConversionResponse,
  ConversionResults,
  DetectionSummary,
  TargetFraming,
} from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { conversions, imageRequests, uploads, type Conversion, type ImageRequest, type Upload } from '../../db/schema';
import type { Version } from '../../lib/watch';
import { ownedBy, type Caller } from '../caller';
import { fileOf } from '../uploads/image-requests';

/**
 * The request's conversions (only of `formatIds` when given). Read whole and picked here: a request
 * has one row a format, and a list of every format would pass the 100 values D1 binds a statement.
 */
export async function conversionsOf(db: Db, requestId: string, formatIds?: number[]): Promise<Conversion[]> {
  const rows = await db.select().from(conversions).where(eq(conversions.requestId, requestId));
  if (!formatIds) return rows;
  const wanted = new Set(formatIds);
  return rows.filter((row) => wanted.has(row.formatId));
}

/** `{ [formatId]: status }`, the shape the results page polls. */
export function toResults(rows: Pick<Conversion, 'formatId' | 'status'>[]): ConversionResults {
  return Object.fromEntries(rows.map((r) => [r.formatId, r.status]));
}

/** `{ [formatId]: file }` of the finished targets: type, quality and size, for the results page. */
export function toFiles(rows: Conversion[]): ConversionFiles {
  const files: ConversionFiles = {};
  for (const row of rows) {
    const file = fileOf(row);
    if (file) files[row.formatId] = file;
  }
  return files;
}

const inside = (box: CropRect, crop: CropRect) =>
  box.x >= crop.x - 0.5 &&
  box.y >= crop.y - 0.5 &&
  box.x + box.width <= crop.x + crop.width + 0.5 &&
  box.y + box.height <= crop.y + crop.height + 0.5;

/**
 * `{ [formatId]: framing }` of the finished targets: what framed each, and how many faces (their
 * whole heads) and lines of text it holds, as the planner keeps them (engine/plan/detection.ts keptBoxes).
 */
export function toFramings(rows: Conversion[], upload: Upload): Record<string, TargetFraming> {
  const framings: Record<string, TargetFraming> = {};
  const kept = upload.detection ? keptBoxes(upload.detection) : [];
  for (const row of rows) {
    if (row.status !== 'complete' || !row.framing) continue;
    const crop = row.renderedCrop;
    const held = (kind: KeptBox['kind']) => (crop ? kept.filter((b) => b.kind === kind && inside(b, crop)).length : 0);
    framings[row.formatId] = {
      framing: row.framing,
      crop,
      extended: crop !== null && reachesOutside(upload, crop),
      kept: { faces: held('face'), text: held('text') },
    };
  }
  return framings;
}

/** What detection found for the upload, when any of the rows is content-aware. */
export function detectionSummary(rows: Conversion[], upload: Upload): DetectionSummary | null {
  const detection = upload.detection;
  if (!detection || !rows.some((r) => r.mode === 'content-aware')) return null;
  return {
    source: detection.source,
    faces: detection.faces.length,
    text: detection.text.length,
    ...(detection.failure ? { failure: detection.failure } : {}),
  };
}

/** The answer for these rows of a request. */
export function conversionAnswer(rows: Conversion[], upload: Upload): ConversionResponse {
  return {
    results: toResults(rows),
    files: toFiles(rows),
    analysisPerformed: rows.some((r) => r.mode === 'content-aware'),
    framings: toFramings(rows, upload),
    detection: detectionSummary(rows, upload),
  };
}

/** The fan-outs' targets and the download step's other formats: the request's own render is not one. */
export async function targetsOf(db: Db, request: ImageRequest): Promise<Conversion[]> {
  return (await conversionsOf(db, request.id)).filter((r) => !(r.formatId === request.formatId && r.flow === 'single'));
}

/**
 * The columns of a version (lib/watch.ts) that follow a set of conversion rows: how many, how many
 * processing and complete, and their last changes (every change of status or file sets updatedAt).
 */
export const conversionTally = {
  rows: sql<number>`count(${conversions.id})`,
  processing: sql<number>`coalesce(sum(${conversions.status} = 'processing'), 0)`,
  complete: sql<number>`coalesce(sum(${conversions.status} = 'complete'), 0)`,
  changed: sql<number>`total(${conversions.updatedAt})`,
};

/**
 * What the answer of a request's conversions is made from, in one small query (lib/watch.ts): its
 * rows' statuses and last change, and the upload's detection and expiry; null when the request is
 * not the caller's. `inRequest`: a render made inside a request is still processing (its lease may
 * have run out: in-request.ts).
 */
export async function conversionsVersion(
  db: Db,
  requestId: string,
  caller: Caller,
): Promise<(Version & { inRequest: boolean }) | null> {
  const row = await db
    .select({
      ...conversionTally,
      inRequest: sql<number>`coalesce(sum(${conversions.status} = 'processing' and ${conversions.flow} = 'single'), 0)`,
      detected: sql<number>`${uploads.detection} is not null`,
      expired: sql<number>`${uploads.expiredAt} is not null`,
    })
    .from(imageRequests)
    .innerJoin(uploads, eq(uploads.id, imageRequests.uploadId))
    .leftJoin(conversions, eq(conversions.requestId, imageRequests.id))
    .where(and(eq(imageRequests.id, requestId), ownedBy(caller, imageRequests), ownedBy(caller, uploads)))
    .groupBy(imageRequests.id)
    .get();
  if (!row) return null;
  return { key: JSON.stringify(row), ended: row.processing === 0, inRequest: row.inRequest > 0 };
}
