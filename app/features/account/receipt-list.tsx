import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PaymentStatus } from '../../../shared/plans';
import { platformName, titleCase } from '../../../shared/platforms';
import type { Receipt } from '../../../shared/schemas';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { receiptsQuery } from '../auth/queries';
import { receiptAmount } from '../checkout/money';

const STATUS: Record<PaymentStatus, { label: string; className: string }> = {
  succeeded: { label: 'Paid', className: 'bg-green-100 text-green-800' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-700' },
  pending: { label: 'Not completed', className: 'bg-slate-100 text-slate-700' },
};

/**
 * The Payments card: a receipt for every payment of the account (docs/product.md, "Accounts"),
 * a Single Download's linked to the image it bought.
 */
export function ReceiptList({ userId }: { userId: string }) {
  const receipts = useQuery(receiptsQuery(userId));
  if (receipts.isPending) return <Spinner label="Loading payments" />;
  if (receipts.isError) return <p className="text-sm text-red-700">Error loading payments: {receipts.error.message}</p>;
  if (receipts.data.length === 0) return <p className="text-sm text-slate-600">No payments yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Payments">
      {receipts.data.map((receipt) => (
        <ReceiptRow key={receipt.id} receipt={receipt} />
      ))}
    </ul>
  );
}

function ReceiptRow({ receipt }: { receipt: Receipt }) {
  const status = STATUS[receipt.status];
  const date = receipt.paidAt ?? receipt.createdAt;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{receipt.planName}</p>
        <p className="text-sm text-slate-600">
          <time dateTime={date}>{formatDate(date)}</time> · <ReceiptSubject receipt={receipt} />
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-medium text-slate-900">{receiptAmount(receipt.amountCents, receipt.currency)}</span>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', status.className)}>{status.label}</span>
      </div>
    </li>
  );
}

/** What the payment was for: the account (Unlimited Access) or its image, opened in the editor while kept. */
function ReceiptSubject({ receipt }: { receipt: Receipt }) {
  if (receipt.planId === 'unlimited') return <>Every download, on this account</>;
  const image = receipt.image;
  if (!image) return <>An image no longer kept</>;
  const name = `${image.originalFilename}, ${platformName(image.platform)} ${titleCase(image.format)}`;
  if (image.expired) return <>{name} (deleted after 7 days)</>;
  return (
    <Link to="/" search={{ request: image.requestId }} className="font-medium text-brand-700 hover:underline">
      {name}
    </Link>
  );
}
