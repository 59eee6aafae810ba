import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { HourlyLimit } from '../../../shared/hourly-limit';
import { CONVERSIONS_PER_HOUR, UPLOADS_PER_HOUR } from '../../../shared/limits';

const WHAT = { conversions: 'formats', uploads: 'uploads' } as const;

/** "14:05 (in 39 minutes)": when the next one can be made, on the reader's clock. */
export function resetText(limit: HourlyLimit, now: number): string {
  const at = new Date(limit.resetAt);
  const minutes = Math.max(1, Math.ceil((at.getTime() - now) / 60_000));
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return `${time} (in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`;
}

/** What the next step up allows, for the line that says how to raise the limit. */
function raisedTo(limit: HourlyLimit): number {
  if (limit.kind === 'uploads') return UPLOADS_PER_HOUR.unlimited;
  return limit.raisedBy === 'sign-in' ? CONVERSIONS_PER_HOUR.registered : CONVERSIONS_PER_HOUR.unlimited;
}

/**
 * An hourly limit reached, said where the action is (docs/product.md, "Hourly limits"): what the
 * limit is, when it resets (counting down), and what raises it, with the links to do so. It stays
 * until the visitor acts again; nothing is left looking busy.
 */
export function LimitNotice({ limit, onDismiss }: { limit: HourlyLimit; onDismiss?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const what = WHAT[limit.kind];
  return (
    <div
      role="alert"
      data-testid="limit-notice"
      className="rounded-lg border border-l-4 border-slate-200 border-l-brand-600 bg-slate-50 p-4 text-sm text-slate-900"
    >
      <p className="font-semibold">
        Hourly limit reached: up to {limit.perHour} {what} an hour
        {limit.remaining > 0 ? ` (${limit.remaining} left, fewer than this asks for)` : ''}.
      </p>
      <p className="mt-1">It resets at {resetText(limit, now)}. Nothing was made or charged this time.</p>
      {limit.raisedBy === 'sign-in' ? (
        <p className="mt-1">
          <Link to="/auth" className="font-medium underline">
            Sign in or create a free account
          </Link>{' '}
          for up to {raisedTo(limit)} {what} an hour, or get{' '}
          <Link to="/unlimited-access" className="font-medium underline">
            Unlimited Access
          </Link>{' '}
          for {CONVERSIONS_PER_HOUR.unlimited}.
        </p>
      ) : limit.raisedBy === 'unlimited' ? (
        <p className="mt-1">
          <Link to="/unlimited-access" className="font-medium underline">
            Unlimited Access
          </Link>{' '}
          raises it to {raisedTo(limit)} {what} an hour.
        </p>
      ) : null}
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="mt-2 font-medium underline">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
