/**
 * Business profile (/businessprofile/{id}): sidebar, About Business, and the tabs Portfolio (showroom
 * and previous work), Ads, and Offers (owner only). The tab is kept in `?tab=` so other screens can
 * link to it (Create ad returns to `?tab=ads`).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import type { OfferStatus } from '../../../../common/constants';
import type { Ad, Business, Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { AddCatalogueDialog } from './AddCatalogueDialog';
import { ReviewReply } from './ReviewReply';
import { Carousel } from '../../components/Carousel';
import { Stars } from '../../components/feedback';
import { RatingSummary } from '../../components/RatingSummary';
import { HiddenNotice } from '../../components/HiddenNotice';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessAds } from '../ads/api/get-business-ads';
import { useDeleteAd } from '../ads/api/delete-ad';
import { useBusinessFinishedJobs } from '../offers/api/get-business-finished-jobs';
import { useBusinessOffers } from '../offers/api/get-business-offers';
import { useDeleteOffer } from '../offers/api/delete-offer';
import { ReportButton } from '../reports';
import { useBusiness } from './api/get-business';
import { useRecordProfileView } from './api/record-profile-view';
import { PROFILE_SCROLL_STEP } from './carousel';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';

type Tab = 'portfolio' | 'ads' | 'offers';

type CategoryNames = (ids: readonly string[] | undefined) => string[];

const OFFER_STATUS: Record<OfferStatus, MessageId> = {
  pending: 'profiles.offer.status.pending',
  accepted: 'profiles.offer.status.accepted',
  declined: 'profiles.offer.status.declined',
  finished: 'profiles.offer.status.finished',
};

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
  // A view of the profile counts toward the business's statistics (not its owner's own, nor before sign-in is known).
  useRecordProfileView(id, isOwner || !me.account);
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
          <div className="pf-count--desktop">
            <strong>{business?.offersCount ?? 0}</strong>
            <span>{t('profiles.count.offers', { count: business?.offersCount ?? 0 })}</span>
          </div>
          <div className="pf-count--mobile">
            <strong>{business?.postsCount ?? 0}</strong>
            <span>{t('profiles.count.posts', { count: business?.postsCount ?? 0 })}</span>
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

function PortfolioTab({ business, isOwner }: { business: Business | undefined; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const jobsQuery = useBusinessFinishedJobs(id);
  const jobs = useMemo(() => allItems(jobsQuery.data).sort(newestFirst), [jobsQuery.data]);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const showroomCount = business?.showroom?.length ?? 0;

  // In the lightbox Arrow Left/Right show the previous/next image (Escape closes it).
  useEffect(() => {
    if (lightbox === null || showroomCount === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setLightbox((i) => (i === null ? i : (i + 1) % showroomCount));
      if (e.key === 'ArrowLeft') setLightbox((i) => (i === null ? i : (i - 1 + showroomCount) % showroomCount));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [lightbox, showroomCount]);

  const showroom = business?.showroom ?? [];

  return (
    <div className="pf-portfolio">
      <section aria-label={t('profiles.tab.portfolio')}>
        {isOwner && showroom.length === 0 && <p className="muted">{t('profiles.portfolio.prompt')}</p>}
        <div className="pf-showroom">
          {isOwner && (
            <button type="button" className="pf-add-tile" onClick={() => setAdding(true)} data-testid="add-catalogue">
              <span aria-hidden="true">+</span> {t('profiles.catalogue.title')}
            </button>
          )}
          {showroom.length === 0 ? (
            <p className="empty-state">{t('profiles.portfolio.empty')}</p>
          ) : (
            <Carousel label={t('profiles.tab.portfolio')} step={PROFILE_SCROLL_STEP} minWindowWidth={430}>
              {showroom.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className="pf-showroom-item"
                  onClick={() => setLightbox(i)}
                  aria-label={t('profiles.portfolio.open', { n: i + 1 })}
                >
                  <SafeImage
                    src={src}
                    fallback={POST_PLACEHOLDER}
                    alt=""
                    width={400}
                    height={300}
                    sizes="(max-width: 640px) 50vw, 320px"
                  />
                </button>
              ))}
            </Carousel>
          )}
        </div>
      </section>

      <section className="pf-section" aria-label={t('profiles.work.title')}>
        <h2>{t('profiles.work.heading', { count: jobs.length })}</h2>
        {jobsQuery.isPending ? (
          <p className="muted">{t('profiles.loading')}</p>
        ) : jobsQuery.isError && jobs.length === 0 ? (
          <LoadError message={t('profiles.work.loadError')} onRetry={() => void jobsQuery.refetch()} />
        ) : jobs.length === 0 ? (
          <p className="empty-state">{t('profiles.work.empty')}</p>
        ) : (
          <div className="pf-jobs">
            {jobs.map((job) => (
              <article key={job._id} className="pf-job" data-testid="finished-job">
                <SafeImage
                  src={job.post?.images?.[0]}
                  fallback={POST_PLACEHOLDER}
                  alt=""
                  width={400}
                  height={300}
                  sizes="(max-width: 640px) 100vw, 320px"
                />
                <div>
                  <h3>{job.post?.title || t('profiles.post.untitled')}</h3>
                  <Stars rating={job.rating} />
                  <p className="pf-card-meta">
                    {format.longDate(job.createdAt)} · {job.post?.location || t('profiles.post.noLocation')}
                  </p>
                  <p className="pf-card-text">{job.post?.content || t('profiles.post.noDescription')}</p>
                  <HiddenNotice item={job} testId="review-hidden-notice" />
                  <blockquote className="pf-review">“{job.review}”</blockquote>
                  <ReviewReply job={job} isOwner={isOwner} />
                  {!isOwner && <ReportButton target={{ kind: 'review', targetId: job._id }} testId="report-review" />}
                </div>
              </article>
            ))}
          </div>
        )}
        <LoadMore
          hasMore={!!jobsQuery.hasNextPage}
          loading={jobsQuery.isFetchingNextPage}
          onMore={() => void jobsQuery.fetchNextPage()}
        />
      </section>

      <Modal
        open={lightbox !== null}
        title={t('profiles.tab.portfolio')}
        onClose={() => setLightbox(null)}
        wide
        testId="portfolio-lightbox"
      >
        {lightbox !== null && showroom[lightbox] && (
          <div className="pf-lightbox">
            <SafeImage
              className="pf-lightbox-main"
              src={showroom[lightbox]}
              fallback={POST_PLACEHOLDER}
              alt={t('profiles.portfolio.image', { n: lightbox + 1, total: showroom.length })}
              width={1200}
              height={900}
              sizes="100vw"
              eager
            />
            <div className="pf-lightbox-thumbs">
              {showroom.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className={i === lightbox ? 'pf-thumb pf-thumb--active' : 'pf-thumb'}
                  onClick={() => setLightbox(i)}
                  aria-label={t('profiles.portfolio.show', { n: i + 1 })}
                >
                  <SafeImage src={src} fallback={POST_PLACEHOLDER} alt="" width={160} height={120} sizes="120px" />
                </button>
              ))}
            </div>
          </div>
        )}
      </Modal>

      {isOwner && business && (
        <AddCatalogueDialog
          open={adding}
          business={business}
          onClose={() => setAdding(false)}
          onSaved={() => setAdding(false)}
        />
      )}
    </div>
  );
}

function AdsTab({ businessId, isOwner }: { businessId: string; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const adsQuery = useBusinessAds(businessId);
  const ads = useMemo(() => allItems(adsQuery.data).sort(newestFirst), [adsQuery.data]);
  const deleteAd = useDeleteAd();
  const [error, setError] = useState<string | null>(null);

  function remove(ad: Ad) {
    setError(null);
    deleteAd.mutate(ad._id, { onError: (err) => setError(t('profiles.ads.deleteFailed', { reason: errorText(err) })) });
  }

  return (
    <div className="pf-ads">
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="ad-delete-error">
          {error}
        </p>
      )}
      {isOwner && (
        <Link to="/create-ad" className="pf-add-tile pf-ad-create" data-testid="create-ad-card">
          <span aria-hidden="true">+</span> {t('ads.create.title')}
        </Link>
      )}
      {adsQuery.isPending ? (
        <p className="muted">{t('profiles.loading')}</p>
      ) : adsQuery.isError && ads.length === 0 ? (
        <LoadError message={t('ads.strip.loadError')} onRetry={() => void adsQuery.refetch()} />
      ) : ads.length === 0 ? (
        <p className="empty-state">{t('profiles.ads.empty')}</p>
      ) : (
        ads.map((ad) => (
          <article key={ad._id} className="pf-ad" data-testid="ad-card">
            <SafeImage
              src={ad.image}
              fallback={POST_PLACEHOLDER}
              alt={t('profiles.ads.image')}
              width={400}
              height={300}
              sizes="(max-width: 640px) 100vw, 320px"
            />
            <div className="pf-ad-footer">
              <span>{format.longDate(ad.createdAt)}</span>
              {isOwner && (
                <button
                  type="button"
                  className="btn-link link-danger"
                  onClick={() => remove(ad)}
                  data-testid="ad-delete"
                  disabled={deleteAd.isPending && deleteAd.variables === ad._id}
                >
                  {t('profiles.ads.delete')}
                </button>
              )}
            </div>
          </article>
        ))
      )}
      <LoadMore
        hasMore={!!adsQuery.hasNextPage}
        loading={adsQuery.isFetchingNextPage}
        onMore={() => void adsQuery.fetchNextPage()}
      />
    </div>
  );
}

function OffersTab({ businessId, names }: { businessId: string; names: CategoryNames }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const offersQuery = useBusinessOffers(businessId);
  const offers = useMemo(() => allItems(offersQuery.data).sort(newestFirst), [offersQuery.data]);
  const deleteOffer = useDeleteOffer();
  const [error, setError] = useState<string | null>(null);

  function remove(offer: Offer) {
    setError(null);
    deleteOffer.mutate(
      { offerId: offer._id, postId: offer.postId, businessId },
      { onError: (err) => setError(t('profiles.offers.deleteFailed', { reason: errorText(err) })) },
    );
  }

  if (offersQuery.isPending) return <p className="muted">{t('profiles.loading')}</p>;
  if (offersQuery.isError && offers.length === 0) {
    return <LoadError message={t('profiles.offers.loadError')} onRetry={() => void offersQuery.refetch()} />;
  }
  if (offers.length === 0) return <p className="empty-state">{t('profiles.offers.empty')}</p>;
  return (
    <div className="pf-offers">
      {error && (
        <p className="field-error fx-error" role="alert">
          {error}
        </p>
      )}
      {offers.map((offer) => (
        <article key={offer._id} className="pf-offer" data-testid="business-offer-card">
          <SafeImage
            src={offer.post?.images?.[0]}
            fallback={POST_PLACEHOLDER}
            alt=""
            width={400}
            height={300}
            sizes="(max-width: 640px) 100vw, 320px"
          />
          <div className="pf-offer-body">
            <span className={`fx-status fx-status--${offer.status}`}>{t(OFFER_STATUS[offer.status])}</span>
            <h3>{offer.post?.title || t('profiles.post.untitled')}</h3>
            <p className="pf-card-meta">{offer.post?.location || t('profiles.post.noLocation')}</p>
            <p className="pf-card-cats">{names(offer.post?.category).join(', ') || t('services.category.unknown')}</p>
            <p className="pf-offer-price">{t('profiles.offers.price', { price: format.money(offer.price, 2) })}</p>
            {offer.status === 'pending' && offer.proposal && (
              <p className="chip pf-offer-counter" data-testid="business-offer-counter">
                {t('negotiation.awaitingYou', { price: format.money(offer.proposal.price, 2) })}
              </p>
            )}
            <p className="pf-card-text">
              {t('profiles.offers.message', { message: offer.message || t('profiles.offers.noMessage') })}
            </p>
            <div className="form-actions fx-actions">
              {offer.status !== 'finished' && (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => remove(offer)}
                  data-testid="offer-delete"
                >
                  {t('profiles.offers.delete')}
                </button>
              )}
              <Link to={`/post/${offer.postId}`} className="btn btn-secondary">
                {t('profiles.offers.view')}
              </Link>
            </div>
          </div>
        </article>
      ))}
      <LoadMore
        hasMore={!!offersQuery.hasNextPage}
        loading={offersQuery.isFetchingNextPage}
        onMore={() => void offersQuery.fetchNextPage()}
      />
    </div>
  );
}
