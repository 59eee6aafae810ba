import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { newsletterSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { subscribeToNewsletter } from './queries';

/** The blog's newsletter box. The address is stored (POST /api/newsletter), so the thanks are true. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: () => {
      toast({ title: 'Subscribed', description: 'Thanks! New articles will arrive in your inbox.' });
      setEmail('');
    },
    onError: (failure) =>
      toast({
        title: 'Subscription failed',
        description: errorMessage(failure, 'Please try again in a moment.'),
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newsletterSchema.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) subscribe.mutate(parsed.data);
  }

  return (
    <section aria-labelledby="newsletter" className="rounded-xl bg-brand-50 p-6 sm:p-8">
      <h2 id="newsletter" className="text-xl font-semibold text-slate-900">
        Get new guides by e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One e-mail when we publish, and when a platform changes its sizes. Unsubscribe at any time.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row" aria-label="Newsletter">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className={inputClass}
          value={email}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
      {error ? (
        <p id="newsletter-error" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </section>
  );
}
