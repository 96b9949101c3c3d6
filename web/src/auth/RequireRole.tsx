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

/**
 * `moderator` / `operator`: the page is for members of that group (whatever their role); others go to /unauthorized.
 * `pending`: shown while the session loads instead of nothing (a page that says what it waits for from the start).
 */
export function RequireRole({
  roles,
  moderator = false,
  operator = false,
  pending = null,
  children,
}: {
  roles: readonly Role[];
  moderator?: boolean;
  operator?: boolean;
  pending?: ReactNode;
  children: ReactNode;
}) {
  const { status, role, moderator: isModerator, operator: isOperator, loggedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <>{pending}</>;
  // After a deliberate logout the page being left is not an origin to return to: the next login
  // (perhaps another person's) goes to its own dashboard.
  if (status === 'signedOut' && loggedOut) return <Navigate to="/login" replace />;
  if (status === 'signedOut') {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  if (moderator && !isModerator) return <Navigate to="/unauthorized" replace />;
  if (operator && !isOperator) return <Navigate to="/unauthorized" replace />;
  if (!role || !roles.includes(role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
