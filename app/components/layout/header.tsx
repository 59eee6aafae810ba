import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button } from '../ui/button';
import { useCurrentUser } from '../../features/auth/queries';

/** Only a signed-in visitor has the menu: its script loads then, not with every first page. */
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export function Header() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          {/* On a phone the mark alone, so Batch, Pricing and the account fit one row. */}
          <span className="max-sm:sr-only">Social Resizer</span>
        </Link>
        <div className="flex items-center gap-3 sm:gap-4">
          {/* Batch is what Unlimited Access buys: one click from every page (docs/product.md, "Batches"). */}
          <Link
            to="/batch"
            className="text-sm font-medium text-slate-700 hover:text-slate-900"
            activeProps={{ className: 'text-brand-700' }}
          >
            Batch
          </Link>
          <Link
            to="/pricing"
            className="text-sm font-medium text-slate-700 hover:text-slate-900"
            activeProps={{ className: 'text-brand-700' }}
          >
            Pricing
          </Link>
          {isPending ? (
            // Until the server says who is here, neither Sign In nor the avatar: a signed-in visitor
            // never sees Sign In flash on a page drawn ahead of time (docs/decisions/0015-first-paint.md).
            <span className="inline-block h-8 w-[4.5rem]" aria-hidden />
          ) : user ? (
            <>
              {!user.hasUnlimitedAccess ? (
                <Button asChild size="sm">
                  <Link to="/unlimited-access">Upgrade</Link>
                </Button>
              ) : null}
              <Suspense fallback={<span className="h-9 w-9 rounded-full bg-brand-600" aria-hidden />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <Button asChild size="sm" variant="outline">
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
        </div>
      </nav>
    </header>
  );
}
