/**
 * The client's own post with the offers it received (/post/view/{id}). The owner accepts, declines,
 * cancels an acceptance, finishes with a review, messages a business, or deletes the post. Once an
 * offer is accepted or finished, the others are dimmed and cannot be accepted or declined. Each offer shows its
 * terms and its negotiation; the client counters a pending offer, and compares up to three offers side by side
 * (sorted by price, rating or earliest start, `?sort=`). The page holds what the owner is doing; its parts are the
 * request (PostViewHeader), the offers (OffersSection, one OfferCard each), the confirmations (PostDialogs) and the
 * review (ReviewDialog, loaded when first opened).
 */
import { Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import type { OfferStatus } from '../../../../common/constants';
import type { Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { allItems } from '../../lib/pages';
import { useSearchChange } from '../../lib/useSearchChange';
import { usePostOffers } from '../../entities/offers/api/get-post-offers';
import { useUpdateOfferStatus } from '../../entities/offers/api/update-offer-status';
import { useClosePost } from '../../entities/posts/api/close-post';
import { useDeletePost } from '../../entities/posts/api/delete-post';
import { useReopenPost } from '../../entities/posts/api/reopen-post';
import { usePost } from '../../entities/posts/api/get-post';
import {
  COMPARE_LIMIT,
  CompareOffers,
  CounterForm,
  OFFER_SORTS,
  sortOffers,
  type OfferSort,
} from '../../entities/offers/negotiation';
import { useCreateChatRoom } from './api/create-chat-room';
import { OfferCard } from './OfferCard';
import { OffersSection } from './OffersSection';
import { ClosePostDialog, DeletePostDialog } from './PostDialogs';
import { PostViewHeader } from './PostViewHeader';
import { ReviewDialog } from './reviewDialog';
import './post-view.css';
import { JobPriceBandCard } from '../../entities/ideas/JobPriceBandCard';
import { PostReference } from '../../entities/ideas/PostReference';

export default function PostViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const t = useT();
  const errorText = useErrorText();
  const { names } = useCategories();
  const removePost = useDeletePost();
  // Once the owner deletes the post, the page asks for it no more: it is gone (404) and the page is leaving.
  const live = { enabled: removePost.isIdle || removePost.isError };
  const postQuery = usePost(id, live);
  const offersQuery = usePostOffers(id, live);
  const post = postQuery.data;
  const [searchParams] = useSearchParams();
  const changeSearch = useSearchChange();
  const sortParam = searchParams.get('sort');
  const sort: OfferSort = OFFER_SORTS.find((s) => s === sortParam) ?? 'price';
  const offers = sortOffers(allItems(offersQuery.data), sort);
  const closePost = useClosePost();
  const reopenPost = useReopenPost();
  const [confirmClose, setConfirmClose] = useState(false);
  const updateStatus = useUpdateOfferStatus();
  const createChatRoom = useCreateChatRoom();
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
      navigate(`/clientprofile/${post.userId}`, { replace: true });
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
    changeSearch({ sort: next === 'price' ? null : next }, { replace: true });
  }

  const closing = closePost.isPending;

  return (
    <div className="pv-page">
      <Banner text={acceptedBanner} testId="offer-accepted-banner" />
      <PostViewHeader
        post={post}
        isOwner={isOwner}
        categoryNames={names(post.category)}
        onClose={() => setConfirmClose(true)}
        onDelete={() => setConfirmDelete(true)}
        onReopen={reopenRequest}
        reopening={reopenPost.isPending}
      />
      {post.reference && <PostReference reference={post.reference} forClient />}
      {isOwner && post.status === 'finished' && lockedBy && (
        <JobPriceBandCard postId={post._id} businessName={lockedBy.business?.businessName ?? ''} />
      )}

      <OffersSection
        query={offersQuery}
        count={offers.length}
        isOwner={isOwner}
        sort={sort}
        onSort={chooseSort}
        counterBanner={counterBanner}
        comparedCount={compared.length}
        onOpenCompare={() => setComparing(true)}
        actionError={actionError}
      >
        {offers.map((offer) => (
          <OfferCard
            key={offer._id}
            offer={offer}
            isOwner={isOwner}
            dimmed={!!lockedBy && lockedBy._id !== offer._id}
            busy={busyOffer === offer._id}
            postOpen={post.status === 'open'}
            compareIds={isOwner && offers.length > 1 ? compareIds : undefined}
            onCompare={toggleCompare}
            onMessage={message}
            onStatus={setStatus}
            onCounter={setCounterFor}
            onFinish={setReviewFor}
          />
        ))}
      </OffersSection>

      <DeletePostDialog
        open={confirmDelete}
        deleting={deleting}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={deletePost}
      />
      <ClosePostDialog
        open={confirmClose}
        closing={closing}
        onCancel={() => setConfirmClose(false)}
        onConfirm={closeRequest}
      />

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
