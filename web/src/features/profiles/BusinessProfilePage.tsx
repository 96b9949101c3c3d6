/**
 * Business profile (/businessprofile/{id}): sidebar, About Business, and the tabs Portfolio (showroom
 * and previous work), Ads, and Offers (owner only). The tab is kept in `?tab=` so other screens can
 * link to it (Create ad returns to `?tab=ads`). Each tab is a file (PortfolioTab, AdsTab, OffersTab).
 */
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import { useAuth } from '../../auth/AuthProvider';
import { RatingSummary } from '../../components/RatingSummary';
import { HiddenNotice } from '../../components/HiddenNotice';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { LoadError } from '../../components/LoadError';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { ReportButton } from '../../entities/reports';
import { useBusiness } from '../../entities/businesses/api/get-business';
import { useRecordProfileView } from './api/record-profile-view';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';
import { type Tab } from './businessProfileTabs';
import { PortfolioTab } from './PortfolioTab';
import { AdsTab } from './AdsTab';
import { OffersTab } from './OffersTab';

export default function BusinessProfilePage() {
  const t = useT();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useAuth();
  const navigate = useNavigate();
  const { names } = useCategories();
  const businessQuery = useBusiness(id);
  const business = businessQuery.data;
  usePageTitle(business?.businessName ? 'profiles.pageTitle' : 'profiles.business.pageTitle', {
    name: business?.businessName,
  });

  const isOwner = me.account?.role === 'business' && me.account.id === id;
  // A view of the profile counts toward the business's statistics (not its owner's own, nor before sign-in is known,
  // nor of a profile the viewer cannot see: hidden, closed or unknown).
  useRecordProfileView(id, isOwner || !me.account || !business);
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested === 'ads' || (requested === 'offers' && isOwner) ? requested : 'portfolio';
  const selectTab = (next: Tab) => setSearch(next === 'portfolio' ? {} : { tab: next }, { replace: true });

  if (isNotFound(businessQuery.error))
    return (
      <div className="pf-page">
        <p className="empty-state">{t('profiles.notFound')}</p>
      </div>
    );
  if (businessQuery.isError) {
    return (
      <div className="pf-page">
        <LoadError message={t('profiles.loadError')} onRetry={() => void businessQuery.refetch()} />
      </div>
    );
  }

  async function logout() {
    await me.signOut();
    navigate('/login');
  }

  const tabs: { id: Tab; label: string }[] = [
    { id: 'portfolio', label: t('profiles.tab.portfolio') },
    { id: 'ads', label: t('profiles.tab.ads') },
    ...(isOwner ? [{ id: 'offers' as const, label: t('profiles.tab.offers') }] : []),
  ];

  return (
    <div className="pf-page">
      <aside className="pf-sidebar" aria-label={t('profiles.sidebar')}>
        <SafeImage
          className="pf-avatar"
          src={business?.profilePicture}
          fallback={AVATAR_PLACEHOLDER}
          alt={business ? t('profiles.logo', { name: business.businessName }) : ''}
          width={96}
          height={96}
          sizes="96px"
        />
        <p className="pf-categories">{(business && names(business.categories).join(' · ')) || '\u00a0'}</p>
        <h1 className="pf-name" data-testid="profile-name">
          {business?.businessName ?? '\u00a0'}
        </h1>
        <p className="pf-rating">
          {business ? (
            <>
              <RatingSummary rating={business} />
              <VerifiedBadge verified={business.verified} />
            </>
          ) : (
            '\u00a0'
          )}
        </p>
        <p className="pf-location">
          {business?.location ? t('profiles.town', { town: business.location }) : t('profiles.country')}
        </p>
        <div className="pf-counts">
          {/* A business makes offers and posts no requests: its counter says offers at every width. */}
          <div>
            <strong data-testid="profile-offers-count">{business?.offersCount ?? 0}</strong>
            <span>{t('profiles.count.offers', { count: business?.offersCount ?? 0 })}</span>
          </div>
          <div>
            <strong data-testid="profile-projects-count">{business?.finishedJobsCount ?? 0}</strong>
            <span>{t('profiles.count.projects', { count: business?.finishedJobsCount ?? 0 })}</span>
          </div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/business-profile`} className="btn btn-secondary" data-testid="profile-settings">
              {t('profiles.settings')}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">
              {t('profiles.logout')}
            </button>
          </div>
        )}
        {!isOwner && (
          // Drawn with the page (the profile's id is the business's): the column does not move when the data arrives.
          <div className="pf-report">
            <ReportButton target={{ kind: 'business', targetId: id }} testId="report-business" />
          </div>
        )}
      </aside>

      <div className="pf-main">
        <HiddenNotice item={business} />
        <section className="pf-about" aria-label={t('profiles.about')}>
          <h2>{t('profiles.about')}</h2>
          {business === undefined ? (
            <div className="skeleton fx-skeleton-line" role="status" aria-label={t('profiles.loading')} />
          ) : (
            <p>{business.description || t('profiles.noDescription')}</p>
          )}
        </section>

        <div className="fx-tabs" role="tablist" aria-label={t('profiles.tabs')}>
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={tab === item.id ? 'fx-tab fx-tab--active' : 'fx-tab'}
              onClick={() => selectTab(item.id)}
              data-testid={`tab-${item.id}`}
            >
              {item.label}
            </button>
          ))}
        </div>

        <div role="tabpanel">
          {tab === 'portfolio' && <PortfolioTab business={business} isOwner={isOwner} />}
          {tab === 'ads' && <AdsTab businessId={id} isOwner={isOwner} />}
          {tab === 'offers' && isOwner && <OffersTab businessId={id} names={names} />}
        </div>
      </div>
    </div>
  );
}
