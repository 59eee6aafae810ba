import { useState } from 'react';
import type { PlatformFormat } from '../../../shared/formats';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { PayToDownload } from '../plans/pay-to-download';
import { plural } from '../../lib/words';
import type { Charge } from './use-charges';

const single = findPlan('single')!;

/**
 * Every target in one ZIP, once every one is ready. Where some of them need payment (a target framed
 * by hand), the card says which and what they cost, with the buttons that pay, and offers the free
 * ones as their own ZIP: the price is beside what it pays for, never a refusal away.
 */
export function ZipCard({
  targets,
  requestId,
  allComplete,
  chargeOf,
  reasonOf,
  onDownload,
}: {
  targets: PlatformFormat[];
  requestId: string | null;
  allComplete: boolean;
  chargeOf: (formatId: number) => Charge;
  reasonOf: (formatId: number) => string;
  /** The results' download. */
  onDownload: (url: string) => Promise<void>;
}) {
  const [zipping, setZipping] = useState(false);
  const paid = targets.filter((t) => chargeOf(t.id) === 'payment');
  const free = paid.length > 0 ? targets.filter((t) => !paid.includes(t)) : targets;
  const usesAllowance = targets.some((t) => chargeOf(t.id) === 'allowance');
  const label =
    paid.length === 0
      ? 'Download All as ZIP'
      : free.length > 0
        ? `Download the ${free.length} free ${free.length === 1 ? 'file' : 'files'} (ZIP)`
        : null;
  return (
    <div className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div>
        {/* The button says it on a phone, where the results should show under it. */}
        <p className="hidden font-medium text-slate-900 sm:block">Download All as ZIP</p>
        <p className="text-sm text-slate-600" data-testid="zip-summary">
          {plural(targets.length, 'file')}, named by platform, format and size.
          {allComplete ? '' : ' Available when every format is ready.'}
          {usesAllowance ? ' Uses one of your free downloads.' : ''}
        </p>
        {paid.length > 0 ? (
          <p className="mt-1 text-sm font-medium text-slate-900">
            {`${plural(paid.length, 'file')} ${[...new Set(paid.map((t) => reasonOf(t.id)))].join(' or ')}: $${single.price.toFixed(2)} as a ${single.name}, or free with Unlimited Access.`}
          </p>
        ) : null}
      </div>
      {paid.length > 0 && requestId ? <PayToDownload requestId={requestId} compact /> : null}
      {label ? (
        <Button
          variant={paid.length > 0 ? 'outline' : 'primary'}
          disabled={!allComplete || !requestId || zipping}
          onClick={async () => {
            setZipping(true);
            await onDownload(`/api/download-zip/${requestId}?formats=${free.map((t) => t.id).join(',')}`);
            setZipping(false);
          }}
        >
          {zipping ? 'Preparing ZIP...' : label}
        </Button>
      ) : null}
    </div>
  );
}
