import { Link } from '@tanstack/react-router';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const single = findPlan('single')!;
const unlimited = findPlan('unlimited')!;
const dollars = (price: number) => `$${price.toFixed(2)}`;

/**
 * The price and the buttons that pay, placed beside what is being paid for (docs/product.md, "Free
 * downloads"): this image as a Single Download, or Unlimited Access, each leading to this image's
 * checkout; what each gives in the plans' one wording (shared/plans.ts). The server decides; this
 * only shows where a download needs payment.
 */
export function PayToDownload({
  requestId,
  compact = false,
  className,
}: {
  requestId: string;
  /** One line of buttons for a result card; the plans' words go with the full version. */
  compact?: boolean;
  className?: string;
}) {
  const checkout = (plan: 'single' | 'unlimited') => ({
    to: '/checkout/$imageRequestId' as const,
    params: { imageRequestId: requestId },
    search: { plan },
  });
  return (
    <div role="group" aria-label="Pay to download" className={cn('space-y-2', className)}>
      <div className="flex flex-wrap gap-2">
        <Button asChild size={compact ? 'sm' : 'md'}>
          <Link {...checkout('single')}>{`Buy this image: ${dollars(single.price)}`}</Link>
        </Button>
        <Button asChild size={compact ? 'sm' : 'md'} variant="outline">
          <Link {...checkout('unlimited')}>{`${unlimited.name}: ${dollars(unlimited.price)}`}</Link>
        </Button>
      </div>
      {compact ? null : (
        <p className="text-xs text-slate-600">
          {single.name}: {single.description} {unlimited.name}: {unlimited.description}
        </p>
      )}
    </div>
  );
}
