/** /unauthorized: 'Unauthorized Access' with a button to the user's dashboard, or to login if signed out. */
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { dashboardPath } from '../../auth/roles';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';

export default function UnauthorizedPage() {
  const t = useT();
  usePageTitle('common.unauthorized.title');
  const { status, role } = useAuth();
  const signedIn = status === 'signedIn' && !!role;
  return (
    <div className="status-page" data-testid="unauthorized-page">
      <div className="status-code" aria-hidden="true">
        403
      </div>
      <h1>{t('common.unauthorized.title')}</h1>
      <p className="muted">{t('common.unauthorized.body')}</p>
      {status !== 'loading' &&
        (signedIn ? (
          <Link to={dashboardPath(role)} className="btn btn-primary btn-lg">
            {t('common.unauthorized.dashboard')}
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary btn-lg">
            {t('common.unauthorized.login')}
          </Link>
        ))}
    </div>
  );
}
