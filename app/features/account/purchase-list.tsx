import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { findFormat } from '../../../shared/formats';
import type { Purchase } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import { platformName, titleCase } from '../../../shared/platforms';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/dates';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { purchasesQuery } from '../auth/queries';

/**
 * Every image the account got (a free download, Unlimited Access or a payment), with a download
 * while its files are kept. The payments themselves are the receipts beside it (receipt-list.tsx).
 */
export function PurchaseList({ userId }: { userId: string }) {
  const purchases = useQuery(purchasesQuery(userId));
  if (purchases.isPending) return <Spinner label="Loading purchases" />;
  if (purchases.isError)
    return <p className="text-sm text-red-600">Error loading purchase history: {purchases.error.message}</p>;
  if (purchases.data.length === 0) {
    return (
      <div className="py-8 text-center">
        <p className="text-slate-600">No images yet: the images you download show here.</p>
        <Button asChild className="mt-4">
          <Link to="/">Create Your First Image</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Purchases">
      {purchases.data.map((purchase) => (
        <PurchaseRow key={purchase.id} purchase={purchase} />
      ))}
    </ul>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const [downloading, setDownloading] = useState(false);
  const status = purchase.processedPath ? 'Processed' : purchase.expired ? 'Deleted after 7 days' : 'Processing';

  async function download(path: string) {
    setDownloading(true);
    try {
      await downloadFile(path);
    } catch (error) {
      toastDownloadFailed(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="flex min-w-0 items-center gap-3">
        <Thumbnail path={purchase.previewPath} formatId={purchase.formatId} label={purchase.originalFilename} />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{purchase.originalFilename}</p>
          <p className="text-sm text-slate-500">
            <time dateTime={purchase.createdAt}>{formatDate(purchase.createdAt)}</time> ·{' '}
            {platformName(purchase.platform)} · {titleCase(purchase.format)}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <span
          className={
            purchase.processedPath
              ? 'rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800'
              : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700'
          }
        >
          {status}
        </span>
        {purchase.processedPath ? (
          <Button
            size="sm"
            variant="outline"
            disabled={downloading}
            onClick={() => void download(purchase.processedPath ?? '')}
          >
            {downloading ? 'Downloading...' : 'Download'}
          </Button>
        ) : null}
      </div>
      {purchase.otherFormats.length > 0 ? (
        <ul
          className="grid w-full gap-2 pl-0 sm:pl-[4.25rem]"
          aria-label={`Other formats of ${purchase.originalFilename}`}
        >
          {purchase.otherFormats.map((other) => (
            <li key={other.formatId} className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
                <Thumbnail path={other.previewPath} formatId={other.formatId} label={other.format} small />
                <span className="truncate">
                  {platformName(other.platform)} · {titleCase(other.format)}
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                disabled={downloading}
                aria-label={`Download ${platformName(other.platform)} ${other.format}`}
                onClick={() => void download(other.downloadPath)}
              >
                Download
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The picture as got, round for a profile format; a plain tile once its files are deleted. */
function Thumbnail({
  path,
  formatId,
  label,
  small = false,
}: {
  path: string | null;
  formatId: number;
  label: string;
  small?: boolean;
}) {
  const round = findFormat(formatId)?.profile ?? false;
  const size = small ? 'h-8 w-8' : 'h-14 w-14';
  if (!path) return <span className={cn(size, 'shrink-0 rounded-md bg-slate-100')} aria-hidden="true" />;
  return (
    <img
      src={path}
      alt={small ? '' : `${label}, as got`}
      loading="lazy"
      className={cn(size, 'shrink-0 bg-slate-100 object-contain', round ? 'rounded-full' : 'rounded-md')}
    />
  );
}
