import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { rateLimitsQuery } from './queries';

/**
 * A download of a request's files. `onDownloaded` hears of each one the server let through; a 402
 * says a plan is needed; either way the allowance is read again, so the page shows the price and
 * the button that pays where the download was. Used by the single tool and the adjusters' results.
 */
export function useDownload({ onDownloaded }: { onDownloaded?: () => void } = {}) {
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: (url: string) => downloadFile(url),
    onSuccess: () => onDownloaded?.(),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 402) {
        void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey });
        toast({
          title: 'Download requires payment',
          description: 'Its price and the button that pays are beside it.',
          variant: 'destructive',
        });
        return;
      }
      toastDownloadFailed(error);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rateLimitsQuery.queryKey }),
  });
  return {
    download: download.mutate,
    /** The same download, to await (a failure is already told, so it only resolves). */
    downloadAsync: (url: string) => download.mutateAsync(url).catch(() => undefined),
    downloading: download.isPending,
  };
}
