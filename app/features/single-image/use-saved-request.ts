import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { imageRequestQuery } from '../tool-kit/queries';

/**
 * The single tool's job lives in the address (`requestId`): when the page holds no request (a
 * reload, a return from checkout, Back after Start Over) the one named is fetched and handed to
 * `restore`, as it was left; one that cannot be had is told and dropped from the address; the
 * request the page works on is written to the address. A page that holds its work keeps it: the
 * address follows the page, not the other way round.
 */
export function useSavedRequest({
  requestId,
  onRequestId,
  request,
  restore,
}: {
  requestId: string | null;
  onRequestId: (id: string | null) => void;
  request: ImageRequestResponse | null;
  restore: (saved: ImageRequestResponse, format: PlatformFormat) => void;
}) {
  const saved = useQuery({
    ...imageRequestQuery(requestId ?? ''),
    enabled: requestId !== null && request === null,
  });
  // Called while rendering (React's pattern for state that follows fetched data): `restore` sets
  // the request, so it runs once.
  const savedFormat = saved.data ? findFormat(saved.data.formatId) : undefined;
  if (request === null && requestId !== null && saved.data?.id === requestId && savedFormat)
    restore(saved.data, savedFormat);
  useEffect(() => {
    if (!saved.error) return;
    toast({
      title: 'Image not available',
      description: errorMessage(saved.error, 'Please upload it again.'),
      variant: 'destructive',
    });
    onRequestId(null);
  }, [saved.error, onRequestId]);
  useEffect(() => {
    if (request && request.id !== requestId) onRequestId(request.id);
  }, [request, requestId, onRequestId]);
}
