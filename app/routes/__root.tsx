import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { NotFound } from '../components/layout/not-found';
import { Toaster } from '../components/ui/toaster';

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

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <div id="content" className="min-h-[60vh]">
        <Outlet />
      </div>
      <Footer />
      <Toaster />
    </>
  );
}
