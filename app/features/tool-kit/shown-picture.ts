/**
 * The picture as the page shows it while the user frames it. Right after an upload it is the file
 * as it went up, from the visitor's own disk or memory (a phone photo's 2-5 MB are not fetched back
 * from the server; a photo the browser redrew smaller, or a HEIC photo, is shown as sent); after a
 * reload, the original the server shows. Canvases (the framing previews, the edge colour) draw
 * from one bitmap of it no longer than BITMAP_LONG_SIDE, decoded off the page's thread (drawing a
 * 12 MP photo onto a canvas decodes it on the page's own thread: 0.3 s each time here).
 * Crop areas stay in the picture's own pixels (the upload's width and height), whatever size the
 * file or the bitmap shown: whoever draws scales.
 */
import type { UploadResponse } from '../../../shared/schemas';
import { uploadUrl } from './upload-file';

/** Files kept: this visit's last uploads. */
const FILES_KEPT = 6;
/** Bitmaps kept (a 2048 px one is 12-16 MB): the pictures being framed. */
const BITMAPS_KEPT = 2;
/** Sharp on a high-density screen at the previews' sizes, zoomed in. */
const BITMAP_LONG_SIDE = 2048;

/** Upload id → the sent file's object URL, and that URL → the file (read without a fetch). */
const sentFiles = new Map<string, string>();
const files = new Map<string, Blob>();
const bitmaps = new Map<string, Promise<ImageBitmap>>();

/** Drops the oldest entries beyond `most`. */
function trim<T>(kept: Map<string, T>, most: number, release: (value: T) => void) {
  for (const [key, value] of kept) {
    if (kept.size <= most) break;
    kept.delete(key);
    release(value);
  }
}

/** The file as it went up for upload `id`, to show it from. */
export function keepSentFile(id: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  sentFiles.set(id, url);
  files.set(url, file);
  trim(sentFiles, FILES_KEPT, (old) => {
    files.delete(old);
    URL.revokeObjectURL(old);
  });
}

/** Where the page shows `upload` from: the file as this page sent it, else the server's original. */
export function shownPictureUrl(upload: Pick<UploadResponse, 'id' | 'path'>): string {
  return sentFiles.get(upload.id) ?? uploadUrl(upload);
}

/**
 * The picture at `url` (the upright `picture` in size) as a bitmap no longer than BITMAP_LONG_SIDE,
 * decoded once off the page's thread for every canvas that draws it.
 */
export function shownBitmap(url: string, picture: { width: number; height: number }): Promise<ImageBitmap> {
  let made = bitmaps.get(url);
  if (!made) {
    const scale = Math.min(1, BITMAP_LONG_SIDE / Math.max(picture.width, picture.height));
    // After the page has drawn what it was doing (the cropper's own picture first), so the two
    // decodes do not share the processor when the step opens.
    made = whenIdle().then(() =>
      decodePicture(url, {
        resizeWidth: Math.max(1, Math.round(picture.width * scale)),
        resizeHeight: Math.max(1, Math.round(picture.height * scale)),
        resizeQuality: 'medium',
      }),
    );
    const kept = made;
    // A bitmap that could not be made is tried again by the next who asks.
    kept.catch(() => bitmaps.get(url) === kept && bitmaps.delete(url));
    bitmaps.set(url, kept);
    trim(bitmaps, BITMAPS_KEPT, closeWhenMade);
  }
  return made;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

function closeWhenMade(made: Promise<ImageBitmap>) {
  made.then(
    (bitmap) => bitmap.close(),
    () => undefined,
  );
}

/** The picture at `url` decoded off the page's thread, upright (sized by `options` if given). */
export async function decodePicture(url: string, options?: ImageBitmapOptions): Promise<ImageBitmap> {
  let file = files.get(url);
  if (!file) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Your picture could not be loaded (${response.status})`);
    file = await response.blob();
  }
  return createImageBitmap(file, options);
}
