import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type Upload } from '../../db/schema';
import {
  admitImage,
  ANALYSIS_SIZE,
  detectionBytes,
  detectSide,
  detectView,
  ImageError,
  inspectImage,
  ISOLATE_BUDGET_BYTES,
  keepPicture,
  makeRoom,
  MemoryBusy,
  PictureViews,
  runBytes,
  takeKeptPicture,
  type Analysis,
  type Codecs,
  type DecodeNeed,
  type ImageInfo,
  type OutputPlan,
  type Room,
  type View,
} from '@social-resizer/engine';
import type { Detection } from '@social-resizer/engine/plan/detection';
import { ApiError } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';
import type { News } from './news';

export type RenderDeps = { db: Db; bucket: R2Bucket; codecs: Codecs; news: News };

/** What a run of renders of one picture will make: what each reads, and the outputs (step-bytes.ts). */
export type RunPlan = { needs: readonly DecodeNeed[]; outputs: readonly OutputPlan[]; detect?: boolean };

/**
 * An upload's picture as renders read it: room is made for the run first (`makeRoomFor`: the
 * isolate's memory, engine/memory.ts), then the file is read from R2 (or taken from what this
 * isolate kept of it) and admitted once, and each render gets a decoded view of the part and scale
 * it needs (engine/input/view.ts); the file is let go once decoded and read again if a later decode
 * needs it. The run gives its room back with `keep` (what it decoded, kept for the next run) or
 * `release`.
 */
export class UploadPicture {
  private room: Room | null = null;
  private views: PictureViews | null = null;

  constructor(
    private readonly deps: RenderDeps,
    readonly upload: Upload,
  ) {}

  /**
   * Makes room for the run (waiting its turn: MemoryBusy when none comes), then takes the file
   * or picture this isolate kept of the upload, if any. A picture whose info was not kept when it
   * was uploaded (before 2026-11-29) is planned at the whole budget: it runs alone.
   */
  async makeRoomFor(run: RunPlan, waitMs?: number): Promise<void> {
    const info = this.plannedInfo();
    const renders = info ? runBytes(info, this.upload.size, run.needs, run.outputs) : ISOLATE_BUDGET_BYTES;
    const detect = info && run.detect ? detectionBytes(info, this.upload.size, this.detectionSide()) : 0;
    const bytes = Math.max(renders, detect);
    if (this.room && this.room.bytes >= bytes) return;
    this.room?.release();
    this.room = await makeRoom(bytes, `renders of upload ${this.upload.id}`, waitMs);
    this.views ??= takeKeptPicture(this.upload.r2Key);
    this.views?.keepAccessPoints(this.upload.accessPoints);
  }

  /** Keeps what this picture decoded for the next run of renders of its upload, until any decode; gives its room back. */
  keep(): void {
    // Kept, or freed when another decode started since (kept-picture.ts).
    if (this.views) keepPicture(this.upload.r2Key, this.views, this.views.decodedAfter);
    this.views = null;
    this.release();
  }

  /** Gives the run's room back, and its decoded pixels (PictureViews.letGo). */
  release(): void {
    this.room?.release();
    this.room = null;
    this.views?.letGo();
    this.views = null;
  }

  private plannedInfo(): ImageInfo | null {
    return this.upload.imageInfo ? { ...this.upload.imageInfo, icc: null } : null;
  }

  private detectionSide(): number {
    const { width, height } = this.upload;
    return Math.max(detectSide(width, height), 2 * ANALYSIS_SIZE);
  }

  private async readFile(): Promise<Uint8Array> {
    const object = await this.deps.bucket.get(this.upload.r2Key);
    if (!object) throw new ApiError(410, 'The original image is no longer stored. Please upload it again.');
    return new Uint8Array(await object.arrayBuffer());
  }

  private async read(): Promise<PictureViews> {
    if (!this.room) throw new Error('a picture is read only in the room made for its run');
    if (this.views) return this.views;
    const bytes = await this.readFile();
    // Checked when it was uploaded: its checksums are not computed again (engine inspectImage).
    const info = await imageCall(() => inspectImage(bytes, { checked: true }));
    await imageCall(() => admitImage(info));
    this.views = new PictureViews(bytes, info, this.deps.codecs, {
      reread: () => this.readFile(),
      accessPoints: this.upload.accessPoints,
    });
    return this.views;
  }

  async viewFor(need: DecodeNeed, companions?: Parameters<PictureViews['viewFor']>[1]): Promise<View> {
    const views = await this.read();
    return imageCall(() => views.viewFor(need, companions));
  }

  /**
   * What the picture shows (faces, lines of text, marks) and its saliency analysis, from one decode
   * of the whole picture at the scale the detectors read; and a JPEG's access points, which that
   * decode made (engine/codecs/jpeg/access-points.ts).
   */
  async detect(): Promise<{ detection: Detection; analysis: Analysis; accessPoints: Uint8Array | null }> {
    const views = await this.read();
    const view = await imageCall(() => views.whole(this.detectionSide()));
    return {
      ...detectView(view, { width: this.upload.width, height: this.upload.height }),
      accessPoints: views.accessPoints,
    };
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
 * The upload's detection (and the saliency analysis it falls back to), made once on first need and
 * kept on the upload, so a fan-out to many formats detects once. When the models cannot run the
 * detection says so (`source: 'saliency'`) and plans use the analysis; `retry` (a new fan-out, the
 * adjusters' detection call) tries the models again then, so a passing failure is not kept for
 * good, while the renders of one fan-out all plan from what it stored. Null when the picture
 * cannot be read now (the fan-out then uses standard crops and says so); a picture that can never
 * be read throws its ApiError (410, 413, 422).
 */
export async function detectionOf(
  deps: RenderDeps,
  upload: Upload,
  { picture, retry = false }: { picture?: UploadPicture; retry?: boolean } = {},
): Promise<Detection | null> {
  if (upload.detection && !(retry && upload.detection.source === 'saliency')) return upload.detection;
  try {
    // Without a render's picture (whose room holds a detection: RunPlan.detect), one of its own:
    // the file this isolate kept, if any, kept again for the renders after.
    const own = picture ?? new UploadPicture(deps, upload);
    if (!picture) await own.makeRoomFor({ needs: [], outputs: [], detect: true });
    let found;
    try {
      found = await own.detect();
    } finally {
      if (!picture) own.keep();
    }
    const { detection, analysis } = found;
    const accessPoints = found.accessPoints ?? upload.accessPoints;
    await deps.db.update(uploads).set({ detection, analysis, accessPoints }).where(eq(uploads.id, upload.id));
    upload.detection = detection;
    upload.analysis = analysis;
    upload.accessPoints = accessPoints;
    return detection;
  } catch (error) {
    // A picture that can never be read (its file gone, too large, damaged) answers as every other
    // route does (410, 413, 422), and so does an isolate too busy to make room (503, Retry-After);
    // anything else may pass (a read that failed): null, try again.
    if (error instanceof ApiError || error instanceof MemoryBusy) throw error;
    log('warn', 'detection failed', {
      uploadId: upload.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
