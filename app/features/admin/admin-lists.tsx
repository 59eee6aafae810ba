import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminContactMessage, AdminPayment, AdminUser } from '../../../shared/schemas';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';

const cell = 'px-3 py-2 text-left align-top';

/** A scrollable table with its column headings. */
function Table({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function UserList({ users }: { users: UseQueryResult<AdminUser[]> }) {
  const list = users.data ?? [];
  if (users.isError)
    return <p className="text-red-700">Error loading users: {errorMessage(users.error, 'unknown error')}</p>;
  if (users.isPending) return <p className="text-slate-600">Loading users...</p>;
  if (list.length === 0) return <p className="text-slate-600">No users found</p>;
  return (
    <Table columns={['ID', 'Username', 'Email', 'Name', 'Status', 'Created']}>
      {list.map((u) => (
        <tr key={u.id}>
          <td className={`${cell} font-mono text-xs text-slate-500`}>{u.id}</td>
          <td className={cell}>{u.username}</td>
          <td className={cell}>{u.email}</td>
          <td className={cell}>{u.name || '-'}</td>
          <td className={cell}>
            <span
              className={
                u.hasUnlimitedAccess
                  ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
                  : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700'
              }
            >
              {u.hasUnlimitedAccess ? 'Unlimited' : 'Free'}
            </span>
          </td>
          <td className={cell}>{formatDateTime(u.createdAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function PaymentList({ payments }: { payments: UseQueryResult<AdminPayment[]> }) {
  const list = payments.data ?? [];
  if (payments.isError)
    return <p className="text-red-700">Error loading payments: {errorMessage(payments.error, 'unknown error')}</p>;
  if (list.length === 0)
    return <p className="text-slate-600">{payments.isPending ? 'Loading payments...' : 'No payments yet'}</p>;
  return (
    <Table columns={['Date', 'Plan', 'Amount', 'Status', 'User']}>
      {list.map((p) => (
        <tr key={p.id}>
          <td className={cell}>{formatDateTime(p.createdAt)}</td>
          <td className={cell}>{p.planId === 'unlimited' ? 'Unlimited Access' : 'Single Download'}</td>
          <td className={cell}>
            {(p.amountCents / 100).toFixed(2)} {p.currency.toUpperCase()}
          </td>
          <td className={cell}>{p.status}</td>
          <td className={cell}>{p.username ?? 'anonymous'}</td>
        </tr>
      ))}
    </Table>
  );
}

export function MessageList({ messages }: { messages: UseQueryResult<AdminContactMessage[]> }) {
  const list = messages.data ?? [];
  if (messages.isError)
    return <p className="text-red-700">Error loading messages: {errorMessage(messages.error, 'unknown error')}</p>;
  if (list.length === 0)
    return <p className="text-slate-600">{messages.isPending ? 'Loading messages...' : 'No messages yet'}</p>;
  return (
    <ul className="grid gap-3">
      {list.map((m) => (
        <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">
            {formatDateTime(m.createdAt)} · {m.name} &lt;{m.email}&gt; · {m.subject}
          </p>
          <p className="mt-2 whitespace-pre-wrap text-slate-900">{m.message}</p>
        </li>
      ))}
    </ul>
  );
}
