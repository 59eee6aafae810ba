import { Link } from '@tanstack/react-router';

/** The fallback for unknown paths (and unknown blog articles). */
export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-8 text-sm font-medium text-brand-700 hover:underline">
        Back to the home page
      </Link>
    </main>
  );
}
