/**
 * The admin dashboard's calls: its reads, refreshed every minute, and the login and logout. The
 * session-storage flag only routes the browser (docs/security.md, "Admin area"); the server's admin cookie
 * decides, and a 401 from it sends the browser back to the login.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '../../../shared/zod';
import {
  adminContactMessageSchema,
  adminOkAnswerSchema,
  adminPaymentSchema,
  publicUserSchema,
} from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

export const ADMIN_FLAG = 'adminAuthenticated';
/** How long the login button says 'Authenticating...' before the answer (docs/product.md, "Admin area"). */
export const ADMIN_LOGIN_DELAY_MS = 800;

const REFRESH_MS = 60_000;

/** Every admin read sits under this key. */
const ADMIN_KEY = '/api/admin';

export const adminUsersQuery = queryOptions({
  queryKey: [ADMIN_KEY, 'users'],
  queryFn: () => apiRequest('GET', '/api/admin/users', z.array(publicUserSchema)),
  refetchInterval: REFRESH_MS,
});

export const adminPaymentsQuery = queryOptions({
  queryKey: [ADMIN_KEY, 'payments'],
  queryFn: () => apiRequest('GET', '/api/admin/payments', z.array(adminPaymentSchema)),
  refetchInterval: REFRESH_MS,
});

export const adminMessagesQuery = queryOptions({
  queryKey: [ADMIN_KEY, 'contact-messages'],
  queryFn: () => apiRequest('GET', '/api/admin/contact-messages', z.array(adminContactMessageSchema)),
  refetchInterval: REFRESH_MS,
});

export async function adminLogin(password: string): Promise<void> {
  const [result] = await Promise.allSettled([
    apiRequest('POST', '/api/admin/login', adminOkAnswerSchema, { password }),
    new Promise((resolve) => setTimeout(resolve, ADMIN_LOGIN_DELAY_MS)),
  ]);
  if (result.status === 'rejected') throw result.reason;
}

/**
 * Logs the admin out; whether or not the server answers, the browser forgets the flag and every
 * admin read (they must not outlive the session).
 */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout', adminOkAnswerSchema),
    onSettled: () => {
      sessionStorage.removeItem(ADMIN_FLAG);
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
    },
  });
}
