/**
 * One picture kept between runs of renders of the same upload: a fan-out's queue batches often reach
 * an isolate one after another, and the next batch then reads neither the file nor, when the view it
 * kept covers its renders, the pixels again; the single tool's renders (a new output type, the
 * download step's other formats) likewise; and an upload keeps its file, not yet decoded, for the
 * renders that follow it. It never stands beside a new decode: every
 * decode lets it go first (memory.ts decodeStarts, which also counts decodes), and so does an upload before it reads its file
 * (services/uploads/uploads.ts). A run keeps its picture only if no decode has started since its
 * own, so a render of another request that decoded meanwhile does not run beside it. (A render that
 * decoded before it may still be running, beside it, as it ran beside the batch that kept it.)
 */
import { decodesSoFar, decodeStarts, keep, letGoBeforeDecodes } from '../memory';
import type { PictureViews } from './view';

let kept: Slot | null = null;

type Slot = { key: string; views: PictureViews; ledger?: { drop: () => void } };

/**
 * Empties the slot; what it held is freed (PictureViews.letGo) unless a run `took` it. Past this
 * nothing reads a picture it lets go: the run that kept it is over.
 */
function empty({ took = false } = {}): void {
  const slot = kept;
  kept = null;
  slot?.ledger?.drop();
  if (slot && !took) slot.views.letGo();
}

/**
 * Fills the slot, counting what it keeps in the isolate's ledger (memory.ts); with `key` null the
 * views offered are not kept, and are freed.
 */
function hold(key: string | null, views: PictureViews): void {
  empty();
  if (key === null) return views.letGo();
  const slot: Slot = { key, views };
  kept = slot;
  slot.ledger = keep({
    what: 'a picture kept for the next renders',
    bytes: () => views.heldBytes(),
    // Let go for room a step needs (or at once, past what may be kept): the next renders read the file again.
    letGo: () => {
      if (kept !== slot) return;
      kept = null;
      views.letGo();
    },
  });
}

/**
 * Keeps the views of the file stored under `key` (the last run's picture) until the next decode,
 * unless another decode started after theirs (`decodedAfter`: decodesSoFar() before their own).
 */
export function keepPicture(key: string, views: PictureViews, decodedAfter: number): void {
  hold(decodesSoFar() === decodedAfter + 1 ? key : null, views);
}

/**
 * Keeps a file just uploaded under `key` (views with no pixels yet) for the renders that follow
 * it, unless a decode started after the upload's own check (`checkedAt`: decodesSoFar() then).
 */
export function keepUploadedFile(key: string, views: PictureViews, checkedAt: number): void {
  hold(decodesSoFar() === checkedAt ? key : null, views);
}

/** The kept views of the file stored under `key`, taken out of the slot; null when another is kept. */
export function takeKeptPicture(key: string): PictureViews | null {
  const views = kept?.key === key ? kept.views : null;
  empty({ took: views !== null });
  return views;
}

/**
 * Lets the kept picture go: another large allocation is about to start, or a decode (`decoding`:
 * then all memory.ts lets go before a decode goes, and the decode is counted).
 */
export function releaseKeptPicture({ decoding }: { decoding: boolean }): void {
  if (decoding) decodeStarts();
  else empty();
}
letGoBeforeDecodes(() => empty()); // every decode lets it go first (memory.ts decodeStarts)
