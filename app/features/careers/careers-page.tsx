import { CareersBoard } from './careers-board';
import { CAREERS_EMAIL } from './positions';

export function CareersPage() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Careers</h1>
      <p className="mt-3 text-lg text-slate-600">
        Help people look their best on every platform. We are a small, remote team that cares about exact details.
      </p>
      <div className="mt-10">
        <CareersBoard />
      </div>
      <p className="mt-10 text-sm text-slate-600">
        Don’t see your role? Write to{' '}
        <a className="font-medium text-brand-700 underline underline-offset-2" href={`mailto:${CAREERS_EMAIL}`}>
          {CAREERS_EMAIL}
        </a>{' '}
        and tell us what you would like to work on.
      </p>
    </main>
  );
}
