import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { useCurrentUser } from '../auth/queries';
import { rateLimitsQuery } from './queries';

export type Access =
  | { kind: 'unlimited' }
  | { kind: 'paid' }
  | { kind: 'yours' }
  | { kind: 'free'; remaining: number }
  | { kind: 'unchecked' }
  | { kind: 'payment' }
  | { kind: 'loading' };

/**
 * Whether this image may be downloaded now (docs/product.md, "Free downloads"): the server's word
 * that it is the owner's already (`acquired`: got before, paid for, or Unlimited Access), which holds
 * after a refresh, else the free downloads left.
 */
export function useAccess(
  /** Undefined while it loads. */
  request: Pick<ImageRequestResponse, 'hasUnlimitedAccess' | 'paymentId' | 'acquired'> | undefined,
): Access {
  const user = useCurrentUser();
  const limits = useQuery(rateLimitsQuery);
  // A failed check is only logged, and the download is allowed; the server decides again.
  useEffect(() => {
    if (limits.error) console.warn('rate-limit check failed; allowing the download', limits.error);
  }, [limits.error]);
  if (user.data?.hasUnlimitedAccess || request?.hasUnlimitedAccess) return { kind: 'unlimited' };
  if (!request) return { kind: 'loading' };
  if (request.paymentId) return { kind: 'paid' };
  if (request.acquired) return { kind: 'yours' };
  if (limits.isPending) return { kind: 'loading' };
  if (limits.isError) return { kind: 'unchecked' };
  if (limits.data.unlimited) return { kind: 'unlimited' };
  return limits.data.remaining > 0 ? { kind: 'free', remaining: limits.data.remaining } : { kind: 'payment' };
}

/** The allowance line under the file's details. */
export function allowanceText(access: Access): string {
  switch (access.kind) {
    case 'unlimited':
      return 'Unlimited downloads available';
    case 'paid':
      return 'Paid: this image is yours to download';
    case 'yours':
      return 'This image is yours: downloading it again is free';
    case 'free':
      return `${access.remaining} free download${access.remaining === 1 ? '' : 's'} remaining`;
    case 'payment':
      return 'Download requires payment';
    case 'loading':
      return 'Checking your downloads...';
    case 'unchecked':
      return '';
  }
}
