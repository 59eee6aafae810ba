import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { rateLimitsQuery } from './queries';

/**
 * A download of this request's files. Whether it succeeded marks the image downloaded (again free
 * for a day); a 402 says a plan is needed; either way the allowance is read again.
 */
export function useDownload() {
  const queryClient = useQueryClient();
  const [downloaded, setDownloaded] = useState(false);
  const download = useMutation({
    mutationFn: (url: string) => downloadFile(url),
    onSuccess: () => setDownloaded(true),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 402) {
        void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey });
        toast({
          title: 'Download requires payment',
          description: 'Choose a plan below to download this image.',
          variant: 'destructive',
        });
        return;
      }
      toastDownloadFailed(error);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey }),
  });
  return { downloaded, download: download.mutate, downloading: download.isPending };
}
