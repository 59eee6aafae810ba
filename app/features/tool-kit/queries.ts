/** The format catalogue as the server serves it: one query each, shared by every tool. */
import { queryOptions } from '@tanstack/react-query';
import type { PlatformFormat } from '../../../shared/formats';
import { getJson } from '../../lib/api';

export const platformFormatsQuery = queryOptions({
  queryKey: ['/api/platform-formats'],
  queryFn: () => getJson<PlatformFormat[]>('/api/platform-formats'),
  retry: 1,
});

export const profileFormatsQuery = queryOptions({
  queryKey: ['/api/profile-formats'],
  queryFn: () => getJson<PlatformFormat[]>('/api/profile-formats'),
  retry: 1,
});
