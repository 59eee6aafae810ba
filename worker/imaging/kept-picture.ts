/**
 * One decoded picture kept between runs of renders of the same upload: a fan-out's queue batches
 * often reach an isolate one after another, and the next batch then reads neither the file nor, when
 * the view it kept covers its renders, the pixels again. It is never held beside another decode:
 * every decode lets it go first (decode.ts), as it lets the JPEG encoder's kept instance go, so an
 * isolate's peak stays one picture's.
 */
import type { PictureViews } from './view';

let kept: { key: string; views: PictureViews } | null = null;

/** Keeps the views of the file stored under `key` (the last run's picture) until the next decode. */
export function keepPicture(key: string, views: PictureViews): void {
  kept = { key, views };
}

/** The kept views of the file stored under `key`, taken out of the slot; null when another is kept. */
export function takeKeptPicture(key: string): PictureViews | null {
  const views = kept?.key === key ? kept.views : null;
  kept = null;
  return views;
}

/** Lets the kept picture go (before any decode). */
export function releaseKeptPicture(): void {
  kept = null;
}
