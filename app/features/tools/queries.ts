/** The format catalogue as the server serves it: one query each, shared by every tool. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { platformFormatSchema } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

const catalogueSchema = z.array(platformFormatSchema);

export const platformFormatsQuery = queryOptions({
  queryKey: ['/api/platform-formats'],
  queryFn: () => apiRequest('GET', '/api/platform-formats', catalogueSchema),
  retry: 1,
});

export const profileFormatsQuery = queryOptions({
  queryKey: ['/api/profile-formats'],
  queryFn: () => apiRequest('GET', '/api/profile-formats', catalogueSchema),
  retry: 1,
});
