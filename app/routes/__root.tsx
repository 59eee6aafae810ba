import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Link, Outlet } from '@tanstack/react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { Toaster } from '../components/ui/toaster';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { title: 'Social Resizer: images sized for every platform' },
      { name: 'description', content: 'Upload one picture and download it sized for LinkedIn, Instagram, YouTube, the App Store and more.' },
    ],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
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

export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <p className="mt-2 text-sm text-slate-500">Developer hint: did you forget to add the page to the router (app/routes)?</p>
      <Link to="/" className="mt-8 text-sm font-medium text-brand-700 hover:underline">
        Back to the home page
      </Link>
    </main>
  );
}
