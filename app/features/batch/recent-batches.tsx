import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { batchesQuery } from './queries';
import { plural } from '../../lib/words';

/** The caller's latest batches, to come back to one. */
export function RecentBatches() {
  const { data } = useQuery(batchesQuery);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="recent-batches" className="space-y-2">
      <h2 id="recent-batches" className="text-lg font-semibold text-slate-900">
        Your batches
      </h2>
      <ul className="space-y-1 text-sm">
        {data.map((batch) => (
          <li key={batch.id}>
            <Link to="/batch" search={{ id: batch.id }} className="text-brand-700 underline">
              {new Date(batch.createdAt).toLocaleString()}: {plural(batch.photos, 'photo')} ×{' '}
              {plural(batch.formats, 'format')}
            </Link>
            <span className="text-slate-600">
              {' '}
              · {batch.totals.complete} done{batch.totals.processing ? `, ${batch.totals.processing} remaining` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
