import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type Upload } from '../../db/schema';
import {
  admitImage,
  analyseView,
  ANALYSIS_SIZE,
  ImageError,
  inspectImage,
  PictureViews,
  type Analysis,
  type Codecs,
  type DecodeNeed,
  type View,
} from '../../imaging';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/log';

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
