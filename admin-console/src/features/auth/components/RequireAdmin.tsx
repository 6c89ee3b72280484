import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { LoadingStatus } from '../../../components/page/LoadingStatus';

/**
 * Spec section 2 "Guard behaviour": 'Loading...' while the auth state loads; a visitor who is not authenticated
 * goes to /login with the requested path remembered; a user whose role is not admin goes to /unauthorized.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingStatus>Loading...</LoadingStatus>;
  if (status !== 'authenticated' || !user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  if (user.role !== 'admin') return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
