/**
 * The client's own post with the offers it received (/post/view/{id}). The owner accepts, declines,
 * cancels an acceptance, finishes with a review, messages a business, or deletes the post. Once an
 * offer is accepted or finished, the others are dimmed and cannot be accepted or declined. Each offer shows its
 * terms and its negotiation; the client counters a pending offer, and compares up to three offers side by side
 * (sorted by price, rating or earliest start, `?sort=`).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import type { OfferStatus } from '../../../../common/constants';
import type { Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { HiddenNotice } from '../../components/HiddenNotice';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { RatingSummary } from '../../components/RatingSummary';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { usePostOffers } from '../offers/api/get-post-offers';
import { useUpdateOfferStatus } from '../offers/api/update-offer-status';
import { useClosePost } from '../posts/api/close-post';
import { useDeletePost } from '../posts/api/delete-post';
import { useReopenPost } from '../posts/api/reopen-post';
import { usePost } from '../posts/api/get-post';
import {
  COMPARE_LIMIT,
  CompareOffers,
  CounterForm,
  NegotiationThread,
  OFFER_SORTS,
  OfferTerms,
  preloadCompareOffers,
  preloadCounterForm,
  sortOffers,
  type OfferSort,
} from '../negotiation';
import { useCreateChatRoom } from './api/create-chat-room';
import './post-view.css';
import { SafeImage } from '../../components/SafeImage';

// The review dialog (with the form library and the review schema) loads when the client first finishes
// a job, fetched ahead when the pointer or the focus reaches the Finish button.
const loadReviewDialog = () => import('./ReviewDialog');
const ReviewDialog = lazy(() => loadReviewDialog().then((m) => ({ default: m.ReviewDialog })));
const preloadReviewDialog = () => void loadReviewDialog();

export default function PostViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const t = useT();
  const errorText = useErrorText();
  const { money, longDate } = useFormat();
  const { names } = useCategories();
  const postQuery = usePost(id);
  const offersQuery = usePostOffers(id);
  const post = postQuery.data;
  const [searchParams, setSearchParams] = useSearchParams();
  const sortParam = searchParams.get('sort');
  const sort: OfferSort = OFFER_SORTS.find((s) => s === sortParam) ?? 'price';
  const offers = sortOffers(allItems(offersQuery.data), sort);
  const closePost = useClosePost();
  const reopenPost = useReopenPost();
  const [confirmClose, setConfirmClose] = useState(false);
  const updateStatus = useUpdateOfferStatus();
  const createChatRoom = useCreateChatRoom();
  const removePost = useDeletePost();
  const [acceptedBanner, showAccepted] = useTimedMessage(5000);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyOffer, setBusyOffer] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reviewFor, setReviewFor] = useState<Offer | null>(null);
  const [counterFor, setCounterFor] = useState<Offer | null>(null);
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const [counterBanner, showCounterSent] = useTimedMessage(5000);
  const deleting = removePost.isPending;
  usePageTitle(post ? 'posts.post.pageTitle' : 'posts.post.loading', {
    title: post?.title || t('posts.post.untitled'),
  });

  if (postQuery.isPending)
    return (
      <div className="pv-page">
        <p className="muted">{t('posts.post.loading')}</p>
      </div>
    );
  if (isNotFound(postQuery.error))
    return (
      <div className="pv-page">
        <p className="empty-state">{t('posts.post.notFound')}</p>
      </div>
    );
  if (!post) {
    return (
      <div className="pv-page">
        <LoadError message={t('posts.post.loadError')} onRetry={() => void postQuery.refetch()} />
      </div>
    );
  }

  const isOwner = me.account?.role === 'client' && me.account.id === post.userId;
  const lockedBy = offers.find((o) => o.status === 'accepted' || o.status === 'finished');

  async function setStatus(offer: Offer, newStatus: OfferStatus) {
    setActionError(null);
    setBusyOffer(offer._id);
    try {
      await updateStatus.mutateAsync({
        offerId: offer._id,
        newStatus,
        postId: id,
        businessId: offer.businessId,
        version: offer.version,
      });
      if (newStatus === 'accepted') showAccepted(t('postView.offers.accepted'));
    } catch (err) {
      setActionError(errorText(err));
    } finally {
      setBusyOffer(null);
    }
  }

  async function message(offer: Offer) {
    if (!me.account) return;
    setActionError(null);
    setBusyOffer(offer._id);
    try {
      const room = await createChatRoom.mutateAsync({ businessId: offer.businessId, clientId: me.account.id });
      navigate(`/chat/${room.roomId ?? room._id}`);
    } catch (err) {
      setActionError(t('postView.offer.chatFailed', { reason: errorText(err) }));
      setBusyOffer(null);
    }
  }

  async function deletePost() {
    if (!post) return;
    try {
      await removePost.mutateAsync(post._id);
      navigate(`/clientprofile/${post.userId}`);
    } catch (err) {
      setConfirmDelete(false);
      setActionError(errorText(err));
    }
  }

  async function closeRequest() {
    if (!post) return;
    setActionError(null);
    try {
      await closePost.mutateAsync(post._id);
      setConfirmClose(false);
    } catch (err) {
      setConfirmClose(false);
      setActionError(errorText(err));
    }
  }

  async function reopenRequest() {
    if (!post) return;
    setActionError(null);
    try {
      await reopenPost.mutateAsync(post._id);
    } catch (err) {
      setActionError(errorText(err));
    }
  }

  function toggleCompare(offerId: string, on: boolean) {
    setCompareIds((ids) => (on ? [...ids, offerId].slice(0, COMPARE_LIMIT) : ids.filter((x) => x !== offerId)));
  }
  const compared = offers.filter((o) => compareIds.includes(o._id));

  function chooseSort(next: OfferSort) {
    const params = new URLSearchParams(searchParams);
    if (next === 'price') params.delete('sort');
    else params.set('sort', next);
    setSearchParams(params, { replace: true });
  }

  const closing = closePost.isPending;
  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];

  return (
    <div className="pv-page">
      <Banner text={acceptedBanner} testId="offer-accepted-banner" />
      <header className="pv-header">
        <h1>{post.title || t('posts.post.untitled')}</h1>
        <div className="pv-header-actions">
          {isOwner && post.status === 'open' && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirmClose(true)}
              data-testid="post-close"
            >
              {t('trust.close.button')}
            </button>
          )}
          {isOwner && (
            <button
              type="button"
              className="btn-link link-danger"
              onClick={() => setConfirmDelete(true)}
              data-testid="post-delete"
            >
              {t('postView.delete')}
            </button>
          )}
        </div>
      </header>
      <HiddenNotice item={post} />

      <dl className="pv-facts">
        <div>
          <dt>{t('posts.post.location')}</dt>
          <dd>{post.location || t('posts.post.noLocation')}</dd>
        </div>
        <div>
          <dt>{t('posts.post.budget')}</dt>
          <dd>{money(post.budget)}</dd>
        </div>
        <div>
          <dt>{t('postView.status')}</dt>
          <dd className={`fx-status fx-status--${post.status}`}>{t(`posts.post.status.${post.status}`)}</dd>
        </div>
      </dl>
      {post.status === 'closed' && (
        <div className="pv-closed" data-testid="post-closed">
          <p>
            {post.closedReason === 'expired'
              ? t('trust.closed.expired', { date: longDate(post.closedAt) })
              : t('trust.closed.byClient', { date: longDate(post.closedAt) })}
          </p>
          {isOwner &&
            (post.reopenedAt ? (
              <p className="muted">{t('trust.reopen.once')}</p>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={reopenRequest}
                disabled={reopenPost.isPending}
                data-testid="post-reopen"
              >
                {reopenPost.isPending ? t('trust.reopen.reopening') : t('trust.reopen.button')}
              </button>
            ))}
        </div>
      )}
      <div className="pv-categories">
        {names(post.category).map((n, i) => (
          <span key={i} className="chip">
            {n}
          </span>
        ))}
      </div>
      <p className="pv-content">{post.content || t('posts.post.noDescription')}</p>
      <div className="pv-images">
        {images.map((src, i) => (
          <SafeImage
            key={src + i}
            src={src}
            fallback={POST_PLACEHOLDER}
            alt={t('postView.imageAlt', {
              title: post.title || t('posts.post.untitled'),
              number: i + 1,
              count: images.length,
            })}
            width={1200}
            height={900}
            sizes="(max-width: 900px) 100vw, 720px"
            eager={i === 0}
          />
        ))}
      </div>

      <section className="pv-offers" aria-label={t('postView.offers.label')}>
        <div className="pv-offers-head">
          <h2>{t('postView.offers.title', { count: offers.length })}</h2>
          {offers.length > 1 && (
            <label className="pv-offers-sort">
              <span>{t('trust.sort.label')}</span>
              <select
                className="select"
                value={sort}
                onChange={(e) => chooseSort(e.target.value as OfferSort)}
                data-testid="offer-sort"
              >
                <option value="price">{t('trust.sort.price')}</option>
                <option value="rating">{t('trust.sort.rating')}</option>
                <option value="start">{t('negotiation.sort.start')}</option>
              </select>
            </label>
          )}
        </div>
        <Banner text={counterBanner} testId="counter-sent-banner" />
        {isOwner && offers.length > 1 && (
          <div className="ng-compare-bar">
            <span className="muted">{t('negotiation.compare.hint')}</span>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={compared.length < 2}
              onClick={() => setComparing(true)}
              onPointerEnter={preloadCompareOffers}
              onFocus={preloadCompareOffers}
              data-testid="compare-open"
            >
              {t('negotiation.compare.open', { count: compared.length })}
            </button>
          </div>
        )}
        {actionError && (
          <p className="field-error fx-error" role="alert">
            {actionError}
          </p>
        )}
        {offersQuery.isPending ? (
          <p className="muted">{t('posts.post.loading')}</p>
        ) : offersQuery.isError && offers.length === 0 ? (
          <LoadError message={t('postView.offers.loadError')} onRetry={() => void offersQuery.refetch()} />
        ) : offers.length === 0 ? (
          <p className="empty-state">{t('postView.offers.empty')}</p>
        ) : (
          <ul className="pv-offer-list">
            {offers.map((offer) => {
              const dimmed = !!lockedBy && lockedBy._id !== offer._id;
              const busy = busyOffer === offer._id;
              return (
                <li
                  key={offer._id}
                  className={`pv-offer${dimmed ? ' pv-offer--dimmed' : ''}${offer.business?.planMark ? ` pv-offer--${offer.business.planMark}` : ''}`}
                  data-testid="offer-card"
                  data-offer-status={offer.status}
                >
                  <SafeImage
                    className="pv-offer-avatar"
                    src={offer.business?.profilePicture}
                    fallback={AVATAR_PLACEHOLDER}
                    alt=""
                    width={96}
                    height={96}
                    sizes="96px"
                  />
                  <div className="pv-offer-body">
                    <div className="pv-offer-top">
                      <Link to={`/businessprofile/${offer.businessId}`} className="pv-offer-name">
                        {offer.business?.businessName || t('postView.offers.unknownBusiness')}
                      </Link>
                      <span className="pv-offer-price">
                        {money(offer.price, 2)}
                        {offer.revisedAt && (
                          <span
                            className="chip pv-offer-revised"
                            title={t('trust.offer.revisedTitle', { date: longDate(offer.revisedAt) })}
                            data-testid="offer-revised"
                          >
                            {t('trust.offer.revised')}
                          </span>
                        )}
                      </span>
                    </div>
                    {dimmed && (
                      <span className="chip pv-offer-other-chosen" data-testid="offer-other-chosen">
                        {t('postView.offer.otherChosen')}
                      </span>
                    )}
                    <RatingSummary rating={offer.business} />
                    <VerifiedBadge verified={offer.business?.verified} />
                    {offer.business?.planMark && (
                      <span
                        className={`chip pv-offer-plan pv-offer-plan--${offer.business.planMark}`}
                        data-testid="offer-plan-mark"
                      >
                        {t(`services.plan.${offer.business.planMark}`)}
                      </span>
                    )}
                    <p className="pv-offer-message">{offer.message}</p>
                    <OfferTerms offer={offer} />
                    <NegotiationThread offer={offer} viewer="client" />
                    {isOwner && offers.length > 1 && (
                      <label className="ng-compare-pick">
                        <input
                          type="checkbox"
                          checked={compareIds.includes(offer._id)}
                          disabled={!compareIds.includes(offer._id) && compareIds.length >= COMPARE_LIMIT}
                          onChange={(e) => toggleCompare(offer._id, e.target.checked)}
                          aria-label={t('negotiation.compare.selectLabel', {
                            business: offer.business?.businessName || t('postView.offers.unknownBusiness'),
                          })}
                          data-testid="compare-pick"
                        />
                        <span aria-hidden="true">{t('negotiation.compare.select')}</span>
                      </label>
                    )}
                    {isOwner && (
                      <div className="form-actions fx-actions">
                        <button
                          type="button"
                          className="btn btn-secondary"
                          disabled={busy}
                          onClick={() => message(offer)}
                          data-testid="offer-message-button"
                        >
                          {t('postView.offer.message')}
                        </button>
                        {offer.status === 'pending' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-secondary"
                              disabled={busy || dimmed}
                              onClick={() => setStatus(offer, 'declined')}
                              data-testid="offer-decline"
                            >
                              {t('postView.offer.decline')}
                            </button>
                            {!offer.proposal && !offer.expired && post.status === 'open' && (
                              <button
                                type="button"
                                className="btn btn-secondary"
                                disabled={busy || dimmed}
                                onClick={() => setCounterFor(offer)}
                                onPointerEnter={preloadCounterForm}
                                onFocus={preloadCounterForm}
                                data-testid="offer-counter"
                              >
                                {t('negotiation.counter.button')}
                              </button>
                            )}
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy || dimmed || offer.expired}
                              onClick={() => setStatus(offer, 'accepted')}
                              data-testid="offer-accept"
                            >
                              {t('postView.offer.accept')}
                            </button>
                          </>
                        )}
                        {offer.status === 'accepted' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-secondary"
                              disabled={busy}
                              onClick={() => setStatus(offer, 'pending')}
                              data-testid="offer-cancel"
                            >
                              {t('postView.offer.cancel')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy}
                              onClick={() => setReviewFor(offer)}
                              onPointerEnter={preloadReviewDialog}
                              onFocus={preloadReviewDialog}
                              data-testid="offer-finish"
                            >
                              {t('postView.offer.finish')}
                            </button>
                          </>
                        )}
                        {offer.status === 'finished' && (
                          <button type="button" className="btn btn-secondary" disabled data-testid="offer-finished">
                            {t('postView.offer.status.finished')}
                          </button>
                        )}
                        {offer.status === 'declined' && (
                          <button type="button" className="btn btn-secondary" disabled>
                            {t('postView.offer.status.declined')}
                          </button>
                        )}
                      </div>
                    )}
                    {!isOwner && (
                      <span className={`fx-status fx-status--${offer.status}`}>
                        {t(`postView.offer.status.${offer.status}`)}
                      </span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <LoadMore
          hasMore={!!offersQuery.hasNextPage}
          loading={offersQuery.isFetchingNextPage}
          onMore={() => void offersQuery.fetchNextPage()}
        />
      </section>

      <Modal
        open={confirmDelete}
        title={t('postView.deleteDialog.title')}
        onClose={() => !deleting && setConfirmDelete(false)}
        testId="delete-post-dialog"
      >
        <p>{t('postView.deleteDialog.body')}</p>
        <div className="form-actions fx-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setConfirmDelete(false)}
            disabled={deleting}
          >
            {t('postView.deleteDialog.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={deletePost}
            disabled={deleting}
            data-testid="post-delete-confirm"
          >
            {deleting ? t('postView.deleteDialog.deleting') : t('postView.deleteDialog.confirm')}
          </button>
        </div>
      </Modal>

      <Modal
        open={confirmClose}
        title={t('trust.close.title')}
        onClose={() => !closing && setConfirmClose(false)}
        testId="close-post-dialog"
      >
        <p>{t('trust.close.body')}</p>
        <div className="form-actions fx-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setConfirmClose(false)} disabled={closing}>
            {t('trust.close.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={closeRequest}
            disabled={closing}
            data-testid="post-close-confirm"
          >
            {closing ? t('trust.close.closing') : t('trust.close.confirm')}
          </button>
        </div>
      </Modal>

      {counterFor && (
        <Modal open title={t('negotiation.counter.title')} onClose={() => setCounterFor(null)} testId="counter-dialog">
          <Suspense fallback={null}>
            <CounterForm
              offer={counterFor}
              onCancel={() => setCounterFor(null)}
              onDone={() => {
                setCounterFor(null);
                showCounterSent(t('negotiation.counter.sent'));
              }}
            />
          </Suspense>
        </Modal>
      )}

      {comparing && compared.length > 0 && (
        <Suspense fallback={null}>
          <CompareOffers offers={compared} sort={sort} onSort={chooseSort} onClose={() => setComparing(false)} />
        </Suspense>
      )}

      {reviewFor && (
        <Suspense fallback={null}>
          <ReviewDialog
            key={reviewFor._id}
            offer={reviewFor}
            postId={post._id}
            onClose={() => setReviewFor(null)}
            onDone={() => setReviewFor(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
