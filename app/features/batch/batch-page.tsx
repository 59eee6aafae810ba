import { getRouteApi } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../auth/queries';
import { BatchOffer } from './batch-offer';
import { BatchProgress } from './batch-progress';
import { BatchForm } from './batch-tool';

const route = getRouteApi('/batch');

export function BatchPage() {
  const { id, step } = route.useSearch();
  const { data: user, isPending } = useCurrentUser();
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Batch</h1>
      {/* The same for everyone, so the page drawn ahead says what it is (docs/decisions/0015-first-paint.md). */}
      <p className="max-w-2xl text-slate-600">
        Many photos to every format at once, each framed on what matters in it, in one ZIP with a folder per photo.
      </p>
      {isPending ? (
        <Spinner label="Checking your account" />
      ) : !user?.hasUnlimitedAccess ? (
        <BatchOffer signedIn={Boolean(user)} />
      ) : (
        <>
          {id ? <BatchProgress id={id} /> : null}
          {/* Kept under the results, so Back from them finds the form as it was. */}
          <BatchForm step={step ?? 'photos'} hidden={Boolean(id)} />
        </>
      )}
    </main>
  );
}
