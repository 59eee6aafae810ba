import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/** The checkout's error screens ('Payment Error', 'Configuration Error', 'Payment Setup Error'). */
export function ErrorScreen({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        {action}
        <Button asChild variant={action ? 'outline' : 'primary'}>
          <Link to="/">Return Home</Link>
        </Button>
      </div>
    </main>
  );
}
