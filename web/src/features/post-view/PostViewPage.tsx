/**
 * The client's own post with the offers it received (/post/view/{id}). The owner accepts, declines,
 * cancels an acceptance, finishes with a review, messages a business, or deletes the post. Once an
 * offer is accepted or finished, the others are dimmed and cannot be accepted or declined.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import type { OfferStatus } from '../../../../common/constants';
import type { Offer } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, StarPicker, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { errorMessage, money } from '../../lib/format';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { useFinishJob } from '../offers/api/finish-job';
import { usePostOffers } from '../offers/api/get-post-offers';
import { useUpdateOfferStatus } from '../offers/api/update-offer-status';
import { useDeletePost } from '../posts/api/delete-post';
import { usePost } from '../posts/api/get-post';
import { useCreateChatRoom } from './api/create-chat-room';
import './post-view.css';
import { SafeImage } from '../../components/SafeImage';

export default function PostViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useAuth();
  const { byId: names } = useCategories();
  const postQuery = usePost(id);
  const offersQuery = usePostOffers(id);
  const post = postQuery.data;
  const offers = allItems(offersQuery.data);
  const updateStatus = useUpdateOfferStatus();
  const createChatRoom = useCreateChatRoom();
  const removePost = useDeletePost();
  const [acceptedBanner, showAccepted] = useTimedMessage(5000);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyOffer, setBusyOffer] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reviewFor, setReviewFor] = useState<Offer | null>(null);
  const deleting = removePost.isPending;

  if (postQuery.isPending)
    return (
      <div className="pv-page">
        <p className="muted">Loading...</p>
      </div>
    );
  if (isNotFound(postQuery.error))
    return (
      <div className="pv-page">
        <p className="empty-state">No post found.</p>
      </div>
    );
  if (!post) {
    return (
      <div className="pv-page">
        <LoadError
          message="Could not load this post. Check your connection and try again."
          onRetry={() => void postQuery.refetch()}
        />
      </div>
    );
  }

  const isOwner = me.account?.role === 'client' && me.account.id === post.userId;
  const lockedBy = offers.find((o) => o.status === 'accepted' || o.status === 'finished');

  async function setStatus(offer: Offer, newStatus: OfferStatus) {
    setActionError(null);
    setBusyOffer(offer._id);
    try {
      await updateStatus.mutateAsync({ offerId: offer._id, newStatus, postId: id, businessId: offer.businessId });
      if (newStatus === 'accepted') showAccepted('Offer has been accepted!');
    } catch (err) {
      setActionError(errorMessage(err, 'Something went wrong. Please try again.'));
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
      setActionError(errorMessage(err, 'Could not open the chat.'));
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
      setActionError(errorMessage(err, 'Failed to delete the post.'));
    }
  }

  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];

  return (
    <div className="pv-page">
      <Banner text={acceptedBanner} testId="offer-accepted-banner" />
      <header className="pv-header">
        <h1>{post.title || 'Untitled Post'}</h1>
        {isOwner && (
          <button
            type="button"
            className="btn-link link-danger"
            onClick={() => setConfirmDelete(true)}
            data-testid="post-delete"
          >
            Delete
          </button>
        )}
      </header>

      <dl className="pv-facts">
        <div>
          <dt>Location</dt>
          <dd>{post.location || 'Location not specified'}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{money(post.budget, '€')}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className={`fx-status fx-status--${post.status}`}>{capitalise(post.status)}</dd>
        </div>
      </dl>
      <div className="pv-categories">
        {categoryNames(post.category, names).map((n, i) => (
          <span key={i} className="chip">
            {n}
          </span>
        ))}
      </div>
      <p className="pv-content">{post.content || 'No description available'}</p>
      <div className="pv-images">
        {images.map((src, i) => (
          <SafeImage
            key={src + i}
            src={src}
            fallback={POST_PLACEHOLDER}
            alt={`${post.title || 'Post'} (${i + 1} of ${images.length})`}
            width={1200}
            height={900}
            sizes="(max-width: 900px) 100vw, 720px"
            eager={i === 0}
          />
        ))}
      </div>

      <section className="pv-offers" aria-label="Offers">
        <h2>Offers from businesses ({offers.length})</h2>
        {actionError && (
          <p className="field-error fx-error" role="alert">
            {actionError}
          </p>
        )}
        {offersQuery.isPending ? (
          <p className="muted">Loading...</p>
        ) : offersQuery.isError && offers.length === 0 ? (
          <LoadError message="Could not load the offers." onRetry={() => void offersQuery.refetch()} />
        ) : offers.length === 0 ? (
          <p className="empty-state">No offers available.</p>
        ) : (
          <ul className="pv-offer-list">
            {offers.map((offer) => {
              const dimmed = !!lockedBy && lockedBy._id !== offer._id;
              const busy = busyOffer === offer._id;
              return (
                <li
                  key={offer._id}
                  className={dimmed ? 'pv-offer pv-offer--dimmed' : 'pv-offer'}
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
                        {offer.business?.businessName || 'Unknown Business'}
                      </Link>
                      <span className="pv-offer-price">{money(offer.price, '€', 2)}</span>
                    </div>
                    <p className="pv-offer-message">{offer.message}</p>
                    {isOwner && (
                      <div className="form-actions fx-actions">
                        <button
                          type="button"
                          className="btn btn-secondary"
                          disabled={busy}
                          onClick={() => message(offer)}
                          data-testid="offer-message-button"
                        >
                          Message
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
                              Decline
                            </button>
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy || dimmed}
                              onClick={() => setStatus(offer, 'accepted')}
                              data-testid="offer-accept"
                            >
                              Accept
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
                              Cancel
                            </button>
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy}
                              onClick={() => setReviewFor(offer)}
                              data-testid="offer-finish"
                            >
                              Finish
                            </button>
                          </>
                        )}
                        {offer.status === 'finished' && (
                          <button type="button" className="btn btn-secondary" disabled data-testid="offer-finished">
                            Finished
                          </button>
                        )}
                        {offer.status === 'declined' && (
                          <button type="button" className="btn btn-secondary" disabled>
                            Declined
                          </button>
                        )}
                      </div>
                    )}
                    {!isOwner && (
                      <span className={`fx-status fx-status--${offer.status}`}>{capitalise(offer.status)}</span>
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
        title="Delete post"
        onClose={() => !deleting && setConfirmDelete(false)}
        testId="delete-post-dialog"
      >
        <p>Are you sure you want to delete this post? This cannot be undone.</p>
        <div className="form-actions fx-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setConfirmDelete(false)}
            disabled={deleting}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={deletePost}
            disabled={deleting}
            data-testid="post-delete-confirm"
          >
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </Modal>

      <ReviewDialog
        offer={reviewFor}
        postId={post._id}
        onClose={() => setReviewFor(null)}
        onDone={() => setReviewFor(null)}
      />
    </div>
  );
}

function ReviewDialog({
  offer,
  postId,
  onClose,
  onDone,
}: {
  offer: Offer | null;
  postId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const finishJob = useFinishJob();
  const sending = finishJob.isPending;

  // Another offer to review: start afresh.
  const [formFor, setFormFor] = useState(offer?._id);
  if (formFor !== offer?._id) {
    setFormFor(offer?._id);
    setRating(0);
    setReview('');
    setError(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!offer) return;
    if (rating < 1) {
      setError('Please provide a rating');
      return;
    }
    if (!review.trim()) {
      setError('Please write a review.');
      return;
    }
    setError(null);
    try {
      await finishJob.mutateAsync({ postId, businessId: offer.businessId, rating, review: review.trim() });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Failed to submit review. Please try again.'));
    }
  }

  return (
    <Modal open={!!offer} title="Leave a review" onClose={() => !sending && onClose()} testId="review-dialog">
      <form onSubmit={submit} className="pv-review-form">
        <p>How was your experience with {offer?.business?.businessName || 'this business'}?</p>
        <StarPicker
          value={rating}
          onChange={(v) => {
            setRating(v);
            setError(null);
          }}
        />
        <label className="field">
          <span className="field-label">Review</span>
          <textarea
            className="textarea"
            required
            rows={4}
            value={review}
            onChange={(e) => setReview(e.target.value)}
            data-testid="review-text"
          />
        </label>
        {error && (
          <p className="field-error fx-error" role="alert" data-testid="review-error">
            {error}
          </p>
        )}
        <div className="form-actions fx-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onClose}
            disabled={sending}
            data-testid="review-skip"
          >
            Skip
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={sending || rating < 1}
            data-testid="review-submit"
          >
            {sending ? 'Submitting...' : 'Submit review'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function capitalise(s: string) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
