/**
 * Footer on every page: tagline; Product and Help columns for signed-in users; Contact; the privacy page. The columns' titles are h2
 * (styled small), so the footer's headings never skip a level after the page's h1.
 */
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, profilePath } from '../auth/roles';
import { BRAND } from '../../../common/brand';
import { BrandMark } from '../components/icons';
import { useT } from '../i18n/useT';
import { useLanguage } from '../i18n/I18nProvider';
import { pagePath } from '../../../common/publicPages';

export function Footer() {
  const t = useT();
  const { status, role, account } = useAuth();
  const { language } = useLanguage();
  const loggedIn = status === 'signedIn';
  const help = account ? `/settings/${account.id}/help-support` : '/login';
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer-inner">
        <div>
          <div className="brand">
            <BrandMark /> {BRAND.name}
          </div>
          <p className="footer-tagline">
            {t('common.brand.slogan')}. {t('common.brand.tagline')}
          </p>
        </div>
        {loggedIn ? (
          <div>
            <h2 className="footer-heading">{t('common.footer.product')}</h2>
            <ul>
              <li>
                {/* The landing is a public page rendered on the server: a full page load. */}
                <a href="/">{t('common.footer.landing')}</a>
              </li>
              <li>
                <Link to={dashboardPath(role)}>{t('common.nav.home')}</Link>
              </li>
              {account && (
                <li>
                  <Link to={profilePath(role, account.id)}>{t('common.nav.profile')}</Link>
                </li>
              )}
            </ul>
          </div>
        ) : (
          <div className="footer-spacer" />
        )}
        {loggedIn ? (
          <div>
            <h2 className="footer-heading">{t('common.footer.help')}</h2>
            <ul>
              <li>
                <Link to={help}>{t('common.footer.support')}</Link>
              </li>
              <li>
                <Link to={help}>{t('common.footer.faq')}</Link>
              </li>
            </ul>
          </div>
        ) : (
          <div className="footer-spacer" />
        )}
        <div>
          <h2 className="footer-heading">{t('common.footer.contact')}</h2>
          <ul>
            <li>
              {t('common.footer.supportLine')} <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            </li>
            <li>
              {t('common.footer.phoneLine')}{' '}
              <a href={`tel:${BRAND.supportPhone.replace(/\s/g, '')}`}>{BRAND.supportPhone}</a>
            </li>
            <li>{t('common.footer.address')}</li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        {t('common.footer.rights', { year: String(new Date().getFullYear()), brand: BRAND.name })}
        {' · '}
        {/* The privacy page is a public page rendered on the server: a full page load. */}
        <a href={pagePath({ kind: 'privacy' }, language)} data-testid="footer-privacy">
          {t('common.footer.privacy')}
        </a>
      </div>
    </footer>
  );
}
