/**
 * Route guard. Signed out -> /login (the origin is passed in location state and the login screen returns
 * there); signed in with another role -> /unauthorized; nothing is rendered while the session loads.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../common/constants';
import { useAuth } from './AuthProvider';

export interface LoginRedirectState {
  from?: string;
}

export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { status, role, loggedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return null;
  // After a deliberate logout the page being left is not an origin to return to: the next login
  // (perhaps another person's) goes to its own dashboard.
  if (status === 'signedOut' && loggedOut) return <Navigate to="/login" replace />;
  if (status === 'signedOut') {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  if (!role || !roles.includes(role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
