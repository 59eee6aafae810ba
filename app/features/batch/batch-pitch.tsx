import { Link } from '@tanstack/react-router';
import { MAX_BATCH_PHOTOS } from '../../../shared/limits';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const unlimited = findPlan('unlimited')!;

/**
 * What Batch is and what it costs, wherever a person may want many sizes at once (the home page,
 * the formats guide): one wording, with the way in (docs/product.md, "Batches").
 */
export function BatchPitch({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="batch-pitch"
      className={cn('rounded-xl border border-slate-200 bg-white p-6 sm:flex sm:items-center sm:gap-6', className)}
    >
      <div className="flex-1">
        <h2 id="batch-pitch" className="text-xl font-semibold text-slate-900">
          Many photos? Batch makes every size at once
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Up to {MAX_BATCH_PHOTOS} photos to every format you choose, each framed on what matters in it, in one ZIP with
          a folder per photo. Part of {unlimited.name}: ${unlimited.price.toFixed(2)}, paid once.
        </p>
      </div>
      <Button asChild className="mt-4 shrink-0 sm:mt-0">
        <Link to="/batch">Open Batch</Link>
      </Button>
    </section>
  );
}
