import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type Upload } from '../../db/schema';
import {
  admitImage,
  ANALYSIS_SIZE,
  detectSide,
  detectView,
  ImageError,
  inspectImage,
  keepPicture,
  PictureViews,
  takeKeptPicture,
  type Analysis,
  type Codecs,
  type DecodeNeed,
  type View,
} from '../../imaging';
import type { Detection } from '../../../shared/detection';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { News } from './news';

export type RenderDeps = { db: Db; bucket: R2Bucket; codecs: Codecs; news: News };

/**
 * An upload's picture as renders read it: the file is read from R2 and admitted once, then each
 * render gets a decoded view of the part and scale it needs (imaging/view.ts).
 */
export class UploadPicture {
  constructor(
    private readonly deps: RenderDeps,
    readonly upload: Upload,
    /** The views a run before kept of this upload (kept-picture.ts), if any. */
    private views: PictureViews | null = null,
  ) {}

  /** Keeps what this picture decoded for the next run of renders of its upload, until any decode. */
  keep(): void {
    if (this.views) keepPicture(this.upload.r2Key, this.views, this.views.decodedAfter);
  }

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

  /**
   * What the picture shows (faces, lines of text, marks) and its saliency analysis, from one decode
   * of the whole picture at the scale the detectors read.
   */
  async detect(): Promise<{ detection: Detection; analysis: Analysis }> {
    const views = await this.read();
    const { width, height } = this.upload;
    const view = await imageCall(() => views.whole(Math.max(detectSide(width, height), 2 * ANALYSIS_SIZE)));
    return detectView(view, { width: this.upload.width, height: this.upload.height });
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
    // Without a render's picture: the file this isolate kept, if any, kept again for the renders after.
    const own = picture ?? new UploadPicture(deps, upload, takeKeptPicture(upload.r2Key));
    const { detection, analysis } = await own.detect();
    if (!picture) own.keep();
    await deps.db.update(uploads).set({ detection, analysis }).where(eq(uploads.id, upload.id));
    upload.detection = detection;
    upload.analysis = analysis;
    return detection;
  } catch (error) {
    // A picture that can never be read (its file gone, too large, damaged) answers as every other
    // route does (410, 413, 422); anything else may pass (a read that failed): null, try again.
    if (error instanceof ApiError) throw error;
    log('warn', 'detection failed', {
      uploadId: upload.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
