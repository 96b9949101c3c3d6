/**
 * The app's entry (/app): the dashboard of a signed-in user, the sign-in screen otherwise. The landing page (/)
 * is a public page rendered on the server (lambdas/site); it sends a visitor whose ID token is stored here.
 * Should the app's shell ever be served at / (a static preview without the public renderer), it behaves the same.
 */
import { Navigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath } from '../auth/roles';

export default function AppHome() {
  const { status, role } = useAuth();
  if (status === 'loading') return null;
  return <Navigate to={status === 'signedIn' ? dashboardPath(role) : '/login'} replace />;
}
