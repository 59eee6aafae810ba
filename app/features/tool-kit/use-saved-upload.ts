import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UploadResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { uploadQuery } from './queries';

/**
 * A tool's picture lives in the address (its upload id; the server keeps it 7 days): when the page
 * holds none (a reload, Back after Start Over, a link), the one named is fetched (owner-checked) and
 * handed to `restore` once; one that cannot be had is told and dropped from the address. Answers
 * whether it is still being fetched. (docs/product.md, "Work that survives".)
 */
export function useSavedUpload({
  uploadId,
  held,
  restore,
  onGone,
}: {
  /** The upload the address names, unless the page let it go (Start Over) and the address has not caught up. */
  uploadId: string | null;
  /** The upload the page holds. */
  held: UploadResponse | null;
  restore: (upload: UploadResponse) => void;
  /** The named upload cannot be had: the address stops naming it. */
  onGone: () => void;
}): boolean {
  // A page that holds a picture keeps it: the address follows the page, not the other way round.
  const wanted = uploadId !== null && held === null;
  const saved = useQuery({ ...uploadQuery(uploadId ?? ''), enabled: wanted, retry: false });
  // Called while rendering (React's pattern for state that follows fetched data): `restore` sets
  // the upload, so it runs once.
  if (wanted && saved.data?.id === uploadId) restore(saved.data);
  useEffect(() => {
    if (!wanted || !saved.error) return;
    toast({
      title: 'Image not available',
      description: errorMessage(saved.error, 'Please upload it again.'),
      variant: 'destructive',
    });
    onGone();
  }, [wanted, saved.error, onGone]);
  return wanted && saved.isPending;
}
