import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { AuthPage } from '../features/auth/auth-page';

export const Route = createFileRoute('/auth')({
  validateSearch: z.lazy(() => z.object({ redirect: z.string().optional().catch(undefined) })),
  head: () =>
    pageHead(
      'Sign in',
      'Sign in or create a free account: 5 images a day, purchase history and your images from anywhere.',
    ),
  component: AuthPage,
});
