/**
 * Business-facing post detail (/post/{postId}): gallery, budget in $, categories, the client's name
 * linking to the client profile, 'Make an offer' for businesses, and a sidebar of similar open
 * requests (same categories; first 5, +5 per 'View More'). A business sees its own offer with its terms and its
 * negotiation, and answers the client's counter-offer (accept, keep its offer, or revise).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound, toQuery } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import type { Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { HiddenNotice, hiddenMark } from '../../components/HiddenNotice';
import { LoadError } from '../../components/LoadError';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { usePostOffers } from '../../entities/offers/api/get-post-offers';
import { usePost } from '../../entities/posts/api/get-post';
import { BusinessAnswer, NegotiationThread, OfferTerms } from '../../entities/offers/negotiation';
import { ReportButton } from '../../entities/reports';
import './post-detail.css';
import { SafeImage } from '../../components/SafeImage';
import { Spinner } from '../../components/Spinner';
import { SimilarRequests } from './SimilarRequests';
import { PostReference } from '../../entities/ideas/PostReference';

const loadOfferForm = () => import('./OfferForm');
const OfferForm = lazy(() => loadOfferForm().then((m) => ({ default: m.OfferForm })));
const preloadOfferForm = () => void loadOfferForm();

export default function PostDetailPage() {
  const { postId = '' } = useParams();
  const postQuery = usePost(postId);
  const post = postQuery.data;
  const [activeImage, setActiveImage] = useState(0);
  const t = useT();
  const { money, timeAgo } = useFormat();
  const { names } = useCategories();
  const me = useAuth();
  const navigate = useNavigate();
  const [banner, showBanner] = useTimedMessage(3000);
  const [formOpen, setFormOpen] = useState(false);
  const [revising, setRevising] = useState(false);
  // A business sees its own offer on this post (at most one per business), if any.
  const offersQuery = usePostOffers(postId, { enabled: me.role === 'business' });
  const myOffer = allItems(offersQuery.data)[0] ?? null;

  // Another post (a similar request): start at its first image with the offer form closed.
  const [shownPostId, setShownPostId] = useState(postId);
  if (shownPostId !== postId) {
    setShownPostId(postId);
    setActiveImage(0);
    setFormOpen(false);
    setRevising(false);
  }

  usePageTitle(post ? 'posts.post.pageTitle' : 'posts.post.loading', {
    title: post?.title || t('posts.post.untitled'),
  });

  if (postQuery.isPending)
    return (
      <div className="pd-page">
        <p className="muted">{t('posts.post.loading')}</p>
      </div>
    );
  if (isNotFound(postQuery.error))
    return (
      <div className="pd-page">
        <p className="empty-state">{t('posts.post.notFound')}</p>
      </div>
    );
  if (!post) {
    return (
      <div className="pd-page">
        <LoadError message={t('posts.post.loadError')} onRetry={() => void postQuery.refetch()} />
      </div>
    );
  }

  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];
  const isBusiness = me.role === 'business';
  // Only a pending offer on a request still open can be revised (the API refuses the rest).
  const canRevise = (offer: Offer) => offer.status === 'pending' && post.status === 'open';

  return (
    <div className="pd-page">
      <section className="pd-main">
        <h1 className="pd-title">{post.title || t('posts.post.untitled')}</h1>
        <HiddenNotice item={post} />
        <div className="pd-gallery">
          <SafeImage
            className="pd-big-image"
            src={images[activeImage] ?? images[0]}
            fallback={POST_PLACEHOLDER}
            alt={post.title || t('postDetail.imageAlt')}
            width={1200}
            height={900}
            sizes="(max-width: 900px) 100vw, 720px"
            eager
          />
          {images.length > 1 && (
            <div className="pd-thumbs">
              {images.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className={i === activeImage ? 'pd-thumb pd-thumb--active' : 'pd-thumb'}
                  onClick={() => setActiveImage(i)}
                  aria-label={t('postDetail.showImage', { number: i + 1 })}
                >
                  <SafeImage src={src} fallback={POST_PLACEHOLDER} alt="" width={160} height={120} sizes="120px" />
                </button>
              ))}
            </div>
          )}
        </div>

        <dl className="pd-facts">
          <div>
            <dt>{t('posts.post.budget')}</dt>
            <dd data-testid="post-budget">{money(post.budget)}</dd>
          </div>
          <div>
            <dt>{t('posts.post.location')}</dt>
            <dd>{post.location || t('posts.post.noLocation')}</dd>
          </div>
          <div>
            <dt>{t('postDetail.posted')}</dt>
            <dd>{timeAgo(post.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('postDetail.client')}</dt>
            <dd>
              <Link to={`/clientprofile/${post.userId}`} data-testid="post-client-link">
                {post.clientName || t('postDetail.viewClient')}
              </Link>
            </dd>
          </div>
        </dl>

        <div className="pd-categories">
          {names(post.category).map((name, i) => (
            <button
              key={`${post.category[i]}-${i}`}
              type="button"
              className="chip"
              onClick={() => navigate(`/filtered-posts${toQuery({ categories: [post.category[i]] })}`)}
            >
              {name}
            </button>
          ))}
        </div>

        {post.reference && (
          <PostReference
            reference={post.reference}
            ownBusinessId={me.account?.role === 'business' ? me.account.id : undefined}
          />
        )}
        <h2 className="pd-subtitle">{t('posts.post.description')}</h2>
        <p className="pd-content">{post.content || t('posts.post.noDescription')}</p>
        {isBusiness && (
          <div className="pd-report">
            <ReportButton target={{ kind: 'post', targetId: post._id }} testId="report-post" />
          </div>
        )}

        <Banner text={banner} testId="offer-success-banner" />
        {isBusiness &&
          (offersQuery.isError && !myOffer ? (
            <LoadError message={t('postDetail.myOfferLoadError')} onRetry={() => void offersQuery.refetch()} />
          ) : myOffer && revising && canRevise(myOffer) ? (
            <Suspense fallback={<Spinner />}>
              <OfferForm
                postId={post._id}
                service={post.category?.[0]}
                town={post.location}
                businessId={myOffer.businessId}
                revise={myOffer}
                onCancel={() => setRevising(false)}
                onDone={() => {
                  setRevising(false);
                  showBanner(t('trust.revise.saved'));
                }}
              />
            </Suspense>
          ) : myOffer ? (
            <div className="pd-my-offer-block">
              <div className="pd-my-offer-row">
                <p className="pd-my-offer" data-testid="my-offer">
                  {t('postDetail.myOffer')} <strong>{money(myOffer.price, 2)}</strong>{' '}
                  <span className={`fx-status fx-status--${myOffer.status}`}>
                    {t(`postView.offer.status.${myOffer.status}`)}
                  </span>
                  {myOffer.revisedAt && (
                    <span className="chip pd-offer-revised" data-testid="my-offer-revised">
                      {t('trust.offer.revised')}
                    </span>
                  )}
                </p>
                {canRevise(myOffer) && !myOffer.proposal && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setRevising(true)}
                    onPointerEnter={preloadOfferForm}
                    onFocus={preloadOfferForm}
                    data-testid="offer-revise"
                  >
                    {t('trust.revise.button')}
                  </button>
                )}
              </div>
              <OfferTerms offer={myOffer} />
              <BusinessAnswer offer={myOffer} onRevise={() => setRevising(true)} onRevisePreload={preloadOfferForm} />
              <NegotiationThread offer={myOffer} viewer="business" />
            </div>
          ) : post.status !== 'open' ? (
            <p className="muted">{t('postDetail.closed')}</p>
          ) : hiddenMark(me.account?.record) ? (
            <p className="muted" data-testid="offer-refused-hidden">
              {t('postDetail.hiddenBusiness')}
            </p>
          ) : formOpen ? (
            <Suspense fallback={<Spinner />}>
              <OfferForm
                postId={post._id}
                service={post.category?.[0]}
                town={post.location}
                businessId={me.account?.role === 'business' ? me.account.id : undefined}
                onCancel={() => setFormOpen(false)}
                onDone={() => {
                  setFormOpen(false);
                  showBanner(t('postDetail.offerMade'));
                }}
              />
            </Suspense>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="make-offer-button"
              onClick={() => setFormOpen(true)}
              onPointerEnter={preloadOfferForm}
              onFocus={preloadOfferForm}
            >
              {t('postDetail.makeOffer')}
            </button>
          ))}
      </section>

      <SimilarRequests post={post} />
    </div>
  );
}
