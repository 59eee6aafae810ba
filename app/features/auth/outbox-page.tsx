import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { outboxQuery } from './queries';

/** Development without a mail provider: what would have been e-mailed, newest first, links clickable. */
export function OutboxPage() {
  const outbox = useQuery(outboxQuery);
  if (outbox.isPending) return <Spinner />;
  if (outbox.isError) {
    return (
      <Page title="Local outbox">
        <p>This server sends e-mail through its mail provider, so it keeps no local outbox.</p>
      </Page>
    );
  }
  return (
    <Page
      title="Local outbox"
      intro="This development server has no mail provider, so the e-mail it would send is kept here instead."
    >
      {outbox.data.length === 0 ? <p>No messages yet.</p> : null}
      <ul className="grid gap-4">
        {outbox.data.map((message) => (
          <li key={message.id} className="rounded-lg border border-slate-200 p-4" aria-label={message.subject}>
            <p className="text-sm break-all text-slate-500">
              To {message.to} · {new Date(message.createdAt).toLocaleString()}
            </p>
            <h2 className="mt-1 font-semibold text-slate-900">{message.subject}</h2>
            <p className="mt-2 text-sm break-words whitespace-pre-line">
              {message.text.split(/(https?:\/\/\S+)/).map((part, i) =>
                /^https?:\/\//.test(part) ? (
                  <a key={i} href={part} className="break-all text-brand-700 underline">
                    {part}
                  </a>
                ) : (
                  <Fragment key={i}>{part}</Fragment>
                ),
              )}
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
