/** The plans as the server sells them: the checkout charges the one its address names. */
import { queryOptions } from '@tanstack/react-query';
import { z } from '../../../shared/zod';
import { planSchema } from '../../../shared/schemas';
import { apiRequest } from '../../lib/api';

export const plansQuery = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: () => apiRequest('GET', '/api/plans', z.array(planSchema)),
});
