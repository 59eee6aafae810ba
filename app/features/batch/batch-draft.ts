/**
 * The batch form as it stands, kept for this tab (sessionStorage): its photos (each already on the
 * server, kept there 7 days), their boxes, the formats and the fill. The server has no draft of a
 * batch, and fifty upload ids do not belong in an address; so a reload, or Back from the results
 * after one, finds the form as it was (docs/product.md, "Batches"). New batch forgets it.
 */
import { fillSchema, type Fill } from '../../../shared/fill';
import { focusSchema, uploadResponseSchema, type UploadResponse } from '../../../shared/schemas';
import { z } from '../../../shared/zod';

const KEY = 'batch-draft';

const draftSchema = z.object({
  photos: z.array(z.object({ name: z.string(), upload: uploadResponseSchema, focus: focusSchema.nullable() })),
  targets: z.array(z.number().int().positive()),
  fill: fillSchema.nullable(),
});

export type BatchDraft = {
  photos: { name: string; upload: UploadResponse; focus: z.infer<typeof focusSchema> | null }[];
  targets: number[];
  fill: Fill | null;
};

const EMPTY: BatchDraft = { photos: [], targets: [], fill: null };

/** The draft this tab kept, or an empty one (nothing kept, or something unreadable). */
export function readBatchDraft(): BatchDraft {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function writeBatchDraft(draft: BatchDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the draft on a reload: the form itself goes on.
  }
}

export function clearBatchDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
