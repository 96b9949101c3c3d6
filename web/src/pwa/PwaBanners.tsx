/**
 * The installable app's banners, above every page: "offline, showing what you saw at HH:MM" while the
 * lists shown come from the service worker's kept answers, "a new version is ready: reload", and the
 * install prompt (after a first request or offer; on iPhone a link to the help page).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { APP_PATHS } from '../../../common/appRoutes';
import { useT } from '../i18n/useT';
import { useLanguage } from '../i18n/I18nProvider';
import { onKeptAnswers } from './offline';
import { dismissInstall, install, installOffer, isUpdateWaiting, onPwaChange, reloadToUpdate } from './app';

function useKeptAnswersTime(): string | undefined {
  const [at, setAt] = useState<string | undefined>();
  useEffect(() => onKeptAnswers(setAt), []);
  return at;
}

export function PwaBanners() {
  const t = useT();
  const { language } = useLanguage();
  const keptAt = useKeptAnswersTime();
  const updateWaiting = useSyncExternalStore(onPwaChange, isUpdateWaiting, () => false);
  const offer = useSyncExternalStore(onPwaChange, installOffer, () => undefined);
  const time = keptAt
    ? new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'sq-AL', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(keptAt))
    : undefined;
  return (
    <>
      {time && (
        <div className="banner banner-warning pwa-banner" role="status" data-testid="offline-notice">
          {t('pwa.offline', { time })}
        </div>
      )}
      {updateWaiting && (
        <div className="banner banner-info pwa-banner" role="status" data-testid="update-ready">
          {t('pwa.update.ready')}{' '}
          <button type="button" className="btn btn-primary btn-sm" onClick={reloadToUpdate}>
            {t('pwa.update.reload')}
          </button>
        </div>
      )}
      {offer && (
        <div className="banner banner-info pwa-banner" role="region" aria-label={t('pwa.install.button')}>
          {t('pwa.install.text')}{' '}
          {offer === 'prompt' ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void install()}>
              {t('pwa.install.button')}
            </button>
          ) : (
            <Link to={APP_PATHS.installIos}>{t('pwa.install.iosLink')}</Link>
          )}{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={dismissInstall}>
            {t('pwa.install.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
