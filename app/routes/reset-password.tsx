import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  validateSearch: z.lazy(() => z.object({ token: z.string().optional().catch(undefined) })),
  head: () => pageHead('Choose a new password', 'Set a new password for your Social Resizer account.'),
  component: ResetPasswordPage,
});
