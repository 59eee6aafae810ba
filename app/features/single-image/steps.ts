/**
 * The Single Image tool's steps by name, as the address carries them (`/?step=adjust`), so each
 * step is a history entry: Back goes to the previous step, Forward returns, a reload stays
 * (docs/product.md, "Single Image tool").
 */
import type { ImageRequestResponse } from '../../../shared/schemas';

export const SINGLE_STEPS = ['upload', 'adjust', 'download'] as const;
export type SingleStep = (typeof SINGLE_STEPS)[number];

/** A change of the tool's address: its picture, its job, its step. `replace` keeps it out of the history. */
export type AddressChange = {
  upload?: string | null;
  request?: string | null;
  step?: SingleStep;
  frame?: string | null;
};

/**
 * The step that can be shown for the one asked: the download needs a processed request, the
 * adjust step an upload; with no step asked (an older link, the checkout's way back) a request
 * opens where it was left.
 */
export function shownStep(
  asked: SingleStep | null,
  have: { upload: boolean; request: Pick<ImageRequestResponse, 'status'> | null },
): SingleStep {
  const processed = have.request?.status === 'complete';
  const wanted = asked ?? (have.request ? (processed ? 'download' : 'adjust') : 'upload');
  if (wanted === 'download' && processed) return 'download';
  if (wanted !== 'upload' && have.upload) return 'adjust';
  return 'upload';
}

/** The adjust step's framing as the address writes it (frame-address.ts): `x,y,w,h,zoom,fill`, the fill's token read there. */
export const FRAME_PATTERN = /^-?\d{1,5},-?\d{1,5},\d{1,5},\d{1,5},\d(\.\d{1,2})?,[0-9a-z]{4,11}$/;
