import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../auth/queries';
import { clearBatchDraft } from './batch-draft';
import { BatchOffer } from './batch-offer';
import { BatchProgress } from './batch-progress';
import { BatchForm } from './batch-tool';

const route = getRouteApi('/batch');

export function BatchPage() {
  const { id, step } = route.useSearch();
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  // A new batch starts from an empty form (a new key drops the last one's photos and choices).
  const [form, setForm] = useState(0);
  const newBatch = () => {
    clearBatchDraft();
    setForm((n) => n + 1);
    void navigate({ to: '/batch', search: {} });
  };
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Batch</h1>
      {/* The same for everyone, so the page drawn ahead says what it is (docs/decisions/0015-first-paint.md);
          a phone with the tool open keeps its height for the tool. */}
      <p className={cn('max-w-2xl text-slate-600', user?.hasUnlimitedAccess && 'hidden sm:block')}>
        Many photos to every format at once, each framed on what matters in it, in one ZIP with a folder per photo.
      </p>
      {isPending ? (
        <Spinner label="Checking your account" />
      ) : !user?.hasUnlimitedAccess ? (
        <BatchOffer signedIn={Boolean(user)} />
      ) : (
        <>
          {id ? <BatchProgress id={id} onNewBatch={newBatch} /> : null}
          {/* Kept under the results, so Back from them finds the form as it was. */}
          <BatchForm key={form} step={step ?? 'photos'} hidden={Boolean(id)} />
        </>
      )}
    </main>
  );
}
