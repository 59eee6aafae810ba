import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { BatchPage } from '../features/batch/batch-page';

export const Route = createFileRoute('/batch')({
  head: () =>
    pageHead('Batch', 'Many photos to every format at once, in one ZIP with a folder per photo (Unlimited Access).'),
  validateSearch: z.object({ id: z.uuid().optional().catch(undefined) }),
  component: BatchPage,
});
