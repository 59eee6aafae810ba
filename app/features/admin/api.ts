/**
 * The admin calls. The session-storage flag only routes the browser (spec document 2); the
 * server's admin cookie decides, and a 401 from it sends the browser back to the login.
 */
import { apiRequest } from '../../lib/api';

export const ADMIN_FLAG = 'adminAuthenticated';
/** The spec's artificial delay on the login button. */
export const ADMIN_LOGIN_DELAY_MS = 800;

export async function adminLogin(password: string): Promise<void> {
  const [result] = await Promise.allSettled([
    apiRequest('POST', '/api/admin/login', { password }),
    new Promise((resolve) => setTimeout(resolve, ADMIN_LOGIN_DELAY_MS)),
  ]);
  if (result.status === 'rejected') throw result.reason;
}

export async function adminLogout(): Promise<void> {
  await apiRequest('POST', '/api/admin/logout');
}
