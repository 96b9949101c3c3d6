/**
 * Business profile (/businessprofile/{id}): sidebar, About Business, and the tabs Portfolio (showroom
 * and previous work), Ads, and Offers (owner only). The tab is kept in `?tab=` so other screens can
 * link to it (Create ad returns to `?tab=ads`).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import { longDate } from '../../lib/time';
import type { Ad, Business, Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { AddCatalogueDialog } from './AddCatalogueDialog';
import { Carousel } from '../../components/Carousel';
import { Stars } from '../../components/feedback';
import { RatingSummary } from '../../components/RatingSummary';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { errorMessage, money } from '../../lib/format';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessAds } from '../ads/api/get-business-ads';
import { useDeleteAd } from '../ads/api/delete-ad';
import { useBusinessFinishedJobs } from '../offers/api/get-business-finished-jobs';
import { useBusinessOffers } from '../offers/api/get-business-offers';
import { useDeleteOffer } from '../offers/api/delete-offer';
import { useBusiness } from './api/get-business';
import { PROFILE_SCROLL_STEP } from './carousel';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';

type Tab = 'portfolio' | 'ads' | 'offers';

export default function BusinessProfilePage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useAuth();
  const navigate = useNavigate();
  const { byId: names } = useCategories();
  const businessQuery = useBusiness(id);
  const business = businessQuery.data;

  const isOwner = me.account?.role === 'business' && me.account.id === id;
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested === 'ads' || (requested === 'offers' && isOwner) ? requested : 'portfolio';
  const selectTab = (t: Tab) => setSearch(t === 'portfolio' ? {} : { tab: t }, { replace: true });

  if (isNotFound(businessQuery.error))
    return (
      <div className="pf-page">
        <p className="empty-state">This profile could not be found.</p>
      </div>
    );
  if (businessQuery.isError) {
    return (
      <div className="pf-page">
        <LoadError
          message="Could not load this profile. Check your connection and try again."
          onRetry={() => void businessQuery.refetch()}
        />
      </div>
    );
  }

  async function logout() {
    await me.signOut();
    navigate('/login');
  }

  const tabs: { id: Tab; label: string }[] = [
    { id: 'portfolio', label: 'Portfolio' },
    { id: 'ads', label: 'Ads' },
    ...(isOwner ? [{ id: 'offers' as const, label: 'Offers' }] : []),
  ];

  return (
    <div className="pf-page">
      <aside className="pf-sidebar" aria-label="Business">
        <SafeImage
          className="pf-avatar"
          src={business?.profilePicture}
          fallback={AVATAR_PLACEHOLDER}
          alt={business ? `${business.businessName} logo` : ''}
          width={96}
          height={96}
          sizes="96px"
        />
        <p className="pf-categories">{business ? categoryNames(business.categories, names).join(' · ') : '\u00a0'}</p>
        <h1 className="pf-name" data-testid="profile-name">
          {business?.businessName ?? '\u00a0'}
        </h1>
        {business && (
          <p className="pf-rating">
            <RatingSummary rating={business} />
          </p>
        )}
        <p className="pf-location">{business?.location ? `${business.location}, Albania` : 'Albania'}</p>
        <div className="pf-counts">
          <div className="pf-count--desktop">
            <strong>{business?.offersCount ?? 0}</strong>
            <span>Offers</span>
          </div>
          <div className="pf-count--mobile">
            <strong>{business?.postsCount ?? 0}</strong>
            <span>Posts</span>
          </div>
          <div>
            <strong data-testid="profile-projects-count">{business?.finishedJobsCount ?? 0}</strong>
            <span>Projects</span>
          </div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/business-profile`} className="btn btn-secondary" data-testid="profile-settings">
              Settings
            </Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">
              Logout
            </button>
          </div>
        )}
      </aside>

      <div className="pf-main">
        <section className="pf-about" aria-label="About Business">
          <h2>About Business</h2>
          {business === undefined ? (
            <div className="skeleton fx-skeleton" aria-label="Loading" />
          ) : (
            <p>{business.description || 'No description yet.'}</p>
          )}
        </section>

        <div className="fx-tabs" role="tablist" aria-label="Profile sections">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              className={tab === t.id ? 'fx-tab fx-tab--active' : 'fx-tab'}
              onClick={() => selectTab(t.id)}
              data-testid={`tab-${t.id}`}
            >
              {t.label}
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
      <section aria-label="Portfolio">
        {isOwner && showroom.length === 0 && (
          <p className="muted">Create your portfolio: add pictures of your best work so clients can see what you do.</p>
        )}
        <div className="pf-showroom">
          {isOwner && (
            <button type="button" className="pf-add-tile" onClick={() => setAdding(true)} data-testid="add-catalogue">
              <span aria-hidden="true">+</span> Add Catalogue
            </button>
          )}
          {showroom.length === 0 ? (
            <p className="empty-state">No portfolio items available.</p>
          ) : (
            <Carousel label="Portfolio" step={PROFILE_SCROLL_STEP} minWindowWidth={430}>
              {showroom.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className="pf-showroom-item"
                  onClick={() => setLightbox(i)}
                  aria-label={`Open portfolio image ${i + 1}`}
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

      <section className="pf-section" aria-label="Previous Work">
        <h2>Previous Work ({jobs.length})</h2>
        {jobsQuery.isPending ? (
          <p className="muted">Loading...</p>
        ) : jobsQuery.isError && jobs.length === 0 ? (
          <LoadError message="Could not load the previous work." onRetry={() => void jobsQuery.refetch()} />
        ) : jobs.length === 0 ? (
          <p className="empty-state">No previous work available.</p>
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
                  <h3>{job.post?.title || 'Untitled Post'}</h3>
                  <Stars rating={job.rating} />
                  <p className="pf-card-meta">
                    {longDate(job.createdAt)} · {job.post?.location || 'Location not specified'}
                  </p>
                  <p className="pf-card-text">{job.post?.content || 'No description available'}</p>
                  <blockquote className="pf-review">“{job.review}”</blockquote>
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
        title="Portfolio"
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
              alt={`Portfolio ${lightbox + 1} of ${showroom.length}`}
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
                  aria-label={`Show image ${i + 1}`}
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
  const adsQuery = useBusinessAds(businessId);
  const ads = useMemo(() => allItems(adsQuery.data).sort(newestFirst), [adsQuery.data]);
  const deleteAd = useDeleteAd();
  const [error, setError] = useState<string | null>(null);

  function remove(ad: Ad) {
    setError(null);
    deleteAd.mutate(ad._id, { onError: (err) => setError(errorMessage(err, 'Failed to delete the ad.')) });
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
          <span aria-hidden="true">+</span> Create an ad
        </Link>
      )}
      {adsQuery.isPending ? (
        <p className="muted">Loading...</p>
      ) : adsQuery.isError && ads.length === 0 ? (
        <LoadError message="Could not load the ads." onRetry={() => void adsQuery.refetch()} />
      ) : ads.length === 0 ? (
        <p className="empty-state">No ads available.</p>
      ) : (
        ads.map((ad) => (
          <article key={ad._id} className="pf-ad" data-testid="ad-card">
            <SafeImage
              src={ad.image}
              fallback={POST_PLACEHOLDER}
              alt="Ad"
              width={400}
              height={300}
              sizes="(max-width: 640px) 100vw, 320px"
            />
            <div className="pf-ad-footer">
              <span>{longDate(ad.createdAt)}</span>
              {isOwner && (
                <button
                  type="button"
                  className="btn-link link-danger"
                  onClick={() => remove(ad)}
                  data-testid="ad-delete"
                  disabled={deleteAd.isPending && deleteAd.variables === ad._id}
                >
                  Delete ad
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

function OffersTab({ businessId, names }: { businessId: string; names: Map<string, string> }) {
  const offersQuery = useBusinessOffers(businessId);
  const offers = useMemo(() => allItems(offersQuery.data).sort(newestFirst), [offersQuery.data]);
  const deleteOffer = useDeleteOffer();
  const [error, setError] = useState<string | null>(null);

  function remove(offer: Offer) {
    setError(null);
    deleteOffer.mutate(
      { offerId: offer._id, postId: offer.postId, businessId },
      { onError: (err) => setError(errorMessage(err, 'Failed to delete the offer.')) },
    );
  }

  if (offersQuery.isPending) return <p className="muted">Loading...</p>;
  if (offersQuery.isError && offers.length === 0) {
    return <LoadError message="Could not load your offers." onRetry={() => void offersQuery.refetch()} />;
  }
  if (offers.length === 0) return <p className="empty-state">No offers available.</p>;
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
            <span className={`fx-status fx-status--${offer.status}`}>
              {offer.status[0].toUpperCase() + offer.status.slice(1)}
            </span>
            <h3>{offer.post?.title || 'Untitled Post'}</h3>
            <p className="pf-card-meta">{offer.post?.location || 'Location not specified'}</p>
            <p className="pf-card-cats">
              {categoryNames(offer.post?.category, names).join(', ') || 'Unknown Category'}
            </p>
            <p className="pf-offer-price">Your Offer: {money(offer.price, '$', 2)}</p>
            <p className="pf-card-text">Message: {offer.message || 'No message provided'}</p>
            <div className="form-actions fx-actions">
              {offer.status !== 'finished' && (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => remove(offer)}
                  data-testid="offer-delete"
                >
                  Delete this offer
                </button>
              )}
              <Link to={`/post/${offer.postId}`} className="btn btn-secondary">
                View Post
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
