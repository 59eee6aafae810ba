import { HeadContent, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useToasts } from '../ui/use-toast';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The notification region's code (Radix Toast) loads with the first toast, not with every first
 * page (docs/decisions/0015-first-paint.md); the toast store itself is tiny and always there.
 */
const Toaster = lazy(() => import('../ui/toaster').then((module) => ({ default: module.Toaster })));

function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Every page: the skip link, header, the page itself, footer and the toasts. */
export function RootLayout() {
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
      <Toasts />
    </>
  );
}
