/** Any unknown path: 404 with a 'Go Back' button. */
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';

export default function NotFoundPage() {
  const t = useT();
  usePageTitle('common.notFound.title');
  const navigate = useNavigate();
  // With no page to go back to (opened directly), go to the landing page (a public page: a full page load).
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : window.location.assign('/'));
  return (
    <div className="status-page" data-testid="not-found-page">
      <div className="status-code" aria-hidden="true">
        404
      </div>
      <h1>{t('common.notFound.title')}</h1>
      <p className="muted">{t('common.notFound.body')}</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={goBack}>
        {t('common.notFound.back')}
      </button>
    </div>
  );
}
