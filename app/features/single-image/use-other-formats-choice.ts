/**
 * The other formats ticked in the single tool, and the call that makes them: made in one call and,
 * where the visitor may download, saved at once (one file as it is, several as one ZIP); at most
 * MAX_OTHER_FORMATS at a time.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { MAX_OTHER_FORMATS, type ImageRequestResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { plural } from '../../lib/words';
import { processImage, zipDownloadPath } from './queries';

export function useOtherFormatsChoice({
  request,
  canDownload,
  onRequest,
  onDownload,
}: {
  request: ImageRequestResponse;
  canDownload: boolean;
  onRequest: (request: ImageRequestResponse) => void;
  onDownload: (url: string) => void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const make = useMutation({
    mutationFn: (ids: number[]) => processImage(request.id, { formats: ids }),
    onSuccess: (fresh, ids) => {
      onRequest(fresh);
      setChosen([]);
      const made = ids
        .map((id) => fresh.outputs.find((o) => o.formatId === id))
        .filter((o) => o?.status === 'complete' && o.downloadPath);
      if (made.length < ids.length)
        toast({
          title: 'Some formats failed',
          description: `${plural(ids.length - made.length, 'format')} could not be made; the others are ready below.`,
          variant: 'destructive',
        });
      if (!canDownload || made.length === 0) return;
      onDownload(
        made.length === 1
          ? (made[0]?.downloadPath as string)
          : zipDownloadPath(
              request.id,
              made.map((o) => o!.formatId),
            ),
      );
    },
    onError: (error) =>
      toast({
        title: 'Processing Failed',
        description: errorMessage(error, 'Failed to process your image.'),
        variant: 'destructive',
      }),
  });
  const toggle = (format: PlatformFormat) => {
    if (chosen.includes(format.id)) return setChosen(chosen.filter((id) => id !== format.id));
    if (chosen.length >= MAX_OTHER_FORMATS) {
      toast({
        title: `At most ${MAX_OTHER_FORMATS} at once`,
        description: 'Get these first, then tick more.',
        variant: 'destructive',
      });
      return;
    }
    setChosen([...chosen, format.id]);
  };

  return { chosen, setChosen, toggle, make };
}
