import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '../components/layout/page';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/queries';
import { BatchOffer } from '../features/batch/batch-offer';
import { BatchProgress } from '../features/batch/batch-progress';
import { BatchForm } from '../features/batch/batch-tool';
import { RecentBatches } from '../features/batch/recent-batches';

export const Route = createFileRoute('/batch')({
  head: () =>
    pageHead('Batch', 'Many photos to every format at once, in one ZIP with a folder per photo (Unlimited Access).'),
  validateSearch: z.object({ id: z.uuid().optional().catch(undefined) }),
  component: BatchPage,
});

function BatchPage() {
  const { id } = Route.useSearch();
  const { data: user, isPending } = useCurrentUser();
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Batch</h1>
      {isPending ? (
        <Spinner />
      ) : !user?.hasUnlimitedAccess ? (
        <BatchOffer signedIn={Boolean(user)} />
      ) : id ? (
        <BatchProgress id={id} />
      ) : (
        <>
          <BatchForm />
          <RecentBatches />
        </>
      )}
    </main>
  );
}
