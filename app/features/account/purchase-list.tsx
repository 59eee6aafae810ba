import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Purchase } from '../../../shared/schemas';
import { platformName, titleCase } from '../../../shared/platforms';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/dates';
import { downloadFile, toastDownloadFailed } from '../../lib/download-file';
import { purchasesQuery } from '../auth/queries';

/** The Purchases tab: every image the account got, with a download while its files are kept. */
export function PurchaseList({ userId }: { userId: string }) {
  const purchases = useQuery(purchasesQuery(userId));
  if (purchases.isPending) return <Spinner label="Loading purchases" />;
  if (purchases.isError)
    return <p className="text-sm text-red-600">Error loading purchase history: {purchases.error.message}</p>;
  if (purchases.data.length === 0) {
    return (
      <div className="py-8 text-center">
        <p className="text-slate-600">You haven't made any purchases yet.</p>
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
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{purchase.originalFilename}</p>
        <p className="text-sm text-slate-500">
          <time dateTime={purchase.createdAt}>{formatDate(purchase.createdAt)}</time> ·{' '}
          {platformName(purchase.platform)} · {titleCase(purchase.format)}
        </p>
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
    </li>
  );
}
