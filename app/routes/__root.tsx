import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../components/layout/not-found';
import { RootLayout } from '../components/layout/root-layout';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { title: 'Social Resizer: images sized for every platform' },
      {
        name: 'description',
        content: 'Upload one picture and download it sized for LinkedIn, Instagram, YouTube, the App Store and more.',
      },
    ],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});
