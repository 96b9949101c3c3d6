/** The page shown when a page fails: 'Unexpected Application Error!' with what went wrong, in the chosen language. */
import { useErrorText } from '../i18n/errors';
import { usePageTitle } from '../i18n/usePageTitle';
import { useT } from '../i18n/useT';

export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle('common.routeError.title');
  const detail = errorText(error);
  // A chunk that failed to load (new deployment) is fixed by reloading once.
  const staleChunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <div className="status-page" role="alert">
      <h1>{t('common.routeError.title')}</h1>
      <p className="muted">{detail}</p>
      <div className="hero-actions">
        {staleChunk && (
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('common.routeError.reload')}
          </button>
        )}
        <a className="btn btn-secondary" href="/">
          {t('common.routeError.home')}
        </a>
      </div>
    </div>
  );
}
