import { HeadContent, Outlet } from '@tanstack/react-router';
import { Toaster } from '../ui/toaster';
import { Footer } from './footer';
import { Header } from './header';

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
      <Toaster />
    </>
  );
}
