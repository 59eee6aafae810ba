/** The admin dashboard's reads, refreshed every minute. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminContactMessage, AdminPayment, AdminUser } from '../../../shared/schemas';
import { getJson } from '../../lib/api';

const REFRESH_MS = 60_000;

export const adminUsersQuery = queryOptions({
  queryKey: ['/api/admin/users'],
  queryFn: () => getJson<AdminUser[]>('/api/admin/users'),
  refetchInterval: REFRESH_MS,
});

export const adminPaymentsQuery = queryOptions({
  queryKey: ['/api/admin/payments'],
  queryFn: () => getJson<AdminPayment[]>('/api/admin/payments'),
  refetchInterval: REFRESH_MS,
});

export const adminMessagesQuery = queryOptions({
  queryKey: ['/api/admin/contact-messages'],
  queryFn: () => getJson<AdminContactMessage[]>('/api/admin/contact-messages'),
  refetchInterval: REFRESH_MS,
});
