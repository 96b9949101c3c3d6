/** /install-ios: how to add Interio to the home screen of an iPhone or iPad (Safari has no install prompt). */
import { Link } from 'react-router';
import { APP_PATHS } from '../../../../common/appRoutes';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';

export default function InstallIosPage() {
  const t = useT();
  usePageTitle('pwa.ios.title');
  return (
    <div className="status-page" data-testid="install-ios-page">
      <img src="/icons/icon-192.png" width={96} height={96} alt="" />
      <h1>{t('pwa.ios.title')}</h1>
      <p className="muted">{t('pwa.ios.intro')}</p>
      <ol className="install-steps">
        <li>{t('pwa.ios.step1')}</li>
        <li>{t('pwa.ios.step2')}</li>
        <li>{t('pwa.ios.step3')}</li>
        <li>{t('pwa.ios.step4')}</li>
      </ol>
      <Link to={APP_PATHS.home} className="btn btn-primary btn-lg">
        {t('pwa.ios.back')}
      </Link>
    </div>
  );
}
