import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { rateLimitsQuery } from './queries';

/**
 * A download of this request's files. `onDownloaded` hears of each one the server let through; a
 * 402 says a plan is needed (`paymentRequired`, for a page that shows the plans only then); either
 * way the allowance is read again. Used by the single tool and by the adjusters' hand-framed
 * results, which download on the same terms.
 */
export function useDownload({ onDownloaded }: { onDownloaded?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [paymentRequired, setPaymentRequired] = useState(false);
  const download = useMutation({
    mutationFn: (url: string) => downloadFile(url),
    onSuccess: () => onDownloaded?.(),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 402) {
        setPaymentRequired(true);
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
  return {
    paymentRequired,
    download: download.mutate,
    /** The same download, to await (a failure is already told, so it only resolves). */
    downloadAsync: (url: string) => download.mutateAsync(url).catch(() => undefined),
    downloading: download.isPending,
  };
}
