/**
 * The batch form's photos, formats and fill as this tab left them (a reload, Back from the results
 * after one: batch-draft.ts), written back as they change.
 */
import { useEffect, useState } from 'react';
import { ADJUSTER_DEFAULT_FILL, type Fill } from '../../../shared/fill';
import { readBatchDraft, writeBatchDraft, type BatchDraft } from './batch-draft';
import { useBatchPhotos } from './use-batch-photos';

export function useBatchDraft() {
  const [draft] = useState(readBatchDraft);
  const photos = useBatchPhotos(draft.photos);
  const [targets, setTargets] = useState<number[]>(draft.targets);
  // A batch frames as the adjusters do, so a canvas it extends gets their blurred backdrop.
  const [fill, setFill] = useState<Fill>(draft.fill ?? ADJUSTER_DEFAULT_FILL);
  const kept = JSON.stringify({
    photos: photos.ready.map((p) => ({ name: p.name, upload: p.upload, focus: p.focus ?? null })),
    targets,
    fill,
  });
  useEffect(() => writeBatchDraft(JSON.parse(kept) as BatchDraft), [kept]);
  return { ...photos, targets, setTargets, fill, setFill };
}
