/** /unauthorized: 'Unauthorized Access' with a button to the user's dashboard, or to login if signed out. */
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { dashboardPath } from '../../auth/roles';

export default function UnauthorizedPage() {
  const { status, role } = useAuth();
  const signedIn = status === 'signedIn' && !!role;
  return (
    <div className="status-page" data-testid="unauthorized-page">
      <div className="status-code" aria-hidden="true">
        403
      </div>
      <h1>Unauthorized Access</h1>
      <p className="muted">You do not have permission to view this page.</p>
      {status !== 'loading' &&
        (signedIn ? (
          <Link to={dashboardPath(role)} className="btn btn-primary btn-lg">
            Go to Dashboard
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary btn-lg">
            Go to Login
          </Link>
        ))}
    </div>
  );
}
