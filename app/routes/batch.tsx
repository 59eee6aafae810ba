import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { BatchPage } from '../features/batch/batch-page';
import { FORM_STEPS } from '../features/batch/steps';

export const Route = createFileRoute('/batch')({
  head: () =>
    pageHead('Batch', 'Many photos to every format at once, in one ZIP with a folder per photo (Unlimited Access).'),
  // A batch's results (`id`), else the form's step; each is an entry in the browser's history.
  validateSearch: z.lazy(() =>
    z.object({
      id: z.uuid().optional().catch(undefined),
      step: z.enum(FORM_STEPS).optional().catch(undefined),
    }),
  ),
  component: BatchPage,
});
