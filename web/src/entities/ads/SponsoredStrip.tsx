/**
 * 'Sponsored': the live runs relevant to the viewer (at most AD_STRIP_SIZE, chosen and rotated by the server), in a
 * carousel (342 px per scroll, buttons only when overflowing and the window is wider than 430 px). Clicking one
 * counts the click (once per page view) and opens the business's profile. Empty: 'No ads available'.
 */
import { Link, useNavigate } from 'react-router';
import type { Ad } from '../../../../common/types';
import { Carousel } from '../../components/Carousel';
import { SafeImage } from '../../components/SafeImage';
import { POST_PLACEHOLDER } from '../../lib/images';
import { LoadError } from '../../components/LoadError';
import { useT } from '../../i18n/useT';
import { AD_STRIP_SIZE } from '../../../../common/adRuns';
import { useAds } from './api/get-ads';
import { clickAd } from './api/click-ad';
import { usePageViewId } from './pageView';
import { RatingSummary } from '../../components/RatingSummary';
import { VerifiedBadge } from '../../components/VerifiedBadge';

export const AD_SCROLL_STEP = 342;
export const AD_BUTTONS_MIN_WINDOW = 430;

export function AdCard({ ad, view }: { ad: Ad; view: string }) {
  const t = useT();
  const navigate = useNavigate();
  const name = ad.businessName || t('ads.unknownBusiness');
  return (
    <button
      type="button"
      className="ad-card"
      data-testid="ad-card"
      aria-label={t('ads.card.label', { name })}
      onClick={() => {
        void clickAd(ad._id, view).catch(() => undefined);
        void navigate(`/businessprofile/${ad.businessId}`);
      }}
    >
      <SafeImage src={ad.image} fallback={POST_PLACEHOLDER} alt="" width={326} height={180} sizes="326px" />
      <span className="badge badge-sponsored">{t('ads.sponsored.title')}</span>
      <span className="ad-card-name">
        {name}
        {ad.reviewCount !== undefined && <RatingSummary rating={ad} />}
        <VerifiedBadge verified={ad.verified} />
      </span>
    </button>
  );
}

export function SponsoredStrip() {
  const t = useT();
  const view = usePageViewId();
  const query = useAds(AD_STRIP_SIZE, view);
  const ads = query.data?.pages[0]?.items ?? [];
  return (
    <section className="section" aria-labelledby="sponsored-title" data-testid="sponsored-section">
      <div className="section-header">
        <h2 id="sponsored-title">{t('ads.sponsored.title')}</h2>
        <Link to="/sponsoredPosts" className="btn btn-ghost btn-sm">
          {t('ads.strip.more')}
        </Link>
      </div>
      {query.isPending ? (
        <div className="skeleton" style={{ height: 180 }} role="status" aria-label={t('common.loading')} />
      ) : query.isError ? (
        <LoadError message={t('ads.strip.loadError')} onRetry={() => void query.refetch()} />
      ) : ads.length === 0 ? (
        <div className="empty-state">{t('ads.empty')}</div>
      ) : (
        <Carousel step={AD_SCROLL_STEP} minWindowWidth={AD_BUTTONS_MIN_WINDOW} label={t('ads.strip.label')}>
          {ads.map((ad) => (
            <AdCard key={ad._id} ad={ad} view={view} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
