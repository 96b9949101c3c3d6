/**
 * Business profile (/businessprofile/{id}): sidebar, About Business, and the tabs Portfolio (showroom
 * and previous work), Ads, and Offers (owner only). The tab is kept in `?tab=` so other screens can
 * link to it (Create ad returns to `?tab=ads`).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import { longDate } from '../../lib/time';
import type { Ad, Business, FinishedJob, Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { AddCatalogueDialog } from './AddCatalogueDialog';
import { Carousel } from '../../components/Carousel';
import { Modal } from '../../components/Modal';
import { fetchAllPages, money, newestFirst } from './lists';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { Stars } from './ui';
import { PROFILE_SCROLL_STEP } from './lists';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';

type Tab = 'portfolio' | 'ads' | 'offers';

export default function BusinessProfilePage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useAuth();
  const navigate = useNavigate();
  const { byId: names } = useCategories();
  const [business, setBusiness] = useState<Business | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setBusiness(undefined);
    api.get<Business>(`/business/${encodeURIComponent(id)}`)
      .then((b) => live && setBusiness(b))
      .catch((err) => { console.error('Failed to load business', err); if (live) setBusiness(null); });
    return () => { live = false; };
  }, [id]);

  const isOwner = me.account?.role === 'business' && me.account.id === id;
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested === 'ads' || (requested === 'offers' && isOwner) ? requested : 'portfolio';
  const selectTab = (t: Tab) => setSearch(t === 'portfolio' ? {} : { tab: t }, { replace: true });

  if (business === null) return <div className="pf-page"><p className="empty-state">This profile could not be found.</p></div>;

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
        <SafeImage className="pf-avatar" src={business?.profilePicture} fallback={AVATAR_PLACEHOLDER} alt={business ? `${business.businessName} logo` : ''} width={96} height={96} sizes="96px" />
        <p className="pf-categories">{business ? categoryNames(business.categories, names).join(' · ') : '\u00a0'}</p>
        <h1 className="pf-name" data-testid="profile-name">{business?.businessName ?? '\u00a0'}</h1>
        <p className="pf-location">{business?.location ? `${business.location}, Albania` : 'Albania'}</p>
        <div className="pf-counts">
          <div className="pf-count--desktop"><strong>{business?.offersCount ?? 0}</strong><span>Offers</span></div>
          <div className="pf-count--mobile"><strong>{business?.postsCount ?? 0}</strong><span>Posts</span></div>
          <div><strong data-testid="profile-projects-count">{business?.finishedJobsCount ?? 0}</strong><span>Projects</span></div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/business-profile`} className="btn btn-secondary" data-testid="profile-settings">Settings</Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">Logout</button>
          </div>
        )}
      </aside>

      <main className="pf-main">
        <section className="pf-about" aria-label="About Business">
          <h2>About Business</h2>
          {business === undefined ? <div className="skeleton fx-skeleton" aria-label="Loading" /> : (
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
          {tab === 'portfolio' && <PortfolioTab business={business} isOwner={isOwner} onShowroom={(showroom) => setBusiness((b) => b && { ...b, showroom })} />}
          {tab === 'ads' && <AdsTab businessId={id} isOwner={isOwner} />}
          {tab === 'offers' && isOwner && <OffersTab businessId={id} names={names} />}
        </div>
      </main>
    </div>
  );
}

function PortfolioTab({ business, isOwner, onShowroom }: {
  business: Business | undefined; isOwner: boolean; onShowroom: (showroom: string[]) => void;
}) {
  const [jobs, setJobs] = useState<FinishedJob[] | undefined>(undefined);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const businessId = business?._id;

  useEffect(() => {
    if (!businessId) return;
    let live = true;
    fetchAllPages<FinishedJob>(`/getBusinessFinishedJobs/${encodeURIComponent(businessId)}`)
      .then((list) => live && setJobs([...list].sort(newestFirst)))
      .catch((err) => { console.error('Failed to load finished jobs', err); if (live) setJobs([]); });
    return () => { live = false; };
  }, [businessId]);

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
                <button key={src + i} type="button" className="pf-showroom-item" onClick={() => setLightbox(i)} aria-label={`Open portfolio image ${i + 1}`}>
                  <SafeImage src={src} fallback={POST_PLACEHOLDER} alt="" width={400} height={300} sizes="(max-width: 640px) 50vw, 320px" />
                </button>
              ))}
            </Carousel>
          )}
        </div>
      </section>

      <section className="pf-section" aria-label="Previous Work">
        <h2>Previous Work ({jobs?.length ?? 0})</h2>
        {jobs === undefined ? <p className="muted">Loading...</p> : jobs.length === 0 ? (
          <p className="empty-state">No previous work available.</p>
        ) : (
          <div className="pf-jobs">
            {jobs.map((job) => (
              <article key={job._id} className="pf-job" data-testid="finished-job">
                <SafeImage src={job.post?.images?.[0]} fallback={POST_PLACEHOLDER} alt="" width={400} height={300} sizes="(max-width: 640px) 100vw, 320px" />
                <div>
                  <h3>{job.post?.title || 'Untitled Post'}</h3>
                  <Stars rating={job.rating} />
                  <p className="pf-card-meta">{longDate(job.createdAt)} · {job.post?.location || 'Location not specified'}</p>
                  <p className="pf-card-text">{job.post?.content || 'No description available'}</p>
                  <blockquote className="pf-review">“{job.review}”</blockquote>
                </div>
              </article>
            ))}
          </div>
        )}
      </section>

      <Modal open={lightbox !== null} title="Portfolio" onClose={() => setLightbox(null)} wide testId="portfolio-lightbox">
        {lightbox !== null && showroom[lightbox] && (
          <div className="pf-lightbox">
            <SafeImage className="pf-lightbox-main" src={showroom[lightbox]} fallback={POST_PLACEHOLDER} alt={`Portfolio image ${lightbox + 1}`}
            width={1200} height={900} sizes="100vw" eager />
            <div className="pf-lightbox-thumbs">
              {showroom.map((src, i) => (
                <button key={src + i} type="button" className={i === lightbox ? 'pf-thumb pf-thumb--active' : 'pf-thumb'} onClick={() => setLightbox(i)} aria-label={`Show image ${i + 1}`}>
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
          onSaved={(list) => { onShowroom(list); setAdding(false); }}
        />
      )}
    </div>
  );
}

function AdsTab({ businessId, isOwner }: { businessId: string; isOwner: boolean }) {
  const [ads, setAds] = useState<Ad[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetchAllPages<Ad>(`/business/ads/${encodeURIComponent(businessId)}`)
      .then((list) => live && setAds([...list].sort(newestFirst)))
      .catch((err) => { console.error('Failed to load ads', err); if (live) setAds([]); });
    return () => { live = false; };
  }, [businessId]);

  async function remove(ad: Ad) {
    try {
      await api.del(`/ad/${encodeURIComponent(ad._id)}`);
      setAds((list) => list?.filter((a) => a._id !== ad._id));
    } catch (err) {
      console.error('Failed to delete ad', err);
    }
  }

  return (
    <div className="pf-ads">
      {isOwner && (
        <Link to="/create-ad" className="pf-add-tile pf-ad-create" data-testid="create-ad-card">
          <span aria-hidden="true">+</span> Create an ad
        </Link>
      )}
      {ads === undefined ? <p className="muted">Loading...</p> : ads.length === 0 ? (
        <p className="empty-state">No ads available.</p>
      ) : ads.map((ad) => (
        <article key={ad._id} className="pf-ad" data-testid="ad-card">
          <SafeImage src={ad.image} fallback={POST_PLACEHOLDER} alt="Ad" width={400} height={300} sizes="(max-width: 640px) 100vw, 320px" />
          <div className="pf-ad-footer">
            <span>{longDate(ad.createdAt)}</span>
            {isOwner && <button type="button" className="btn-link link-danger" onClick={() => remove(ad)} data-testid="ad-delete">Delete ad</button>}
          </div>
        </article>
      ))}
    </div>
  );
}

function OffersTab({ businessId, names }: { businessId: string; names: Map<string, string> }) {
  const [offers, setOffers] = useState<Offer[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchAllPages<Offer>(`/business/offers/${encodeURIComponent(businessId)}`)
      .then((list) => live && setOffers([...list].sort(newestFirst)))
      .catch((err) => { console.error('Failed to load offers', err); if (live) setOffers([]); });
    return () => { live = false; };
  }, [businessId]);

  async function remove(offer: Offer) {
    setError(null);
    try {
      await api.del(`/offer/${encodeURIComponent(offer._id)}`);
      setOffers((list) => list?.filter((o) => o._id !== offer._id));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to delete the offer.');
    }
  }

  if (offers === undefined) return <p className="muted">Loading...</p>;
  if (offers.length === 0) return <p className="empty-state">No offers available.</p>;
  return (
    <div className="pf-offers">
      {error && <p className="field-error fx-error" role="alert">{error}</p>}
      {offers.map((offer) => (
        <article key={offer._id} className="pf-offer" data-testid="business-offer-card">
          <SafeImage src={offer.post?.images?.[0]} fallback={POST_PLACEHOLDER} alt="" width={400} height={300} sizes="(max-width: 640px) 100vw, 320px" />
          <div className="pf-offer-body">
            <span className={`fx-status fx-status--${offer.status}`}>{offer.status[0].toUpperCase() + offer.status.slice(1)}</span>
            <h3>{offer.post?.title || 'Untitled Post'}</h3>
            <p className="pf-card-meta">{offer.post?.location || 'Location not specified'}</p>
            <p className="pf-card-cats">{categoryNames(offer.post?.category, names).join(', ') || 'Unknown Category'}</p>
            <p className="pf-offer-price">Your Offer: {money(offer.price, '$', 2)}</p>
            <p className="pf-card-text">Message: {offer.message || 'No message provided'}</p>
            <div className="form-actions fx-actions">
              {offer.status !== 'finished' && (
                <button type="button" className="btn btn-danger" onClick={() => remove(offer)} data-testid="offer-delete">Delete this offer</button>
              )}
              <Link to={`/post/${offer.postId}`} className="btn btn-secondary">View Post</Link>
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}
