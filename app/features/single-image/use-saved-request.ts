import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { findFormat, type PlatformFormat } from '../../../shared/formats';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { imageRequestQuery } from './queries';

/**
 * The single tool's job lives in the address (`requestId`): a request this page does not hold is
 * fetched and handed to `restore` once, as it was left; one that cannot be had is told and dropped
 * from the address; the request the page works on is written to the address.
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
    enabled: requestId !== null && request?.id !== requestId,
  });
  // Set while rendering (React's pattern for state that follows fetched data), once per request.
  const [restoredId, setRestoredId] = useState<string | null>(null);
  const savedFormat = saved.data ? findFormat(saved.data.formatId) : undefined;
  if (saved.data && savedFormat && restoredId !== saved.data.id) {
    setRestoredId(saved.data.id);
    restore(saved.data, savedFormat);
  }
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
