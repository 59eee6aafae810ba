import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PublicUser } from '../../../shared/schemas';
import { PageSpinner } from '../../components/ui/spinner';
import { useCurrentUser } from './queries';

/** Renders its children for a signed-in user; a spinner while the user loads; else sends to /auth. */
export function ProtectedRoute({ children }: { children: (user: PublicUser) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return <PageSpinner label="Loading your account" />;
  }
  if (!user) return <Navigate to="/auth" replace />;
  return <>{children(user)}</>;
}
