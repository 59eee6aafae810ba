import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/schemas';
import { getQueryFn } from '../../lib/api';

/** The signed-in user, or null (a 401 means nobody is signed in). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/user'],
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
